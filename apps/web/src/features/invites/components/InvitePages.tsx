import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/lazy-modal.tsx';
import {
  createColumn,
  createPage,
  deleteColumn,
  deletePage,
  type InviteColumn,
  type InviteDetail,
  type InvitePage,
  inviteKeys,
  updateColumn,
  updatePage,
} from '../api/invites.ts';
import type { ColumnDraft } from './ColumnEditor.tsx';
import styles from './invites.module.css';
import { lazyComponent } from '../../../lazy.ts';
import { Spinner } from '../../../ui/Spinner.tsx';

// The column editor (TipTap, about 100 KB) loads when an owner first edits a column, not with the call's page (issue #14).
const ColumnEditor = lazyComponent(() => import('./ColumnEditor.tsx').then((m) => ({ default: m.ColumnEditor })));

interface Editing {
  id: number;
  /** Created by "Add column" and never saved: cancelling deletes it (SPEC §4 Column editing). */
  fresh: boolean;
}

type Confirm = { kind: 'page'; id: number } | { kind: 'column'; id: number } | null;

/**
 * SPEC §2 Invites DETAIL: the pages with their columns of HTML on their background colours.
 * The owner and staff get an edit mode to add, edit and delete pages and columns inline (on from the start in step 2
 * of "Start an open call").
 */
export function InvitePages({ invite, canEdit, startEditing = false }: { invite: InviteDetail; canEdit: boolean; startEditing?: boolean }) {
  const { t } = useTranslation('invites');
  const client = useQueryClient();
  const [editMode, setEditMode] = useState(startEditing);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const refresh = () => client.invalidateQueries({ queryKey: inviteKeys.detail(invite.id) });

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const addPage = () => run(() => createPage({ invite: invite.id, order: Math.max(0, ...invite.pages.map((p) => p.order)) + 1 }));
  const addColumn = (page: InvitePage) =>
    run(async () => {
      const column = await createColumn({ page: page.id, width: 6, order: Math.max(0, ...page.columns.map((c) => c.order)) + 1 });
      setEditing({ id: column.id, fresh: true });
    });
  const save = (column: InviteColumn, draft: ColumnDraft) =>
    run(async () => {
      await updateColumn(column.id, draft);
      setEditing(null);
    });
  const cancel = () =>
    run(async () => {
      if (editing?.fresh) await deleteColumn(editing.id);
      setEditing(null);
    });
  const confirmDelete = () =>
    run(async () => {
      if (confirm?.kind === 'page') await deletePage(confirm.id);
      if (confirm?.kind === 'column') await deleteColumn(confirm.id);
      setConfirm(null);
    });

  const editingNow = canEdit && editMode;
  return (
    <div className={styles.pages} data-testid="invite-pages">
      {canEdit && (
        <div className={styles.editBar}>
          <button
            type="button"
            className="btn secondary small"
            onClick={() => {
              if (editMode && editing) void cancel();
              setEditMode(!editMode);
            }}
            aria-pressed={editMode}
          >
            {editMode ? t('edit.done') : t('edit.mode')}
          </button>
          {editMode && (
            <button type="button" className="btn small" onClick={addPage} disabled={busy}>
              {t('edit.addPage')}
            </button>
          )}
        </div>
      )}
      {invite.pages.map((page, index) => (
        <section
          key={page.id}
          className={styles.page}
          style={{ backgroundColor: page.background_color }}
          data-testid="invite-page"
          aria-label={t('edit.pageN', { n: index + 1 })}
        >
          {editingNow && (
            <div className={styles.pageTools}>
              <label className={styles.colorField}>
                {t('edit.pageColor')}
                <input
                  type="color"
                  defaultValue={page.background_color}
                  onBlur={(e) =>
                    e.target.value.toUpperCase() !== page.background_color.toUpperCase() &&
                    run(() => updatePage(page.id, { background_color: e.target.value.toUpperCase() }))
                  }
                />
              </label>
              <button type="button" className="btn secondary small" onClick={() => addColumn(page)} disabled={busy}>
                {t('edit.addColumn')}
              </button>
              <button type="button" className="btn secondary small" onClick={() => setConfirm({ kind: 'page', id: page.id })} disabled={busy}>
                {t('edit.deletePage')}
              </button>
            </div>
          )}
          <div className={styles.columns}>
            {page.columns.map((column) => (
              <div key={column.id} className={column.width === 12 ? styles.colFull : styles.colHalf} data-testid="invite-column" data-width={column.width}>
                {editingNow && editing?.id === column.id ? (
                  <Suspense fallback={<Spinner />}>
                    <ColumnEditor column={column} busy={busy} onSave={(d) => save(column, d)} onCancel={cancel} />
                  </Suspense>
                ) : (
                  <>
                    {column.content ? (
                      // Sanitized by the server on write (DESIGN: every stored HTML field).
                      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitized column HTML.
                      <div className={styles.prose} dangerouslySetInnerHTML={{ __html: column.content }} />
                    ) : (
                      editingNow && <p className={styles.emptyColumn}>{t('edit.emptyColumn')}</p>
                    )}
                    {editingNow && !editing && (
                      <div className={styles.columnTools}>
                        <button type="button" className="btn secondary small" onClick={() => setEditing({ id: column.id, fresh: false })}>
                          {t('edit.editColumn')}
                        </button>
                        <button type="button" className="btn secondary small" onClick={() => setConfirm({ kind: 'column', id: column.id })}>
                          {t('edit.deleteColumn')}
                        </button>
                      </div>
                    )}
                  </>
                )}
              </div>
            ))}
          </div>
        </section>
      ))}
      {confirm && (
        <ConfirmDialog
          open
          title={confirm.kind === 'page' ? t('edit.deletePage') : t('edit.deleteColumn')}
          message={confirm.kind === 'page' ? t('edit.deletePageConfirm') : t('edit.deleteColumnConfirm')}
          confirmLabel={t('common:actions.delete')}
          cancelLabel={t('common:actions.close')}
          onConfirm={confirmDelete}
          onCancel={() => setConfirm(null)}
          danger
          busy={busy}
        />
      )}
    </div>
  );
}
