import { type Hold, mediaUrl } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../takedowns.module.css';

type Match = Hold['matches'][number];

/** Under an image the server sent as a mature work's blurred copy: why, and where to see mature work as it is. */
function Blurred() {
  const { t } = useTranslation('takedowns');
  return (
    <p className={styles.blurredNote} data-testid="hold-blurred">
      {t('hold.blurred')} <Link to="/accounts/">{t('hold.blurredSetting')}</Link>
    </p>
  );
}

/** A held image and the original it is close to, side by side (stacked on a phone), with how close they are. */
export function ImagePair({ hold, match, mine = false }: { hold: Hold; match: Match; mine?: boolean }) {
  const { t } = useTranslation('takedowns');
  const original = mine ? t('hold.yours', { title: match.original.title }) : t('hold.original', { title: match.original.title, name: match.author.name });
  return (
    <div className={styles.pair} data-testid="image-pair">
      <figure>
        <img src={mediaUrl(match.image, 480)} alt={t('hold.theirs')} loading="lazy" />
        <figcaption>
          {t('hold.theirs')}: “{hold.artwork.title}” · {hold.artwork.author.name}
          {match.image_blurred && <Blurred />}
        </figcaption>
      </figure>
      <figure>
        <img src={mediaUrl(match.original_image, 480)} alt={original} loading="lazy" />
        <figcaption>
          {original} · {t('hold.distance', { dhash: match.distance.dhash, phash: match.distance.phash })}
          {match.original_blurred && <Blurred />}
        </figcaption>
      </figure>
    </div>
  );
}
