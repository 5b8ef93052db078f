import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { lazyComponent } from '../../../lazy.ts';
import { useCurrentUser } from '../../../site.ts';
import type { ContactTarget } from '../../../kit/slots.tsx';
import styles from './ContactButton.module.css';

const ContactDialog = lazyComponent(() => import('./ContactForm.tsx'));

/**
 * Issue #20: "Contact" on profiles and in the overlay. A guest goes to login and comes back to this page; the
 * artist themself sees nothing. Nobody's address is involved: the message goes to the artist's inbox.
 */
export function ContactButton({ artist, artwork }: ContactTarget) {
  const { t } = useTranslation('inbox');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  if (user?.id === artist.id) return null;
  const start = () => {
    if (!user) navigate(`/login/?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`);
    else setOpen(true);
  };
  return (
    <>
      <button type="button" className={`btn small ${styles.contact}`} onClick={start} data-testid="contact-button">
        {t('contact.button')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ContactDialog artist={artist} artwork={artwork} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
