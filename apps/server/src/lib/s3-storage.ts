import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.js';
import type { Storage } from './storage.js';

/** The one method of S3Client the driver uses; tests pass a fake. */
export interface S3Like {
  send: S3Client['send'];
}

export interface S3StorageOptions {
  bucket: string;
  /** Prepended to every key, e.g. 'plansight/'; empty by default. */
  prefix?: string;
}

/** Same keys as the local disk driver; they are already slash-separated and relative. */
function objectKey(prefix: string, key: string): string {
  if (key.startsWith('/') || key.split('/').includes('..')) throw new Error(`unsafe storage key: ${key}`);
  return `${prefix}${key}`;
}

/** Storage on any S3-compatible service. Deleting a missing object succeeds, as on disk. */
export function createS3Storage(client: S3Like, opts: S3StorageOptions): Storage {
  const prefix = opts.prefix ?? '';
  return {
    put: async (key, body, contentType) => {
      await client.send(new PutObjectCommand({ Bucket: opts.bucket, Key: objectKey(prefix, key), Body: body, ContentType: contentType }));
    },
    // S3 stores an object only when its upload completes, so a stream failing halfway leaves nothing.
    putStream: async (key, body, contentType, sizeBytes) => {
      await client.send(new PutObjectCommand({ Bucket: opts.bucket, Key: objectKey(prefix, key), Body: body, ContentType: contentType, ContentLength: sizeBytes }));
    },
    get: async (key) => {
      const res = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: objectKey(prefix, key) }));
      if (!res.Body) throw new Error(`storage object has no body: ${key}`);
      return Buffer.from(await res.Body.transformToByteArray());
    },
    delete: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: objectKey(prefix, key) }));
    },
  };
}

/**
 * S3-compatible storage when S3_BUCKET is set; null otherwise, so the local disk driver is used.
 * Without S3_ACCESS_KEY_ID the SDK's default credential chain applies (instance roles, env, profiles).
 */
export function createS3StorageIfConfigured(config: Config, client?: S3Like): Storage | null {
  if (!config.S3_BUCKET) return null;
  const s3 =
    client ??
    new S3Client({
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  return createS3Storage(s3, { bucket: config.S3_BUCKET, prefix: config.S3_PREFIX });
}
