import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService, verifyHs256 } from './auth.js';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
/** A token with any header and claims, signed with `secret` (or left unsigned). */
function handMade(header: unknown, claims: unknown, secret: string | null = SECRET): string {
  const unsigned = `${b64(header)}.${b64(claims)}`;
  return `${unsigned}.${secret === null ? '' : createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
const now = Math.floor(Date.now() / 1000);

describe('access token verification', () => {
  it('accepts a token the service signed and gives its user and issue time', async () => {
    const tokens = createTokenService(SECRET, 60);
    const claims = await tokens.verify(await tokens.sign('user-7'));
    expect(claims?.userId).toBe('user-7');
    expect(Math.abs(claims!.issuedAtSec - now)).toBeLessThan(5);
  });

  it('accepts a token jose signed with extra header fields', async () => {
    const token = await new SignJWT({ role: 'x' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject('u1').setIssuedAt().setExpirationTime('5m').sign(new TextEncoder().encode(SECRET));
    expect(verifyHs256(token, SECRET)?.userId).toBe('u1');
  });

  it('refuses a token signed with another secret', async () => {
    const other = createTokenService(`${SECRET}-other`, 60);
    expect(await createTokenService(SECRET, 60).verify(await other.sign('u1'))).toBeNull();
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const [h, , s] = (await createTokenService(SECRET, 60).sign('u1')).split('.');
    expect(verifyHs256(`${h}.${b64({ sub: 'u2', iat: now, exp: now + 600 })}.${s}`, SECRET)).toBeNull();
  });

  it('refuses alg none and algorithms other than HS256 even when the bytes are signed', () => {
    expect(verifyHs256(handMade({ alg: 'none' }, { sub: 'u1', iat: now, exp: now + 600 }, null), SECRET)).toBeNull();
    expect(verifyHs256(handMade({ alg: 'none' }, { sub: 'u1', iat: now, exp: now + 600 }), SECRET)).toBeNull();
    expect(verifyHs256(handMade({ alg: 'HS512' }, { sub: 'u1', iat: now, exp: now + 600 }), SECRET)).toBeNull();
    expect(verifyHs256(handMade({ alg: 'HS256', crit: ['x'] }, { sub: 'u1', iat: now, exp: now + 600 }), SECRET)).toBeNull();
  });

  it('refuses an expired token, one not yet valid, and one without expiry, subject or issue time', () => {
    const ok = { sub: 'u1', iat: now, exp: now + 600 };
    expect(verifyHs256(handMade({ alg: 'HS256' }, ok), SECRET)?.userId).toBe('u1');
    expect(verifyHs256(handMade({ alg: 'HS256' }, { ...ok, exp: now }), SECRET)).toBeNull();
    expect(verifyHs256(handMade({ alg: 'HS256' }, { ...ok, nbf: now + 60 }), SECRET)).toBeNull();
    expect(verifyHs256(handMade({ alg: 'HS256' }, { sub: 'u1', iat: now }), SECRET)).toBeNull();
    expect(verifyHs256(handMade({ alg: 'HS256' }, { iat: now, exp: now + 600 }), SECRET)).toBeNull();
    expect(verifyHs256(handMade({ alg: 'HS256' }, { sub: 'u1', exp: now + 600 }), SECRET)).toBeNull();
  });

  it('refuses malformed tokens and a signature with characters appended', async () => {
    const good = await createTokenService(SECRET, 60).sign('u1');
    for (const bad of ['', 'a.b', 'a.b.c.d', `${good}x`, `${good}=`, good.replace(/\.[^.]+$/, '.'), 'x.y.z']) {
      expect(verifyHs256(bad, SECRET)).toBeNull();
    }
    expect(verifyHs256(handMade({ alg: 'HS256' }, 'not an object'), SECRET)).toBeNull();
  });
});
