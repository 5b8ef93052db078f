import { ARTIST_LEVELS } from '@axoo/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Profile, setArtistLevel } from '../api/profiles.ts';
import styles from '../Profile.module.css';

/** SPEC §4, §6: staff set the artist level 5-1; clicking the current level clears it to 0. */
export function LevelControl({ profile, onChanged }: { profile: Profile; onChanged: (p: Profile) => void }) {
  const { t } = useTranslation('profiles');
  const mutation = useMutation({ mutationFn: (level: number) => setArtistLevel(profile.id, level), onSuccess: onChanged });
  const levels = ARTIST_LEVELS.filter((l) => l > 0);
  return (
    <fieldset className={styles.levels} data-testid="level-control" data-level={profile.level}>
      <legend>{t('level.label')}</legend>
      {levels.map((level) => (
        <button
          key={level}
          type="button"
          aria-pressed={profile.level === level}
          aria-label={t('level.set', { level })}
          disabled={mutation.isPending}
          onClick={() => mutation.mutate(profile.level === level ? 0 : level)}
        >
          {level}
        </button>
      ))}
    </fieldset>
  );
}
