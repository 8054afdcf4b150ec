import type { LoginResponse, RegisterRequest, ResetPasswordRequest, User } from '@plansight/contracts';
import { AUTH_ERROR_CODES } from '@plansight/contracts';
import type { AppContext } from '../../context.js';
import type { Mail } from '../../lib/mailer.js';
import { AppError, unauthorized } from '../../errors.js';
import { dummyPasswordHash, hashPassword, newEmailToken, sha256, verifyPassword } from './auth.crypto.js';
import { alreadyRegisteredMail, resetMail, verificationMail } from './auth.mail.js';
import { clearLoginFailures, takeLoginAttempt } from './login-failure.repository.js';
import { consumeEmailToken, insertEmailToken, retireOpenTokens } from './token.repository.js';
import { toUserDto } from './user.dto.js';
import { findUserByEmail, findUserById, insertUser, markEmailVerified, touchLastLogin, updatePasswordHash } from './user.repository.js';

export const VERIFY_TOKEN_TTL_HOURS = 24;
export const RESET_TOKEN_TTL_MINUTES = 60;
/** Per-account guard: this many wrong passwords inside the window lock the account's login for a while. */
export const LOGIN_GUARD = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 } as const;

export const MESSAGES = {
  registered: 'Account created. We sent a verification e-mail; please verify your e-mail address before logging in.',
  notVerified: 'Please verify your email address before logging in. Check your inbox for the verification link.',
  invalidCredentials: 'Invalid email or password',
  locked: 'Too many failed login attempts. Please wait 15 minutes and try again, or reset your password.',
  verified: 'Your email address has been verified. You can now log in.',
  badVerifyLink: 'This verification link is invalid or has expired. Please request a new one.',
  resent: 'If an unverified account exists for this email, a new verification link has been sent.',
  resetSent: 'If an account exists for this email, a password reset link has been sent.',
  badResetLink: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordReset: 'Your password has been reset. You can now log in with your new password.',
} as const;

/**
 * Creates an unverified account with the default free plans and sends the verification link. An address
 * that already has an account gets the same answer (so sign-up cannot be used to find accounts) and that
 * inbox is told it is already registered. Both mails go out in the background with retries: the answer
 * never waits for SMTP (whose timing would tell the two cases apart) and an SMTP outage does not fail sign-up.
 */
export async function register(ctx: AppContext, input: RegisterRequest, log: (m: string) => void): Promise<{ message: string; email: string }> {
  const passwordHash = await hashPassword(input.password);
  const user = await insertUser(ctx.db, { email: input.email, passwordHash, companyName: input.companyName, phone: input.phone });
  if (!user) {
    const existing = await findUserByEmail(ctx.db, input.email);
    if (existing) ctx.backgroundMail.post(alreadyRegisteredMail(existing.email, `${ctx.config.PUBLIC_URL}/auth/login`, `${ctx.config.PUBLIC_URL}/auth/forgot-password`));
    return { message: MESSAGES.registered, email: input.email };
  }
  ctx.backgroundMail.post(await issueVerification(ctx, user.id, user.email, user.companyName, log));
  return { message: MESSAGES.registered, email: user.email };
}

/**
 * Links that sign in or reset a password are secrets: they are printed only where the e-mail itself stays
 * on this machine (the outbox driver outside production), which is what lets a newcomer without SMTP
 * finish signing up.
 */
function logLink(ctx: AppContext, log: (m: string) => void, line: string): void {
  if (!ctx.config.SMTP_URL && ctx.config.NODE_ENV !== 'production') log(line);
}

/** Retires open verify links and makes a new one; returns the mail that carries it. */
async function issueVerification(ctx: AppContext, userId: string, email: string, companyName: string, log: (m: string) => void): Promise<Mail> {
  await retireOpenTokens(ctx.db, userId, 'verify');
  const token = newEmailToken();
  await insertEmailToken(ctx.db, { userId, kind: 'verify', tokenHash: token.hash, expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_HOURS * 3600_000) });
  const link = `${ctx.config.PUBLIC_URL}/auth/verify?token=${encodeURIComponent(token.raw)}`;
  logLink(ctx, log, `verification link for ${email}: ${link}`);
  return verificationMail(email, companyName, link, VERIFY_TOKEN_TTL_HOURS);
}

export async function verifyEmail(ctx: AppContext, rawToken: string): Promise<{ message: string }> {
  const userId = await consumeEmailToken(ctx.db, sha256(rawToken), 'verify');
  if (!userId) throw new AppError(400, AUTH_ERROR_CODES.invalidToken, MESSAGES.badVerifyLink);
  await markEmailVerified(ctx.db, userId);
  return { message: MESSAGES.verified };
}

/**
 * Same answer whatever the address, so it cannot be used to find accounts. The mail goes out in the
 * background: awaiting an SMTP round trip only for real accounts would give them away by timing.
 */
export async function resendVerification(ctx: AppContext, email: string, log: (m: string) => void): Promise<{ message: string }> {
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.emailVerifiedAt) ctx.backgroundMail.post(await issueVerification(ctx, user.id, user.email, user.companyName, log));
  return { message: MESSAGES.resent };
}

/**
 * Takes a login attempt under the per-account lock, checks the password (argon2 even for unknown e-mails,
 * so timing tells nothing), then verification. Unverified accounts are refused only after a correct password.
 */
export async function login(ctx: AppContext, email: string, password: string): Promise<LoginResponse> {
  // The attempt is counted (as a failure) before the check and forgiven after a right password.
  if (!(await takeLoginAttempt(ctx.db, email, LOGIN_GUARD))) throw new AppError(429, AUTH_ERROR_CODES.tooManyAttempts, MESSAGES.locked);
  const user = await findUserByEmail(ctx.db, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) throw new AppError(401, AUTH_ERROR_CODES.invalidCredentials, MESSAGES.invalidCredentials);
  await clearLoginFailures(ctx.db, email);
  if (!user.emailVerifiedAt) throw new AppError(403, AUTH_ERROR_CODES.emailNotVerified, MESSAGES.notVerified);
  const fresh = (await touchLastLogin(ctx.db, user.id)) ?? user;
  return { access_token: await ctx.tokens.sign(user.id), token_type: 'bearer', user: toUserDto(fresh) };
}

/**
 * Same answer whether or not the account exists; the newest link retires earlier ones. The mail goes out
 * in the background (see resendVerification), so the answer never waits for SMTP.
 */
export async function forgotPassword(ctx: AppContext, email: string, log: (m: string) => void): Promise<{ message: string }> {
  const user = await findUserByEmail(ctx.db, email);
  if (user) {
    await retireOpenTokens(ctx.db, user.id, 'reset');
    const token = newEmailToken();
    await insertEmailToken(ctx.db, { userId: user.id, kind: 'reset', tokenHash: token.hash, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000) });
    const link = `${ctx.config.PUBLIC_URL}/auth/reset-password?token=${encodeURIComponent(token.raw)}`;
    logLink(ctx, log, `password reset link for ${user.email}: ${link}`);
    ctx.backgroundMail.post(resetMail(user.email, link, RESET_TOKEN_TTL_MINUTES));
  }
  return { message: MESSAGES.resetSent };
}

/** Sets the new password; the link proves the inbox, so it also verifies the address and lifts a lock. */
export async function resetPassword(ctx: AppContext, input: ResetPasswordRequest): Promise<{ message: string }> {
  const userId = await consumeEmailToken(ctx.db, sha256(input.token), 'reset');
  if (!userId) throw new AppError(400, AUTH_ERROR_CODES.invalidToken, MESSAGES.badResetLink);
  await updatePasswordHash(ctx.db, userId, await hashPassword(input.password));
  await markEmailVerified(ctx.db, userId);
  const user = await findUserById(ctx.db, userId);
  if (user) await clearLoginFailures(ctx.db, user.email.toLowerCase());
  return { message: MESSAGES.passwordReset };
}

export async function profile(ctx: AppContext, userId: string): Promise<{ user: User }> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  return { user: toUserDto(user) };
}
