import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where uploaded originals, rendered PNGs and attachments live. Keys are relative, slash-separated. */
export interface Storage {
  put: (key: string, body: Uint8Array, contentType: string) => Promise<void>;
  /**
   * Streams `body` (`sizeBytes` long) to `key` without holding it in memory. All or nothing: when the
   * stream or the write fails halfway, nothing is left under `key`.
   */
  putStream: (key: string, body: Readable, contentType: string, sizeBytes: number) => Promise<void>;
  get: (key: string) => Promise<Buffer>;
  delete: (key: string) => Promise<void>;
}

function safeKey(key: string): string {
  const norm = path.posix.normalize(key);
  if (norm.startsWith('..') || path.isAbsolute(norm)) throw new Error(`unsafe storage key: ${key}`);
  return norm;
}

/** Local disk under `root` (DATA_DIR/files by default). */
export function createLocalStorage(root: string): Storage {
  const full = (key: string) => path.join(root, safeKey(key));
  return {
    put: async (key, body) => {
      await mkdir(path.dirname(full(key)), { recursive: true });
      await writeFile(full(key), body);
    },
    putStream: async (key, body) => {
      const dest = full(key);
      await mkdir(path.dirname(dest), { recursive: true });
      // Written beside the key and renamed when complete (atomic on one file system): a reader never sees
      // half a file, and a failed write leaves only the part file, which is removed here.
      const part = `${dest}.part-${randomUUID()}`;
      try {
        await pipeline(body, createWriteStream(part, { flags: 'wx' }));
        await rename(part, dest);
      } catch (e) {
        await rm(part, { force: true });
        throw e;
      }
    },
    get: (key) => readFile(full(key)),
    delete: async (key) => {
      await rm(full(key), { force: true });
      // Folders are made per key (projects/<id>/...); the last file out takes its empty folders along. The
      // top folder (projects/) stays, so a concurrent put into a sibling never loses its parent mid-mkdir.
      const top = path.join(root, safeKey(key).split('/')[0]!);
      for (let dir = path.dirname(full(key)); dir.startsWith(top + path.sep); dir = path.dirname(dir)) {
        try {
          await rmdir(dir);
        } catch {
          break; // not empty, or already gone
        }
      }
    },
  };
}
