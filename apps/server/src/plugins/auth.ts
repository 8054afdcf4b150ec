import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { unauthorized } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; the signed-in user's id. */
    userId: string;
  }
  interface FastifyInstance {
    /** preHandler that requires a valid bearer token; 401 otherwise. */
    authenticate: (req: FastifyRequest) => Promise<void>;
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
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.iat !== 'number') return null;
        return { userId: payload.sub, issuedAtSec: payload.iat };
      } catch {
        return null;
      }
    },
  };
}

/**
 * `sessionsValidSince` answers null for a deleted account, else the moment before which its tokens are
 * revoked (a password change), so that a stolen token dies with a reset.
 */
export function registerAuth(
  app: FastifyInstance,
  tokens: TokenService,
  sessionsValidSince: (id: string) => Promise<{ since: Date | null } | null>,
): void {
  app.decorateRequest('userId', '');
  app.decorate('authenticate', async (req: FastifyRequest) => {
    const header = req.headers.authorization ?? '';
    const [type, token] = header.split(' ');
    if (!token || type.toLowerCase() !== 'bearer') throw unauthorized();
    const claims = await tokens.verify(token);
    const account = claims ? await sessionsValidSince(claims.userId) : null;
    // `since` is stored in whole seconds like iat, so a login right after a reset keeps its new token.
    const revoked = account?.since ? claims!.issuedAtSec * 1000 < account.since.getTime() : false;
    if (!claims || !account || revoked) throw unauthorized('Session expired. Please log in again.');
    req.userId = claims.userId;
  });
}
