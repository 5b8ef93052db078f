import { displayedSize, IMAGE_MAX_BYTES, mediaUrl } from '@axoo/contract';
import { type RefObject, useCallback, useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { FileTooLargeError, probeImage, uploadImage } from '../../../api/upload.ts';
import { presignPath } from '../api/upload.ts';
import type { EditorHandle } from '../Editor.tsx';

export interface StoredCover {
  cover: string;
  raw_cover: string;
  cropped_cover: string;
  width: number | null;
  height: number | null;
}

/**
 * SPEC §4 Image upload for the upload screen: images dropped into the editor (the record first, then presign,
 * PUT with progress, the blob: URL swapped for the stored one) and the cover (original and crop).
 */
export function useImageUpload(options: {
  ensureArtwork: () => Promise<number>;
  editor: RefObject<EditorHandle | null>;
  onTooLarge: () => void;
  onSessionLost: () => void;
  onContentImage: () => void;
  onCover: (cover: StoredCover) => void;
}) {
  const { ensureArtwork, editor, onTooLarge, onSessionLost, onContentImage, onCover } = options;
  const [progress, setProgress] = useState<number | null>(null);
  const [coverBusy, setCoverBusy] = useState(false);

  const onFiles = useCallback(
    async (files: File[]) => {
      for (const file of files) {
        let id: number;
        try {
          if (file.size > IMAGE_MAX_BYTES) throw new FileTooLargeError();
          id = await ensureArtwork();
        } catch (error) {
          if (error instanceof FileTooLargeError) onTooLarge();
          else onSessionLost();
          return;
        }
        const blobUrl = URL.createObjectURL(file);
        const { width } = await probeImage(file);
        editor.current?.insertImage(blobUrl, width, null);
        setProgress(0);
        try {
          const stored = await uploadImage(presignPath(id), file, { onProgress: setProgress });
          editor.current?.replaceImage(blobUrl, mediaUrl(stored.filename));
          onContentImage();
        } catch (error) {
          // SPEC §8: an image upload failure goes to the editor's failure callback, without a message.
          editor.current?.replaceImage(blobUrl, null);
          if (error instanceof FileTooLargeError) onTooLarge();
        } finally {
          URL.revokeObjectURL(blobUrl);
          setProgress(null);
        }
      }
    },
    [ensureArtwork, editor, onTooLarge, onSessionLost, onContentImage],
  );

  const uploadCover = async (raw: File, cropped: Blob) => {
    setCoverBusy(true);
    try {
      const id = await ensureArtwork();
      const [original, crop] = await Promise.all([uploadImage(presignPath(id), raw), uploadImage(presignPath(id), cropped, { filename: `cover-${raw.name}` })]);
      // SPEC §5/§9 large-image rule for the artwork's displayed dimensions.
      const size = original.width && original.height ? displayedSize(original.width, original.height) : { width: null, height: null };
      onCover({ cover: original.filename, raw_cover: original.filename, cropped_cover: crop.filename, ...size });
    } catch (error) {
      if (error instanceof FileTooLargeError) onTooLarge();
      else if (error instanceof ApiError && error.status === 403) onSessionLost();
    } finally {
      setCoverBusy(false);
    }
  };

  return { progress, coverBusy, onFiles, uploadCover };
}
