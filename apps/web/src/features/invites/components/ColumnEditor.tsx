import { mediaUrl } from '@axoo/contract';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../../../api/upload.ts';
import { COLUMN_PRESIGN_PATH, type InviteColumn } from '../api/invites.ts';
import styles from './invites.module.css';

export interface ColumnDraft {
  content: string;
  width: 6 | 12;
}

/**
 * SPEC §4 Column editing (staff): rich text with images, the 6/12 width toggle, Save and Cancel.
 * The parent decides what Cancel means (a never-saved column is deleted).
 */
export function ColumnEditor({
  column,
  busy,
  onSave,
  onCancel,
}: {
  column: InviteColumn;
  busy: boolean;
  onSave: (draft: ColumnDraft) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('invites');
  const [width, setWidth] = useState<6 | 12>(column.width);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [StarterKit, Image],
    content: column.content,
    editorProps: { attributes: { class: styles.prose, 'aria-label': t('edit.editColumn') } },
  });

  const addImage = async (file: File) => {
    setUploading(true);
    try {
      const { filename } = await uploadImage(COLUMN_PRESIGN_PATH, file);
      editor
        ?.chain()
        .focus()
        .setImage({ src: mediaUrl(filename) })
        .run();
    } finally {
      setUploading(false);
    }
  };

  const tool = (label: string, active: boolean, run: () => void) => (
    <button type="button" className={`${styles.tool} ${active ? styles.toolOn : ''}`} onClick={run} aria-pressed={active}>
      {label}
    </button>
  );

  return (
    <div className={styles.columnEditor} data-testid="column-editor">
      <div className={styles.toolbar}>
        {tool('B', editor?.isActive('bold') ?? false, () => editor?.chain().focus().toggleBold().run())}
        {tool('I', editor?.isActive('italic') ?? false, () => editor?.chain().focus().toggleItalic().run())}
        {tool('H2', editor?.isActive('heading', { level: 2 }) ?? false, () => editor?.chain().focus().toggleHeading({ level: 2 }).run())}
        {tool('•', editor?.isActive('bulletList') ?? false, () => editor?.chain().focus().toggleBulletList().run())}
        <button type="button" className={styles.tool} onClick={() => fileInput.current?.click()} disabled={uploading}>
          {uploading ? t('edit.uploading') : t('edit.image')}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void addImage(file);
          }}
        />
        <span className={styles.widthToggle} role="group" aria-label={t('edit.width')}>
          {([6, 12] as const).map((w) => (
            <button
              key={w}
              type="button"
              className={`${styles.tool} ${width === w ? styles.toolOn : ''}`}
              aria-pressed={width === w}
              onClick={() => setWidth(w)}
            >
              {w === 6 ? t('edit.half') : t('edit.full')}
            </button>
          ))}
        </span>
      </div>
      <EditorContent editor={editor} className={styles.editorArea} />
      <div className={styles.editorActions}>
        <button type="button" className="btn secondary small" onClick={onCancel} disabled={busy}>
          {t('edit.cancel')}
        </button>
        <button type="button" className="btn small" disabled={busy || uploading} onClick={() => onSave({ content: editor?.getHTML() ?? '', width })}>
          {t('edit.save')}
        </button>
      </div>
    </div>
  );
}
