import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { MEDIA_CACHE_CONTROL } from './cache.ts';
import type { PresignedPut, Storage } from './storage.ts';

/**
 * Any S3-compatible bucket (S3_ENDPOINT for non-AWS stores). The browser PUTs straight to the bucket with a
 * presigned URL that signs the Content-Type, the exact Content-Length and the public-read ACL (SPEC §7).
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  constructor(config: Config) {
    this.bucket = config.S3_BUCKET as string;
    this.client = new S3Client({
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      // Checksums only where S3 requires them: a streamed body is then sent with its length and no aws-chunked
      // trailer, which every S3-compatible store understands.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      forcePathStyle: config.S3_FORCE_PATH_STYLE ? config.S3_FORCE_PATH_STYLE === 'true' : Boolean(config.S3_ENDPOINT),
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }

  async presignPut(key: string, o: { contentType: string; size: number; expiresIn: number }): Promise<PresignedPut> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: o.contentType,
      ContentLength: o.size,
      ACL: 'public-read',
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: o.expiresIn,
      signableHeaders: new Set(['content-type', 'content-length', 'x-amz-acl']),
    });
    return { url, headers: { 'Content-Type': o.contentType, 'x-amz-acl': 'public-read' } };
  }

  async get(key: string): Promise<Buffer | null> {
    const out = await this.fetch(key);
    return out ? Buffer.from(await out.body.transformToByteArray()) : null;
  }

  async open(key: string): Promise<{ body: Readable; size: number } | null> {
    const out = await this.fetch(key);
    return out ? { body: out.body as unknown as Readable, size: out.size } : null;
  }

  /** GetObject, or null when the key does not exist. */
  private async fetch(key: string) {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.Body ? { body: out.Body, size: out.ContentLength ?? 0 } : null;
    } catch (error) {
      if (
        error instanceof NoSuchKey ||
        (error as { name?: string }).name === 'NoSuchKey' ||
        (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
      ) {
        return null;
      }
      throw error;
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ACL: 'public-read',
        // What a CDN serving the bucket itself would obey: the same bounded lifetime as the app's answers (issue #29).
        CacheControl: MEDIA_CACHE_CONTROL,
      }),
    );
  }

  async putPrivateFile(key: string, file: string, contentType: string): Promise<void> {
    const { size } = await stat(file);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
        ACL: 'private',
      }),
    );
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(): AsyncIterable<{ key: string; size: number }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
