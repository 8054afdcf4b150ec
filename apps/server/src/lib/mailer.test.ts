import { describe, expect, it } from 'vitest';
import { createBackgroundMailer, type Mail, type Mailer } from './mailer.js';

const mail: Mail = { to: 'a@example.com', subject: 'Hi', text: 'hello' };

describe('createBackgroundMailer', () => {
  it('returns before the send finishes, and drain waits for it', async () => {
    let release!: () => void;
    const sent: string[] = [];
    const mailer: Mailer = { send: (m) => new Promise<void>((r) => (release = r)).then(() => void sent.push(m.to)) };
    const bg = createBackgroundMailer(mailer, () => undefined);
    bg.post(mail);
    expect(sent).toEqual([]);
    expect(await bg.drain(50)).toBe(false);
    release();
    expect(await bg.drain(1000)).toBe(true);
    expect(sent).toEqual(['a@example.com']);
  });

  it('logs rejected and synchronously throwing sends instead of leaving unhandled rejections', async () => {
    const errors: string[] = [];
    const rejecting: Mailer = { send: async () => Promise.reject(new Error('smtp down')) };
    const throwing: Mailer = {
      send: () => {
        throw new Error('bad config');
      },
    };
    for (const m of [rejecting, throwing]) {
      const bg = createBackgroundMailer(m, (err, failed) => errors.push(`${failed.to}: ${(err as Error).message}`), []);
      expect(() => bg.post(mail)).not.toThrow();
      expect(await bg.drain(1000)).toBe(true);
    }
    // A logger that throws is swallowed too.
    const bg = createBackgroundMailer(
      rejecting,
      () => {
        throw new Error('logger broke');
      },
      [],
    );
    bg.post(mail);
    expect(await bg.drain(1000)).toBe(true);
    expect(errors).toEqual(['a@example.com: smtp down', 'a@example.com: bad config']);
  });

  it('tries a failed mail again after each delay until the mail server answers (SMTP down at sign-up)', async () => {
    let failuresLeft = 2;
    const sent: string[] = [];
    const heard: boolean[] = [];
    const flaky: Mailer = {
      send: async (m) => {
        if (failuresLeft-- > 0) throw new Error('ECONNREFUSED');
        sent.push(m.to);
      },
    };
    const bg = createBackgroundMailer(flaky, (_err, _mail, willRetry) => heard.push(willRetry), [10, 10, 10]);
    bg.post(mail);
    expect(await bg.drain(2000)).toBe(true);
    expect(sent).toEqual(['a@example.com']);
    expect(heard).toEqual([true, true]);
  });

  it('gives up after the last delay and says so', async () => {
    const heard: boolean[] = [];
    const down: Mailer = { send: async () => Promise.reject(new Error('ECONNREFUSED')) };
    const bg = createBackgroundMailer(down, (_err, _mail, willRetry) => heard.push(willRetry), [5, 5]);
    bg.post(mail);
    expect(await bg.drain(2000)).toBe(true);
    expect(heard).toEqual([true, true, false]);
  });
});
