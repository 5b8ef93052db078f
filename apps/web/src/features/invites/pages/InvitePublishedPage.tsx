import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Spinner } from '../../../ui/Spinner.tsx';
import { artworkQuery, authorArtworksQuery } from '../../../kit/api/artworks.ts';
import { ArtworkGrid } from '../../../kit/components/ArtworkGrid.tsx';
import styles from '../components/invites.module.css';

/** SPEC §2 application flow step 2: 'Published', a Next button and the author's other projects. */
export default function InvitePublishedPage() {
  const { t } = useTranslation('invites');
  const { inviteId, artworkId } = useParams();
  const artwork = useQuery(artworkQuery(Number(artworkId)));
  const authorId = artwork.data?.author?.id;
  const others = useQuery(authorArtworksQuery(authorId, 'published-page', 9));
  const rest = (others.data?.results ?? []).filter((a) => a.id !== Number(artworkId)).slice(0, 8);
  return (
    <section className="page">
      <div className={styles.step}>
        <h1 className={styles.stepTitle}>{t('published.title')}</h1>
        {artwork.data && <p className={styles.stepProject}>{artwork.data.title}</p>}
        <p>{t('published.text')}</p>
        <Link to={`/goodluck/${inviteId}/application/${artworkId}/`} className="btn" data-testid="next">
          {t('published.next')}
        </Link>
      </div>
      {artwork.isPending ? (
        <Spinner />
      ) : (
        rest.length > 0 && (
          <div className={styles.others}>
            <h2>{t('published.others', { name: artwork.data?.author?.name ?? '' })}</h2>
            <ArtworkGrid artworks={rest} />
          </div>
        )
      )}
    </section>
  );
}
