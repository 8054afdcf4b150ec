import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (OWASP-level memory cost). */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password, checked when the e-mail is unknown so that a login for an unknown account
 * takes as long as one with a wrong password (no enumeration through timing).
 */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = (): Promise<string> => (dummyHash ??= hash(randomBytes(16).toString('hex')));

/** A single-use e-mail link token: the raw value goes into the link, only its sha256 is stored. */
export function newEmailToken(): { raw: string; hash: string } {
  const raw = randomBytes(32).toString('base64url');
  return { raw, hash: sha256(raw) };
}

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
