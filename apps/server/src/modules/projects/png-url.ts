import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The page PNG is shown with a plain <img>/<image> element, which cannot send the bearer token. So the
 * URL handed to the owner carries its own short-lived HMAC signature (like an S3 presigned URL): only
 * someone who was given the URL by an authenticated owner-only call can load it, and only until it expires.
 */
const PNG_URL_TTL_SEC = 12 * 60 * 60;

const sign = (secret: string, projectId: string, expSec: number) =>
  createHmac('sha256', secret).update(`page-png:${projectId}:${expSec}`).digest('base64url');

export function signedPngUrl(secret: string, projectId: string, nowMs = Date.now()): string {
  // Rounded to the hour so repeated list calls give the same URL and the browser cache keeps working.
  const expSec = Math.ceil(nowMs / 1000 / 3600) * 3600 + PNG_URL_TTL_SEC;
  return `/api/user/projects/${projectId}/page.png?exp=${expSec}&sig=${sign(secret, projectId, expSec)}`;
}

export function verifyPngSignature(secret: string, projectId: string, exp: unknown, sig: unknown, nowMs = Date.now()): boolean {
  const expSec = Number(exp);
  if (typeof sig !== 'string' || !Number.isInteger(expSec) || expSec * 1000 < nowMs) return false;
  const want = Buffer.from(sign(secret, projectId, expSec));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
