import { IMAGE_MAX_BYTES } from '@axoo/contract';
import { type ChangeEvent, useRef, useState } from 'react';
import { FileTooLargeError, isNewUpload, uploadImage } from '../../../api/upload.ts';
import { presignPath } from '../api/profiles.ts';
import { IMAGE_FIELDS, type ImageSlot, type ProfileValues } from '../profile-form.ts';

/** Why an image could not be used: too large, or its upload failed. */
export class ProfileImageError extends Error {
  constructor(
    readonly slot: ImageSlot,
    readonly reason: 'tooLarge' | 'failed',
  ) {
    super(reason);
  }
}

/**
 * SPEC §4 Profile edit images: a chosen file is cropped (avatar 1:1, banner 4:1) while the modal hides; new images
 * stay blob: URLs in the form until Save uploads each once (avatar and raw_avatar share the original file).
 */
export function useProfileImages(options: {
  onChosen: (slot: ImageSlot, urls: { original: string; cropped: string }) => void;
  onTooLarge: (slot: ImageSlot) => void;
}) {
  const [crop, setCrop] = useState<{ slot: ImageSlot; src: string } | null>(null);
  const blobs = useRef(new Map<string, Blob>());

  const chooseFile = (slot: ImageSlot) => (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) {
      options.onTooLarge(slot);
      return;
    }
    const src = URL.createObjectURL(file);
    blobs.current.set(src, file);
    setCrop({ slot, src });
  };

  const cropDone = (cropped: Blob) => {
    if (!crop) return;
    const croppedUrl = URL.createObjectURL(cropped);
    blobs.current.set(croppedUrl, cropped);
    options.onChosen(crop.slot, { original: crop.src, cropped: croppedUrl });
    setCrop(null);
  };

  /** A cancelled crop forgets its file unless the form already shows it. */
  const cropCancel = (inUse: (url: string) => boolean) => {
    if (crop && !inUse(crop.src)) {
      URL.revokeObjectURL(crop.src);
      blobs.current.delete(crop.src);
    }
    setCrop(null);
  };

  const forget = () => {
    for (const url of blobs.current.keys()) URL.revokeObjectURL(url);
    blobs.current.clear();
  };

  /** The values with each new image uploaded and replaced by its stored key. */
  const uploadNew = async (values: ProfileValues, userId: number): Promise<ProfileValues> => {
    const uploaded = new Map<string, string>();
    const body: ProfileValues = { ...values };
    for (const field of IMAGE_FIELDS) {
      const value = values[field];
      if (!isNewUpload(value)) continue;
      let key = uploaded.get(value);
      if (!key) {
        const blob = blobs.current.get(value);
        if (!blob) throw new Error('lost image');
        const slot: ImageSlot = field.includes('banner') ? 'banner' : 'avatar';
        try {
          key = (await uploadImage(presignPath(userId), blob, { filename: blob instanceof File ? blob.name : `${field}.jpg` })).filename;
        } catch (error) {
          throw new ProfileImageError(slot, error instanceof FileTooLargeError ? 'tooLarge' : 'failed');
        }
        uploaded.set(value, key);
      }
      body[field] = key;
    }
    return body;
  };

  return { crop, chooseFile, cropDone, cropCancel, forget, uploadNew };
}
