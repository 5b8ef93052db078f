import Image, { type ImageOptions } from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { NodeSelection, Plugin } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { rove, roving } from '../../ui/roving.ts';
import { imageWidthStyle } from './image-width.ts';
import { imagePlace, moveSelectedImage } from './move-image.ts';
import styles from './Upload.module.css';

/**
 * The image node with the attributes the server keeps: size, alt text and the SPEC §9 width style. In the
 * editor only, an image without alt text yet is named "Image n, no alt text yet" (a decoration: the saved HTML
 * keeps no alt, so the reminder at publishing and the artwork page's fallback still see it missing).
 */
const ContentImage = Image.extend<ImageOptions & { missingAlt: (n: number) => string }>({
  addOptions() {
    return { ...(this.parent?.() as ImageOptions), missingAlt: (n: number) => String(n) };
  },
  addProseMirrorPlugins() {
    const { missingAlt } = this.options;
    const name = this.name;
    return [
      new Plugin({
        props: {
          decorations: (state) => {
            const named: Decoration[] = [];
            let n = 0;
            state.doc.descendants((node, pos) => {
              if (node.type.name !== name) return;
              n += 1;
              if (!node.attrs.alt) named.push(Decoration.node(pos, pos + node.nodeSize, { alt: missingAlt(n) }));
            });
            return DecorationSet.create(state.doc, named);
          },
        },
      }),
    ];
  },
  addAttributes() {
    return {
      ...this.parent?.(),
      width: { default: null },
      height: { default: null },
      style: {
        default: null,
        parseHTML: (el) => el.getAttribute('style'),
        renderHTML: (attrs) => (attrs.style ? { style: attrs.style } : {}),
      },
    };
  },
});

export interface EditorHandle {
  /** Puts an image (blob: URL while uploading) at the cursor. */
  insertImage(src: string, width: number | null, height: number | null): void;
  /** Swaps an uploading image's blob: URL for its stored address; removes it when `src` is null (upload failed). */
  replaceImage(blobUrl: string, src: string | null): void;
  getHTML(): string;
}

interface Props {
  initialHtml: string;
  /** Bumped when the page loads another artwork, so the editor takes its content. */
  revision: number;
  onChange: (html: string) => void;
  onFiles: (files: File[]) => void;
  onReady: (handle: EditorHandle) => void;
  progress: number | null;
  background: string;
}

const TOOLBAR_BUTTONS = ':scope > button:not(:disabled)';

/** SPEC §2 Upload rich-text editor (TipTap, 514 px high): images by button, paste and drop, each with alt text. */
export default function Editor({ initialHtml, revision, onChange, onFiles, onReady, progress, background }: Props) {
  const { t } = useTranslation('upload');
  const fileInput = useRef<HTMLInputElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  // The toolbar starts as one Tab stop, on its first button.
  useEffect(() => {
    const bar = toolbar.current;
    if (bar) rove(bar, TOOLBAR_BUTTONS, bar.querySelector(TOOLBAR_BUTTONS));
  }, []);
  const onFilesRef = useRef(onFiles);
  onFilesRef.current = onFiles;
  const imagesOf = (list: FileList | null | undefined) => Array.from(list ?? []).filter((f) => f.type.startsWith('image/'));

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: true } }),
      ContentImage.configure({ inline: false, missingAlt: (n) => t('editor.missingAlt', { n }) }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: { class: styles.prose, 'aria-label': t('editor.label'), 'data-testid': 'editor' },
      handlePaste: (_view, event) => {
        const files = imagesOf(event.clipboardData?.files);
        if (!files.length) return false;
        onFilesRef.current(files);
        return true;
      },
      handleDrop: (_view, event) => {
        const files = imagesOf((event as DragEvent).dataTransfer?.files);
        if (!files.length) return false;
        event.preventDefault();
        onFilesRef.current(files);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new artwork (revision) replaces the content.
  useEffect(() => {
    // A destroyed instance (the one a re-created editor replaced) has no commands left: it threw and took the page down.
    if (editor && !editor.isDestroyed && revision > 0) editor.commands.setContent(initialHtml, { emitUpdate: false });
  }, [editor, revision]);

  useEffect(() => {
    if (!editor) return;
    onReady({
      insertImage(src, width, height) {
        // Issue #29: the image and an empty paragraph after it, the caret in that paragraph. An image left selected
        // was replaced by the next key the artist typed (a caption under the image took the image's place). The
        // image's alt text stays reachable by selecting it; an empty paragraph the caret sits in is replaced by the
        // next image, so a run of images leaves no blank lines between them.
        editor
          .chain()
          .focus()
          .insertContent([{ type: 'image', attrs: { src, alt: '', width, height, style: imageWidthStyle(width) } }, { type: 'paragraph' }])
          .run();
      },
      replaceImage(blobUrl, src) {
        const { state } = editor;
        const tr = state.tr;
        state.doc.descendants((node, pos) => {
          if (node.type.name !== 'image' || node.attrs.src !== blobUrl) return;
          if (src) tr.setNodeMarkup(pos, undefined, { ...node.attrs, src });
          else tr.delete(pos, pos + node.nodeSize);
        });
        editor.view.dispatch(tr);
        onChange(editor.getHTML());
      },
      // A handle can outlive its editor for a render (remounts): a destroyed one has no document.
      getHTML: () => (editor.isDestroyed ? '' : editor.getHTML()),
    });
  }, [editor, onReady, onChange]);

  const selection = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const sel = e?.state.selection;
      const node = sel instanceof NodeSelection && sel.node.type.name === 'image' ? sel.node : null;
      return {
        alt: node ? String(node.attrs.alt ?? '') : null,
        place: e ? imagePlace(e.state) : null,
        bold: e?.isActive('bold') ?? false,
        italic: e?.isActive('italic') ?? false,
        heading: e?.isActive('heading', { level: 2 }) ?? false,
        list: e?.isActive('bulletList') ?? false,
        quote: e?.isActive('blockquote') ?? false,
      };
    },
  });

  const move = (delta: -1 | 1) => {
    if (!editor) return;
    const tr = moveSelectedImage(editor.state, delta);
    if (tr) editor.view.dispatch(tr);
  };

  const setLink = () => {
    if (!editor) return;
    const url = window.prompt(t('editor.linkPrompt'), editor.getAttributes('link').href ?? 'https://');
    if (url === null) return;
    if (!url || url === 'https://') editor.chain().focus().unsetLink().run();
    else editor.chain().focus().setLink({ href: url }).run();
  };

  return (
    <div className={styles.editor}>
      {/* WAI-ARIA toolbar (issue #21): one Tab stop, Left/Right/Home/End between its buttons; the alt text field keeps its own keys. */}
      <div ref={toolbar} className={styles.toolbar} role="toolbar" aria-label={t('editor.toolbar')} {...roving(TOOLBAR_BUTTONS)}>
        <button type="button" className="btn" onClick={() => fileInput.current?.click()} data-testid="add-image">
          {t('editor.addImage')}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          multiple
          hidden
          data-testid="editor-file"
          onChange={(e) => {
            const files = imagesOf(e.target.files);
            e.target.value = '';
            if (files.length) onFiles(files);
          }}
        />
        <span className={styles.sep} />
        <button type="button" aria-pressed={selection?.bold} onClick={() => editor?.chain().focus().toggleBold().run()}>
          <b>{t('editor.bold')}</b>
        </button>
        <button type="button" aria-pressed={selection?.italic} onClick={() => editor?.chain().focus().toggleItalic().run()}>
          <i>{t('editor.italic')}</i>
        </button>
        <button type="button" aria-pressed={selection?.heading} onClick={() => editor?.chain().focus().toggleHeading({ level: 2 }).run()}>
          {t('editor.heading')}
        </button>
        <button type="button" aria-pressed={selection?.list} onClick={() => editor?.chain().focus().toggleBulletList().run()}>
          {t('editor.bulletList')}
        </button>
        <button type="button" aria-pressed={selection?.quote} onClick={() => editor?.chain().focus().toggleBlockquote().run()}>
          {t('editor.quote')}
        </button>
        <button type="button" onClick={setLink}>
          {t('editor.link')}
        </button>
        {selection?.place && (
          <>
            <button type="button" disabled={selection.place.first} onClick={() => move(-1)} data-testid="image-up">
              {t('editor.moveUp')}
            </button>
            <button type="button" disabled={selection.place.last} onClick={() => move(1)} data-testid="image-down">
              {t('editor.moveDown')}
            </button>
          </>
        )}
        {selection?.alt !== null && selection?.alt !== undefined && (
          <label className={styles.alt}>
            <span>{t('editor.alt')}</span>
            <input
              value={selection.alt}
              placeholder={t('editor.altPlaceholder')}
              data-testid="alt-input"
              onChange={(e) => editor?.chain().updateAttributes('image', { alt: e.target.value }).setNodeSelection(editor.state.selection.from).run()}
            />
          </label>
        )}
      </div>
      {progress !== null && (
        <div
          className={styles.progress}
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          aria-label={t('editor.uploadingLabel')}
          data-testid="upload-progress"
        >
          <div className={styles.progressBar} style={{ width: `${Math.round(progress * 100)}%` }} />
          <span>{t('editor.uploading', { percent: Math.round(progress * 100) })}</span>
        </div>
      )}
      <div className={styles.editorBody} style={{ background }}>
        {editor?.isEmpty && <p className={styles.placeholder}>{t('editor.placeholder')}</p>}
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
