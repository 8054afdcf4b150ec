import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { deleteProject, insertProjectCopy, renameProject } from './project-copy.repository.js';
import { findOwnProject, type ProjectRow } from './projects.repository.js';

/** Longest project name (the upload cuts names the same way). */
export const PROJECT_NAME_MAX = 200;
const COPY_SUFFIX = ' (copy)';

export async function renameOwnProject(ctx: AppContext, userId: string, id: string, name: string): Promise<ProjectRow> {
  const row = await renameProject(ctx.db, userId, id, name.slice(0, PROJECT_NAME_MAX));
  if (!row) throw notFound('Project not found');
  return row;
}

/**
 * Duplicates the owner's project without a new upload and without spending a plan: the same page of the same
 * PDF, measured the same way, with the user's room edits and estimate, ready to be re-measured at another
 * ceiling height or scale. The copy holds no plan ('free'), so a failure of ours on it gives nothing back.
 * The stored files are copied, not shared, so deleting either project never takes the other's files.
 */
export async function duplicateOwnProject(ctx: AppContext, userId: string, id: string): Promise<ProjectRow> {
  const src = await findOwnProject(ctx.db, userId, id);
  if (!src) throw notFound('Project not found');
  const copyId = randomUUID();
  const pdfKey = `projects/${copyId}/original.pdf`;
  const pngKey = src.pngKey ? `projects/${copyId}/page-${src.pageNo}.png` : null;
  try {
    await ctx.storage.put(pdfKey, await ctx.storage.get(src.pdfKey), 'application/pdf');
    if (src.pngKey && pngKey) await ctx.storage.put(pngKey, await ctx.storage.get(src.pngKey), 'image/png');
    const name = `${src.name.slice(0, PROJECT_NAME_MAX - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
    return await insertProjectCopy(ctx.db, src.id, {
      ...src, id: copyId, name, pdfKey, pngKey, hasResult: false, planState: 'free', createdAt: new Date(), updatedAt: new Date(),
    });
  } catch (e) {
    await Promise.allSettled([ctx.storage.delete(pdfKey), ...(pngKey ? [ctx.storage.delete(pngKey)] : [])]);
    throw e;
  }
}

/**
 * Deletes the owner's project and then its stored files. The plan it spent is not given back: it was used.
 * A file that cannot be removed is logged, never a reason to keep the project.
 */
export async function deleteOwnProject(ctx: AppContext, userId: string, id: string, log: { warn: (o: object, m: string) => void }): Promise<void> {
  const row = await deleteProject(ctx.db, userId, id);
  if (!row) throw notFound('Project not found');
  const keys = [row.pdfKey, ...(row.pngKey ? [row.pngKey] : [])];
  const results = await Promise.allSettled(keys.map((k) => ctx.storage.delete(k)));
  results.forEach((r, i) => { if (r.status === 'rejected') log.warn({ err: r.reason, key: keys[i] }, 'could not delete a deleted project\'s file'); });
}
