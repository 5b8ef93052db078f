import { AVATAR_WIDTH, mediaUrl } from '@axoo/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useFocusInvalid } from '../../../kit/focus-invalid.ts';
import { FieldError } from '../../../ui/FieldError.tsx';
import { fieldControl } from '../../../ui/FormField.tsx';
import { ConfirmDialog, Modal } from '../../../ui/Modal.tsx';
import { type BannerRecord, type ClientRecord, deleteRecord, saveRecord, useAdminMutation, useAdminTable } from '../api/admin.ts';
import styles from '../AdminPage.module.css';
import { ImageField } from '../components/ImageField.tsx';
import { LevelSelect } from '../components/LevelSelect.tsx';
import { PagedTable, SearchBox, useTableState } from '../components/PagedTable.tsx';

type Kind = 'banners' | 'partners';
type AnyRecord = BannerRecord & ClientRecord;
type Draft = Omit<AnyRecord, 'id'> & { id: number | null };

const resourceOf = (kind: Kind) => (kind === 'banners' ? 'banners' : 'clients');
const EMPTY: Draft = { id: null, url: '', image: '', alt: '', name: '', benefit: '', level: null };

/** The whole record the API takes for each kind (SPEC §3 Banner, Client). */
function bodyOf(kind: Kind, d: Draft): Omit<BannerRecord, 'id'> | Omit<ClientRecord, 'id'> {
  return kind === 'banners'
    ? { url: d.url, image: d.image, alt: d.alt, level: d.level }
    : { name: d.name, url: d.url, image: d.image, benefit: d.benefit, level: d.level };
}

/** Banners and partners (clients): a paged table with search, an editor, and a confirmation before deleting. */
export function RecordsSection({ kind }: { kind: Kind }) {
  const { t } = useTranslation('admin');
  const resource = resourceOf(kind);
  const { search, page, setSearch, setPage } = useTableState();
  const table = useAdminTable<AnyRecord>(resource, search, page);
  const [editing, setEditing] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<AnyRecord | null>(null);
  const save = useAdminMutation((d: Draft) => saveRecord<AnyRecord>(resource, d.id, bodyOf(kind, d)));
  const remove = useAdminMutation((id: number) => deleteRecord(resource, id));

  return (
    <section aria-labelledby={`admin-${kind}`}>
      <div className={styles.sectionHead}>
        <h2 id={`admin-${kind}`}>{t(`sections.${kind}`)}</h2>
        <button type="button" className="btn" onClick={() => setEditing({ ...EMPTY })}>
          {t(`${kind}.add`)}
        </button>
      </div>
      <SearchBox key={search} value={search} onSearch={setSearch} label={t(`${kind}.search`)} />
      <PagedTable
        testId={`${kind}-table`}
        count={table.data?.count}
        page={page}
        onPage={setPage}
        loading={table.isLoading}
        failed={table.isError}
        head={
          <tr>
            <th scope="col">{t(`${kind}.image`)}</th>
            {kind === 'partners' && <th scope="col">{t('partners.name')}</th>}
            <th scope="col">{kind === 'banners' ? t('banners.alt') : t('partners.benefit')}</th>
            <th scope="col">{t(`${kind}.url`)}</th>
            <th scope="col">{t('level.label')}</th>
            <th scope="col">{t('table.actions')}</th>
          </tr>
        }
        rows={table.data?.results.map((row) => (
          <tr key={row.id} data-id={row.id}>
            <td>
              <img className={styles.thumb} src={mediaUrl(row.image, AVATAR_WIDTH)} alt="" />
            </td>
            {kind === 'partners' && <td>{row.name}</td>}
            <td>{kind === 'banners' ? row.alt : row.benefit}</td>
            <td className={styles.url}>{row.url}</td>
            <td>
              <LevelSelect
                value={row.level}
                label={`${t('level.label')} ${row.name || row.alt || row.id}`}
                disabled={save.isPending}
                onChange={(level) => save.mutate({ ...EMPTY, ...row, level })}
              />
            </td>
            <td className={styles.rowActions}>
              <button type="button" className="btn small secondary" onClick={() => setEditing({ ...EMPTY, ...row })}>
                {t('common:actions.edit')}
              </button>
              <button type="button" className="btn small danger" onClick={() => setDeleting(row)}>
                {t('common:actions.delete')}
              </button>
            </td>
          </tr>
        ))}
      />
      {editing && <RecordEditor kind={kind} initial={editing} onClose={() => setEditing(null)} save={save.mutateAsync} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t(`${kind}.deleteTitle`)}
        message={t(`${kind}.deleteBody`, { name: deleting?.name })}
        cancelLabel={t('common:actions.close')}
        confirmLabel={t('common:actions.delete')}
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      />
    </section>
  );
}

function RecordEditor({ kind, initial, onClose, save }: { kind: Kind; initial: Draft; onClose: () => void; save: (d: Draft) => Promise<unknown> }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await save(draft);
      onClose();
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : { non_field_errors: [t('common:error.generic')] });
      focusInvalid();
    } finally {
      setBusy(false);
    }
  }

  const formId = `admin-${kind}-form`;
  return (
    <Modal
      open
      onClose={onClose}
      dismissable={false}
      size="medium"
      title={t(initial.id === null ? `${kind}.add` : `${kind}.edit`)}
      footer={
        <>
          <button type="button" className="btn secondary" onClick={onClose}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" form={formId} className="btn" disabled={busy}>
            {t('common:actions.save')}
          </button>
        </>
      }
    >
      <form ref={formRef} id={formId} onSubmit={submit} noValidate>
        {errors.non_field_errors && (
          <p className="form-error" role="alert">
            {errors.non_field_errors.join(' ')}
          </p>
        )}
        <ImageField label={t(`${kind}.image`)} value={draft.image} onChange={(image) => set({ image })} error={errors.image} />
        {kind === 'partners' && (
          <div className="field">
            <label htmlFor={`${formId}-name`}>{t('partners.name')}</label>
            <input {...fieldControl(`${formId}-name`, errors.name)} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
            <FieldError for={`${formId}-name`} messages={errors.name} />
          </div>
        )}
        <div className="field">
          <label htmlFor={`${formId}-url`}>{t(`${kind}.url`)}</label>
          <input
            {...fieldControl(`${formId}-url`, errors.url, `${formId}-url-hint`)}
            value={draft.url}
            onChange={(e) => set({ url: e.target.value })}
            placeholder="/gallery/all/"
          />
          <p id={`${formId}-url-hint`} className={styles.hint}>
            {t('banners.urlHint')}
          </p>
          <FieldError for={`${formId}-url`} messages={errors.url} />
        </div>
        {kind === 'banners' ? (
          <div className="field">
            <label htmlFor={`${formId}-alt`}>{t('banners.alt')}</label>
            <input {...fieldControl(`${formId}-alt`, errors.alt)} value={draft.alt} onChange={(e) => set({ alt: e.target.value })} />
            <FieldError for={`${formId}-alt`} messages={errors.alt} />
          </div>
        ) : (
          <div className="field">
            <label htmlFor={`${formId}-benefit`}>{t('partners.benefit')}</label>
            <input {...fieldControl(`${formId}-benefit`, errors.benefit)} value={draft.benefit} onChange={(e) => set({ benefit: e.target.value })} />
            <FieldError for={`${formId}-benefit`} messages={errors.benefit} />
          </div>
        )}
        <div className="field">
          <label htmlFor={`${formId}-level`}>{t('level.label')}</label>
          <LevelSelect id={`${formId}-level`} value={draft.level} onChange={(level) => set({ level })} error={errors.level} />
          <FieldError for={`${formId}-level`} messages={errors.level} />
        </div>
      </form>
    </Modal>
  );
}
