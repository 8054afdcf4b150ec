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
