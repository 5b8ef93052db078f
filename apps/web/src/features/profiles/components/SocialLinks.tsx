import { useTranslation } from 'react-i18next';
import type { Profile } from '../api/profiles.ts';
import styles from '../Profile.module.css';
import { SOCIAL_KINDS, socialLabel, socialUrl } from '../social.ts';

/** SPEC §2 Profile: website and the seven networks, each a proper link built from the handle. */
export function SocialLinks({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profiles');
  const links = SOCIAL_KINDS.map((kind) => ({ kind, url: socialUrl(kind, profile[kind]), label: socialLabel(profile[kind]) })).filter(
    (l): l is { kind: (typeof SOCIAL_KINDS)[number]; url: string; label: string } => l.url !== null,
  );
  if (!links.length) return null;
  return (
    <ul className={styles.social} data-testid="social-links">
      {links.map((l) => (
        <li key={l.kind}>
          <span className={styles.socialKind}>{t(`social.${l.kind}`)}</span>
          <a href={l.url} target="_blank" rel="noopener noreferrer nofollow" data-social={l.kind}>
            {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
