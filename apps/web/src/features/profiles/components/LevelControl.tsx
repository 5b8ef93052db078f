import { ARTIST_LEVELS } from '@axoo/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Profile, setArtistLevel } from '../api/profiles.ts';
import styles from '../Profile.module.css';

/** SPEC §4, §6: staff set the artist level 5-1; clicking the current level clears it to 0. */
export function LevelControl({ profile, onChanged }: { profile: Profile; onChanged: (p: Profile) => void }) {
  const { t } = useTranslation('profiles');
  // What a screen reader hears after a change (issue #21); nothing before the first one.
  const [said, setSaid] = useState('');
  const mutation = useMutation({
    mutationFn: (level: number) => setArtistLevel(profile.id, level),
    onSuccess: (saved) => {
      onChanged(saved);
      setSaid(saved.level ? t('level.set', { level: saved.level }) : t('level.none'));
    },
  });
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
          // Not disabled while saving: a disabled button would drop the keyboard focus (issue #21).
          aria-disabled={mutation.isPending || undefined}
          onClick={() => !mutation.isPending && mutation.mutate(profile.level === level ? 0 : level)}
        >
          {level}
        </button>
      ))}
      <span className="visually-hidden" role="status">
        {said}
      </span>
    </fieldset>
  );
}
