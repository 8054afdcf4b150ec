import { mkdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded originals, rendered PNGs and attachments live. Keys are relative, slash-separated. */
export interface Storage {
  put: (key: string, body: Uint8Array, contentType: string) => Promise<void>;
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
