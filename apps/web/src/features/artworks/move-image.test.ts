import { Editor } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { NodeSelection } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { imagePlace, moveSelectedImage } from './move-image.ts';

/** Issue #34 (4): the editor's image reordering, on the editor's own schema. */
let editor: Editor | null = null;
afterEach(() => editor?.destroy());

const make = (html: string) => {
  editor = new Editor({ extensions: [StarterKit, Image.configure({ inline: false })], content: html });
  return editor;
};
const imagePositions = (e: Editor) => {
  const found: number[] = [];
  e.state.doc.descendants((node, pos) => {
    if (node.type.name === 'image') found.push(pos);
  });
  return found;
};
const select = (e: Editor, index: number) => e.view.dispatch(e.state.tr.setSelection(NodeSelection.create(e.state.doc, imagePositions(e)[index])));
const srcs = (e: Editor) => [...e.getHTML().matchAll(/src="([^"]+)"/g)].map((m) => m[1]);

describe('moveSelectedImage', () => {
  it('swaps the selected image with the next or previous one, keeps the text between, and keeps it selected', () => {
    const e = make('<img src="/media/a.png" alt="A"><p>Between</p><img src="/media/b.png" alt="B"><img src="/media/c.png" alt="C">');
    select(e, 0);
    expect(imagePlace(e.state)).toEqual({ first: true, last: false });
    expect(moveSelectedImage(e.state, -1)).toBeNull();
    e.view.dispatch(moveSelectedImage(e.state, 1) as NonNullable<ReturnType<typeof moveSelectedImage>>);
    expect(srcs(e)).toEqual(['/media/b.png', '/media/a.png', '/media/c.png']);
    expect(e.getHTML()).toContain('<p>Between</p>');
    // The alt text moves with its image, and the moved image stays selected.
    expect(e.getHTML()).toMatch(/src="\/media\/a.png" alt="A"/);
    expect((e.state.selection as NodeSelection).node.attrs.src).toBe('/media/a.png');
    e.view.dispatch(moveSelectedImage(e.state, 1) as NonNullable<ReturnType<typeof moveSelectedImage>>);
    expect(srcs(e)).toEqual(['/media/b.png', '/media/c.png', '/media/a.png']);
    expect(imagePlace(e.state)).toEqual({ first: false, last: true });
    expect(moveSelectedImage(e.state, 1)).toBeNull();
  });

  it('does nothing without a selected image', () => {
    const e = make('<p>Text</p><img src="/media/a.png">');
    expect(imagePlace(e.state)).toBeNull();
    expect(moveSelectedImage(e.state, 1)).toBeNull();
  });
});
