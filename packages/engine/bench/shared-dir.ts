/**
 * Where the shared test plans live: `PLANSIGHT_SHARED` when set, else a `shared` folder beside the
 * repository (../shared from the repository root). Test data only; never copied into the repository.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export const SHARED_DIR = process.env.PLANSIGHT_SHARED ? resolve(process.env.PLANSIGHT_SHARED) : resolve(REPO_ROOT, '../shared');

/** A folder under the shared directory, or null when it is not there (the benches then skip it). */
export function sharedPath(sub: string): string | null {
  const p = join(SHARED_DIR, sub);
  return existsSync(p) ? p : null;
}
