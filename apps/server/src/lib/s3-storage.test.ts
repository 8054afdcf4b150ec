import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createS3Storage, createS3StorageIfConfigured, type S3Like } from './s3-storage.js';

/** An in-memory bucket that answers the three commands the driver sends; records every call. */
function fakeS3() {
  const objects = new Map<string, { body: Uint8Array; contentType?: string }>();
  const calls: { name: string; input: Record<string, unknown> }[] = [];
  const send = async (cmd: unknown) => {
    const input = (cmd as { input: Record<string, unknown> }).input;
    calls.push({ name: (cmd as object).constructor.name, input });
    const id = `${String(input.Bucket)}/${String(input.Key)}`;
    if (cmd instanceof PutObjectCommand) {
      objects.set(id, { body: new Uint8Array(input.Body as Uint8Array), contentType: input.ContentType as string });
      return {};
    }
    if (cmd instanceof GetObjectCommand) {
      const o = objects.get(id);
      if (!o) throw Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey' });
      return { Body: { transformToByteArray: async () => o.body } };
    }
    if (cmd instanceof DeleteObjectCommand) {
      objects.delete(id);
      return {};
    }
    throw new Error('unexpected command');
  };
  return { client: { send } as unknown as S3Like, objects, calls };
}

describe('S3 storage driver', () => {
  it('puts, gets and deletes objects under the bucket and prefix with the content type', async () => {
    const s3 = fakeS3();
    const storage = createS3Storage(s3.client, { bucket: 'plans', prefix: 'ps/' });
    await storage.put('projects/a/original.pdf', Buffer.from('%PDF-1.7 hello'), 'application/pdf');
    expect(s3.objects.get('plans/ps/projects/a/original.pdf')?.contentType).toBe('application/pdf');
    expect((await storage.get('projects/a/original.pdf')).toString()).toBe('%PDF-1.7 hello');
    await storage.delete('projects/a/original.pdf');
    expect(s3.objects.size).toBe(0);
    await expect(storage.get('projects/a/original.pdf')).rejects.toThrow(/does not exist/);
    expect(s3.calls.map((c) => c.name)).toEqual(['PutObjectCommand', 'GetObjectCommand', 'DeleteObjectCommand', 'GetObjectCommand']);
  });

  it('refuses keys that climb out of the prefix', async () => {
    const storage = createS3Storage(fakeS3().client, { bucket: 'plans' });
    await expect(storage.put('../other/x', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
    await expect(storage.get('/abs')).rejects.toThrow(/unsafe/);
  });

  it('is chosen only when S3_BUCKET is configured', async () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/plansight-s3-test' } as const;
    expect(createS3StorageIfConfigured(loadConfig({ ...base }))).toBeNull();
    const s3 = fakeS3();
    const storage = createS3StorageIfConfigured(loadConfig({ ...base, S3_BUCKET: 'b', S3_PREFIX: 'env/' }), s3.client);
    await storage!.put('k.png', Buffer.from('png'), 'image/png');
    expect([...s3.objects.keys()]).toEqual(['b/env/k.png']);
    // A real client is built from config without touching the network.
    expect(createS3StorageIfConfigured(loadConfig({ ...base, S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000' }))).not.toBeNull();
  });
});
