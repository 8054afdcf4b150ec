import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/**
 * Fixed-window counters in this process's memory, keyed by account or client address. Like the per-IP
 * login limit, they count per web process: behind N web processes an abuser gets N times the allowance,
 * which still bounds the cost (uploads also stop at the plan allowance, which is kept in the database).
 */
export interface WindowCounter {
  /** Counts one use of `key`; false once the key has used its allowance in the current window. */
  take: (key: string) => boolean;
}

export function createWindowCounter(max: number, windowMs: number, now: () => number = Date.now): WindowCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let nextPrune = now() + windowMs;
  return {
    take: (key) => {
      const t = now();
      if (t >= nextPrune) {
        // Forget finished windows so the map does not grow with every address ever seen.
        for (const [k, w] of windows) if (w.endsAt <= t) windows.delete(k);
        nextPrune = t + windowMs;
      }
      let w = windows.get(key);
      if (!w || w.endsAt <= t) windows.set(key, (w = { count: 0, endsAt: t + windowMs }));
      if (w.count >= max) return false;
      w.count++;
      return true;
    },
  };
}

export interface AbuseLimit {
  /** Allowance per signed-in account per window (skipped for anonymous requests). */
  perAccount?: number;
  /** Allowance per client address per window (the address TRUST_PROXY lets Fastify see). */
  perIp: number;
  windowMs: number;
  /** The 429 message users read. */
  message: string;
}

/**
 * A preHandler that refuses with 429 once the account or the client address has used its allowance.
 * Register it after `authenticate` so the account is known.
 */
export function abuseLimit(limit: AbuseLimit) {
  const byAccount = createWindowCounter(limit.perAccount ?? Number.POSITIVE_INFINITY, limit.windowMs);
  const byIp = createWindowCounter(limit.perIp, limit.windowMs);
  return async (req: FastifyRequest): Promise<void> => {
    const userId = (req as { userId?: string }).userId;
    const accountOk = limit.perAccount === undefined || !userId || byAccount.take(userId);
    // Both are counted, so switching accounts from one address does not reset the address's allowance.
    const ipOk = byIp.take(req.ip);
    if (!accountOk || !ipOk) throw new AppError(429, 'rate_limited', limit.message);
  };
}

/**
 * Caps how many of something run at once, per account and overall (long polls that each hold a request
 * and poll the database). `tryEnter` answers a release function, or null when a cap is reached.
 */
export function createConcurrencyCap(perAccount: number, total: number) {
  const byAccount = new Map<string, number>();
  let all = 0;
  return {
    get active() { return all; },
    tryEnter: (accountId: string): (() => void) | null => {
      const mine = byAccount.get(accountId) ?? 0;
      if (mine >= perAccount || all >= total) return null;
      byAccount.set(accountId, mine + 1);
      all++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        all--;
        const left = (byAccount.get(accountId) ?? 1) - 1;
        if (left <= 0) byAccount.delete(accountId);
        else byAccount.set(accountId, left);
      };
    },
  };
}

const MINUTE = 60_000;
/** The allowances (README, "Reliability"). Generous for people, small for scripts. */
export const ABUSE_LIMITS = {
  upload: { perAccount: 20, perIp: 60, windowMs: 10 * MINUTE, message: 'Too many uploads in a short time. Please wait a few minutes and try again.' },
  checkout: { perAccount: 10, perIp: 30, windowMs: 10 * MINUTE, message: 'Too many checkout attempts. Please wait a few minutes and try again.' },
  contact: { perIp: 5, windowMs: 10 * MINUTE, message: 'Too many messages in a short time. Please wait a few minutes and try again.' },
  issueReport: { perAccount: 5, perIp: 15, windowMs: 10 * MINUTE, message: 'Too many issue reports in a short time. Please wait a few minutes and try again.' },
} as const satisfies Record<string, AbuseLimit>;

/** Long polls of all-detections: per account and per process. Over the cap a call answers at once instead of waiting. */
export const LONG_POLL_CAP = { perAccount: 4, total: 200 };

export interface AbuseLimits {
  upload: AbuseLimit;
  checkout: AbuseLimit;
  contact: AbuseLimit;
  issueReport: AbuseLimit;
  longPoll: { perAccount: number; total: number };
}

export const DEFAULT_ABUSE_LIMITS: AbuseLimits = { ...ABUSE_LIMITS, longPoll: LONG_POLL_CAP };

/** The allowances multiplied by `scale` (ABUSE_LIMITS_SCALE): a browser-test server sends every request from one address. */
export function scaledAbuseLimits(scale: number, base: AbuseLimits = DEFAULT_ABUSE_LIMITS): AbuseLimits {
  if (scale === 1) return base;
  const s = (l: AbuseLimit): AbuseLimit => ({ ...l, perIp: Math.ceil(l.perIp * scale), ...(l.perAccount !== undefined ? { perAccount: Math.ceil(l.perAccount * scale) } : {}) });
  const d = base;
  return {
    upload: s(d.upload), checkout: s(d.checkout), contact: s(d.contact), issueReport: s(d.issueReport),
    longPoll: { perAccount: Math.ceil(d.longPoll.perAccount * scale), total: Math.ceil(d.longPoll.total * scale) },
  };
}

/** The allowances the environment sets (UPLOAD_LIMIT_PER_ACCOUNT and the rest; README "Configuration"). */
export interface AbuseLimitSettings {
  UPLOAD_LIMIT_PER_ACCOUNT: number; UPLOAD_LIMIT_PER_IP: number;
  CHECKOUT_LIMIT_PER_ACCOUNT: number; CHECKOUT_LIMIT_PER_IP: number;
  CONTACT_LIMIT_PER_IP: number;
  ISSUE_REPORT_LIMIT_PER_ACCOUNT: number; ISSUE_REPORT_LIMIT_PER_IP: number;
  LONG_POLL_PER_ACCOUNT: number; LONG_POLL_TOTAL: number;
  ABUSE_LIMITS_SCALE: number;
}

export function abuseLimitsFromSettings(c: AbuseLimitSettings): AbuseLimits {
  const d = DEFAULT_ABUSE_LIMITS;
  return scaledAbuseLimits(c.ABUSE_LIMITS_SCALE, {
    upload: { ...d.upload, perAccount: c.UPLOAD_LIMIT_PER_ACCOUNT, perIp: c.UPLOAD_LIMIT_PER_IP },
    checkout: { ...d.checkout, perAccount: c.CHECKOUT_LIMIT_PER_ACCOUNT, perIp: c.CHECKOUT_LIMIT_PER_IP },
    contact: { ...d.contact, perIp: c.CONTACT_LIMIT_PER_IP },
    issueReport: { ...d.issueReport, perAccount: c.ISSUE_REPORT_LIMIT_PER_ACCOUNT, perIp: c.ISSUE_REPORT_LIMIT_PER_IP },
    longPoll: { perAccount: c.LONG_POLL_PER_ACCOUNT, total: c.LONG_POLL_TOTAL },
  });
}
