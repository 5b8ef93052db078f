import { IMAGE_MAX_BYTES } from '@axoo/contract';
import { api, readCookie } from './client.ts';

/** The presign answer (SPEC §7): where to PUT the bytes and the stored filename to keep. */
export interface Presigned {
  url: string;
  filename: string;
  /** Headers the PUT must carry (Content-Type; x-amz-acl: public-read on S3). */
  headers?: Record<string, string>;
  /** When present, POSTed after the PUT so the server checks the bytes. */
  complete_url?: string;
}

export interface Uploaded {
  filename: string;
  width: number | null;
  height: number | null;
}

/** SPEC §8: 'You can not upload images larger than 10MB.' — callers show their modal for this. */
export class FileTooLargeError extends Error {
  constructor() {
    super('file too large');
  }
}

export class UploadFailedError extends Error {
  constructor(readonly status: number) {
    super(`upload failed (${status})`);
  }
}

/** Natural size of an image file; a failed probe yields an empty size (SPEC §8). */
export async function probeImage(file: Blob): Promise<{ width: number | null; height: number | null }> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return { width: null, height: null };
  }
}

function put(url: string, file: Blob, headers: Record<string, string>, onProgress?: (fraction: number) => void, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    // Our own signed URLs are same-origin; they still get the CSRF header harmlessly.
    if (url.startsWith('/')) xhr.setRequestHeader('X-CSRFToken', readCookie('csrftoken') ?? '');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new UploadFailedError(xhr.status)));
    xhr.onerror = () => reject(new UploadFailedError(0));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}

/**
 * SPEC §4 Image upload: ask the server for a presigned URL (`presignPath` is the resource's presign
 * endpoint, e.g. `/api/v1/artworks/12/presign/`), send the file with progress, and return the stored
 * filename that replaces the field's blob: URL.
 */
export async function uploadImage(
  presignPath: string,
  file: Blob,
  options: { filename?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Uploaded> {
  if (file.size > IMAGE_MAX_BYTES) throw new FileTooLargeError();
  const { width, height } = await probeImage(file);
  const filename = options.filename ?? (file instanceof File ? file.name : 'image');
  const type = file.type || 'application/octet-stream';
  const presigned = await api<Presigned>(presignPath, { body: { filename, type, height, width, size: file.size } });
  await put(presigned.url, file, { 'Content-Type': type, ...presigned.headers }, options.onProgress, options.signal);
  if (presigned.complete_url) await api(presigned.complete_url, { body: { filename: presigned.filename } });
  options.onProgress?.(1);
  return { filename: presigned.filename, width, height };
}

/** SPEC §4: image fields are new uploads only when their value starts with a blob: URL. */
export const isNewUpload = (value: string | null | undefined) => Boolean(value?.startsWith('blob:'));
