import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Spinner } from '../../ui/Spinner.tsx';
import { type Hold, holdQuery } from './api/takedowns.ts';
import { AnswerForm, ExplainForm } from './components/HoldActions.tsx';
import { ImagePair } from './components/ImagePair.tsx';
import styles from './takedowns.module.css';

function HoldView({ hold }: { hold: Hold }) {
  const { t } = useTranslation('takedowns');
  const v = { title: hold.artwork.title, name: hold.artwork.author.name };
  const lead = hold.role === 'uploader' ? t('hold.uploaderLead', v) : hold.role === 'original' ? t('hold.originalLead', v) : t('hold.staffLead', v);
  const answered = hold.role === 'original' ? hold.matches.find((m) => m.answer)?.answer : null;
  return (
    <>
      <p className={styles.lead}>{lead}</p>
      {hold.matches.map((m) => (
        <ImagePair key={`${m.original.id}`} hold={hold} match={m} mine={hold.role === 'original'} />
      ))}
      {answered && (
        <p className="form-success" role="status" data-testid="hold-answered">
          {t(`hold.answered.${answered}`)}
        </p>
      )}
      {hold.status === 'held' && hold.role === 'uploader' && <ExplainForm hold={hold} />}
      {hold.status === 'held' && hold.role === 'original' && !answered && <AnswerForm hold={hold} />}
    </>
  );
}

/** `/holds/{artworkId}/` (issue #31): a work held as a possible repost, as its uploader, a matched artist or staff reads it. */
export default function HoldPage() {
  const { t } = useTranslation('takedowns');
  const artworkId = Number(useParams().artworkId);
  const hold = useQuery(holdQuery(artworkId));
  const status = hold.data?.status;
  return (
    <div className={styles.page} data-testid="hold-page" data-status={status}>
      <h1>{status === 'released' ? t('hold.titleReleased') : status === 'removed' ? t('hold.titleRemoved') : t('hold.title')}</h1>
      {hold.isPending ? (
        <Spinner />
      ) : hold.isError ? (
        <p className="form-error" role="alert">
          {hold.error.message}
        </p>
      ) : (
        <HoldView hold={hold.data} />
      )}
    </div>
  );
}
