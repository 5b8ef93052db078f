import { withContentRenditions } from '@axoo/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { withImageAlts } from '../../ui/format.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { loadReview } from './api/review-links.ts';
import styles from './Upload.module.css';

/**
 * Issue #34 (3): `/review/{token}/`, a project shown read-only through a review link (a draft or private one too).
 * An expired or revoked link says so (the server answered the page 410); nothing here is shared or indexed.
 */
export default function ReviewPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('upload');
  const query = useQuery({ queryKey: ['review', token], queryFn: () => loadReview(token), retry: false });
  if (query.isPending) return <Spinner />;
  if (query.error || !query.data) {
    const gone = query.error instanceof ApiError && query.error.status === 410;
    return (
      <div className="page narrow">
        <h1>{t('review.pageTitle')}</h1>
        <p className="empty" role="alert" data-testid="review-gone">
          {gone ? t('review.gone') : t('review.missing')}
        </p>
      </div>
    );
  }
  const artwork = query.data;
  const content = withContentRenditions(
    withImageAlts(artwork.content ?? '', (n) => t('review.imageAlt', { n, title: artwork.title })),
    artwork.max_public_width,
  );
  return (
    <article className="page" data-testid="review-page">
      <p className={styles.hint}>{t('review.banner')}</p>
      <h1>{artwork.title}</h1>
      {artwork.author && <p>{artwork.author.name}</p>}
      <div style={{ backgroundColor: artwork.background_color }}>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised artwork HTML */}
        <div dangerouslySetInnerHTML={{ __html: content }} />
      </div>
    </article>
  );
}
