import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../api/profiles.ts';
import styles from '../Profile.module.css';

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const body = useId();
  // A disclosure button (no library: the profile's first load carries no Radix, issue #29.7).
  return (
    <div className={styles.infoCard} data-state={open ? 'open' : 'closed'} data-testid={`card-${id}`}>
      <button type="button" className={styles.infoHead} aria-expanded={open} aria-controls={body} onClick={() => setOpen(!open)}>
        <span>{title}</span>
        <span aria-hidden="true" className={styles.chevron} data-open={open}>
          ⌃
        </span>
      </button>
      <div id={body} className={styles.infoBody} hidden={!open}>
        {open && children}
      </div>
    </div>
  );
}

/** SPEC §2 Profile: collapsible Biography, About, Work with me (issue #20: note and rates) and Mail & Contact cards (plain text, line breaks kept). */
export function ProfileCards({ profile, isOwner }: { profile: Profile; isOwner: boolean }) {
  const { t } = useTranslation('profiles');
  const email = profile.email ?? '';
  const phone = profile.phone ?? '';
  const showContact = Boolean(email || phone);
  return (
    <div className={styles.cards}>
      {(profile.biography || isOwner) && (
        <Card id="biography" title={t('cards.biography')}>
          <p className={styles.text}>{profile.biography || t('cards.nothing')}</p>
        </Card>
      )}
      {(profile.about || isOwner) && (
        <Card id="about" title={t('cards.about')}>
          <p className={styles.text}>{profile.about || t('cards.nothing')}</p>
        </Card>
      )}
      {(profile.hire_note || profile.hire_rates) && (
        <Card id="hire" title={t('cards.hire')}>
          {profile.hire_note && <p className={styles.text}>{profile.hire_note}</p>}
          {profile.hire_rates && (
            <dl className={styles.contact}>
              <dt>{t('cards.rates')}</dt>
              <dd className={styles.text}>{profile.hire_rates}</dd>
            </dl>
          )}
        </Card>
      )}
      {showContact && (
        <Card id="contact" title={t('cards.contact')}>
          <dl className={styles.contact}>
            {email && (
              <>
                <dt>{t('cards.email')}</dt>
                <dd>
                  <a href={`mailto:${email}`}>{email}</a>
                </dd>
              </>
            )}
            {phone && (
              <>
                <dt>{t('cards.phone')}</dt>
                <dd>
                  <a href={`tel:${phone.replace(/[^0-9+]/g, '')}`}>{phone}</a>
                </dd>
              </>
            )}
          </dl>
          {isOwner && !profile.show_contact && <p className={styles.muted}>{t('cards.contactHidden')}</p>}
        </Card>
      )}
    </div>
  );
}
