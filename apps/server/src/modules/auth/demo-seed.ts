import type { AppContext } from '../../context.js';
import { hashPassword } from './auth.crypto.js';
import { findUserByEmail, insertUser } from './user.repository.js';

export const DEMO_ACCOUNT = { email: 'demo@plansight.local', password: 'plansight-demo', companyName: 'Demo Painting Co', phone: '061400000000' };

/** Creates the verified demo account when missing (embedded default) and prints how to log in. */
export async function seedDemoAccount(ctx: AppContext, log: (m: string) => void): Promise<void> {
  const existing = await findUserByEmail(ctx.db, DEMO_ACCOUNT.email);
  if (!existing) {
    await insertUser(ctx.db, {
      email: DEMO_ACCOUNT.email,
      passwordHash: await hashPassword(DEMO_ACCOUNT.password),
      companyName: DEMO_ACCOUNT.companyName,
      phone: DEMO_ACCOUNT.phone,
      emailVerifiedAt: new Date(),
    });
  }
  const note = existing ? ' (unless its password was changed since)' : '';
  log(`demo account: log in with e-mail ${DEMO_ACCOUNT.email} and password ${DEMO_ACCOUNT.password}${note}`);
}
