import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SignJWT } from 'jose';
import { unauthorized } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; the signed-in user's id. */
    userId: string;
    /** Set by `app.authenticate` and `app.verifyTokenOnly`: when the bearer token was issued (seconds). */
    tokenIssuedAtSec: number;
  }
  interface FastifyInstance {
    /** preHandler that requires a valid bearer token of a live session; 401 otherwise. */
    authenticate: (req: FastifyRequest) => Promise<void>;
    /**
     * preHandler that checks only the token's signature and expiry, for a hot route that reads the
     * account row in its own query anyway: the route MUST then check the session with `sessionStillValid`
     * before answering (one database round trip per request instead of two).
     */
    verifyTokenOnly: (req: FastifyRequest) => Promise<void>;
  }
}

export interface TokenService {
  sign: (userId: string) => Promise<string>;
  /** The token's user id and issue time (seconds), or null when invalid or expired. */
  verify: (token: string) => Promise<{ userId: string; issuedAtSec: number } | null>;
}

/** HS256 access tokens with an expiry; `sub` is the user id. */
export function createTokenService(secret: string, ttlMinutes: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId) =>
      new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(userId).setIssuedAt().setExpirationTime(`${ttlMinutes}m`).sign(key),
    verify: async (token) => verifyHs256(token, secret),
  };
}

/**
 * Checks a compact HS256 token synchronously with node:crypto. Every authenticated request verifies one;
 * jose's verify goes through WebCrypto, which imports the key and runs the HMAC as a thread-pool job on
 * each call: about a quarter of a list request's CPU and two thread hand-offs that, on a busy machine,
 * each wait for the scheduler (the list's latency tail). Only `alg: HS256` is accepted (never `none` or
 * another algorithm named by the token), the signature is compared in constant time on its exact
 * encoding, and `exp` (required), `nbf` and `iat` are checked as jose did, with no clock tolerance.
 */
export function verifyHs256(token: string, secret: string, nowSec = Math.floor(Date.now() / 1000)): { userId: string; issuedAtSec: number } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, sig] = parts as [string, string, string];
  const want = Buffer.from(createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url'));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  const header = parseSegment(head);
  if (!header || header.alg !== 'HS256' || 'crit' in header || 'b64' in header) return null;
  const claims = parseSegment(body);
  if (!claims) return null;
  const { sub, iat, exp, nbf } = claims;
  if (typeof sub !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return null;
  if (exp <= nowSec || (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSec))) return null;
  return { userId: sub, issuedAtSec: iat };
}

function parseSegment(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const SESSION_EXPIRED = 'Session expired. Please log in again.';

/**
 * Whether a token issued at `issuedAtSec` still opens a session of `account`: null for a deleted account,
 * else `since`, the moment before which its tokens are revoked (a password change), so that a stolen
 * token dies with a reset. `since` is stored in whole seconds like iat, so a login right after a reset
 * keeps its new token.
 */
export function sessionStillValid(issuedAtSec: number, account: { since: Date | null } | null): boolean {
  if (!account) return false;
  return !account.since || issuedAtSec * 1000 >= account.since.getTime();
}

/** `sessionsValidSince` answers null for a deleted account, else its revocation moment (see sessionStillValid). */
export function registerAuth(
  app: FastifyInstance,
  tokens: TokenService,
  sessionsValidSince: (id: string) => Promise<{ since: Date | null } | null>,
): void {
  app.decorateRequest('userId', '');
  app.decorateRequest('tokenIssuedAtSec', 0);
  const verifyBearer = async (req: FastifyRequest) => {
    const header = req.headers.authorization ?? '';
    const [type, token] = header.split(' ');
    if (!token || type.toLowerCase() !== 'bearer') throw unauthorized();
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized(SESSION_EXPIRED);
    return claims;
  };
  app.decorate('verifyTokenOnly', async (req: FastifyRequest) => {
    const claims = await verifyBearer(req);
    req.userId = claims.userId;
    req.tokenIssuedAtSec = claims.issuedAtSec;
  });
  app.decorate('authenticate', async (req: FastifyRequest) => {
    const claims = await verifyBearer(req);
    if (!sessionStillValid(claims.issuedAtSec, await sessionsValidSince(claims.userId))) throw unauthorized(SESSION_EXPIRED);
    req.userId = claims.userId;
    req.tokenIssuedAtSec = claims.issuedAtSec;
  });
}
