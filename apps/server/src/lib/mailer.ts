import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface Mailer {
  send: (mail: Mail) => Promise<void>;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message is written as an .eml file to
 * `outboxDir` (the embedded default), which is what a newcomer and the browser tests read.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log?: (msg: string) => void }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return { send: async (mail) => void (await transport.sendMail({ from: opts.from, ...mail })) };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      mkdirSync(opts.outboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.eml`);
      writeFileSync(file, info.message as Buffer);
      opts.log?.(`mail to ${mail.to} "${mail.subject}" written to ${file}`);
    },
  };
}

/** Mail sent off the request path: `post` returns at once, `drain` waits for what is still being sent. */
export interface BackgroundMailer {
  /** Starts sending and returns at once; a failure is logged, never thrown or left as an unhandled rejection. */
  post: (mail: Mail) => void;
  /** Resolves true once every mail posted so far has been sent or has failed, or false after `timeoutMs`. */
  drain: (timeoutMs?: number) => Promise<boolean>;
}

/** Waits before each new try of a failed background mail: an SMTP outage of up to about 40 minutes is ridden out. */
export const MAIL_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000] as const;

/**
 * Wraps a mailer for fire-and-forget sends. Endpoints that must answer the same for known and unknown
 * addresses (sign-up, forgot password, resend verification) use it, so an SMTP round trip never shows in
 * their timing. A failed send is tried again after each of `retryDelaysMs`; `onError` hears of every
 * failure (`willRetry` false on the last).
 */
export function createBackgroundMailer(
  mailer: Mailer,
  onError: (err: unknown, mail: Mail, willRetry: boolean) => void,
  retryDelaysMs: readonly number[] = MAIL_RETRY_DELAYS_MS,
): BackgroundMailer {
  const pending = new Set<Promise<void>>();
  const report = (err: unknown, mail: Mail, willRetry: boolean) => {
    try {
      onError(err, mail, willRetry);
    } catch {
      /* a failing logger must not turn into an unhandled rejection */
    }
  };
  const attempt = async (mail: Mail): Promise<void> => {
    for (let i = 0; ; i++) {
      try {
        // Promise.resolve().then: a send that throws synchronously is caught like one that rejects.
        await Promise.resolve().then(() => mailer.send(mail));
        return;
      } catch (err) {
        const willRetry = i < retryDelaysMs.length;
        report(err, mail, willRetry);
        if (!willRetry) return;
        await new Promise((r) => setTimeout(r, retryDelaysMs[i]).unref());
      }
    }
  };
  return {
    post: (mail) => {
      const sending: Promise<void> = attempt(mail).finally(() => pending.delete(sending));
      pending.add(sending);
    },
    drain: async (timeoutMs = 10_000) => {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
        timer.unref();
      });
      try {
        // Loop: a mail posted while draining is waited for as well.
        const settled = (async () => {
          while (pending.size) await Promise.allSettled([...pending]);
          return true as const;
        })();
        return await Promise.race([settled, timedOut]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
