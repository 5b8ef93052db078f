import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, type EditorState, type Transaction } from '@tiptap/pm/state';

/**
 * Issue #34 (4): reorders the content's images. The selected image changes places with the previous (`-1`) or next
 * (`1`) image of the document (their attributes are swapped, so the text between them stays), and the selection
 * follows it. Null when no image is selected or it is already first or last.
 */
export function moveSelectedImage(state: EditorState, delta: -1 | 1): Transaction | null {
  const sel = state.selection;
  if (!(sel instanceof NodeSelection) || sel.node.type.name !== 'image') return null;
  const images: { pos: number; node: PmNode }[] = [];
  state.doc.descendants((node, pos) => {
    if (node.type.name === 'image') images.push({ pos, node });
  });
  const index = images.findIndex((i) => i.pos === sel.from);
  const other = images[index + delta];
  if (index < 0 || !other) return null;
  const here = images[index];
  const tr = state.tr.setNodeMarkup(here.pos, undefined, other.node.attrs).setNodeMarkup(other.pos, undefined, here.node.attrs);
  return tr.setSelection(NodeSelection.create(tr.doc, other.pos));
}

/** Where the selected image stands among the content's images: whether it can move up or down. */
export function imagePlace(state: EditorState): { first: boolean; last: boolean } | null {
  const sel = state.selection;
  if (!(sel instanceof NodeSelection) || sel.node.type.name !== 'image') return null;
  let before = 0;
  let after = 0;
  state.doc.descendants((node, pos) => {
    if (node.type.name !== 'image') return;
    if (pos < sel.from) before++;
    else if (pos > sel.from) after++;
  });
  return { first: before === 0, last: after === 0 };
}
