import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contactMessages, issueReportFiles, issueReports } from '../../db/schema/support.js';
import { users } from '../../db/schema/users.js';

export async function insertContactMessage(db: Db, v: typeof contactMessages.$inferInsert) {
  await db.insert(contactMessages).values(v);
}

export async function findReporter(db: Db, userId: string) {
  const [row] = await db.select({ email: users.email, companyName: users.companyName }).from(users).where(eq(users.id, userId));
  return row;
}

/** The report and its file rows in one transaction, so a report never lists files it does not have. */
export async function insertReport(
  db: Db,
  report: typeof issueReports.$inferInsert,
  files: Omit<typeof issueReportFiles.$inferInsert, 'reportId'>[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(issueReports).values(report);
    if (files.length) await tx.insert(issueReportFiles).values(files.map((f) => ({ ...f, reportId: report.id })));
  });
}
