import * as Collapsible from '@radix-ui/react-collapsible';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../api/profiles.ts';
import styles from '../Profile.module.css';

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className={styles.infoCard} data-testid={`card-${id}`}>
      <Collapsible.Trigger className={styles.infoHead}>
        <span>{title}</span>
        <span aria-hidden="true" className={styles.chevron} data-open={open}>
          ⌃
        </span>
      </Collapsible.Trigger>
      <Collapsible.Content className={styles.infoBody}>{children}</Collapsible.Content>
    </Collapsible.Root>
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
