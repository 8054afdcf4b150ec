import type { Mail } from '../../lib/mailer.js';

const footer = '\n\nIf you did not ask for this, you can ignore this e-mail.\n\n— Plansight';

export function verificationMail(to: string, companyName: string, link: string, validHours: number): Mail {
  return {
    to,
    subject: 'Verify your e-mail address for Plansight',
    text: `Hello ${companyName},\n\nplease confirm your e-mail address to finish creating your Plansight account:\n\n${link}\n\nThe link works once and expires in ${validHours} hours.${footer}`,
    html: page(`<p>Hello ${escapeHtml(companyName)},</p><p>please confirm your e-mail address to finish creating your Plansight account.</p>${button(link, 'Verify e-mail address')}<p>The link works once and expires in ${validHours} hours.</p>`),
  };
}

export function resetMail(to: string, link: string, validMinutes: number): Mail {
  return {
    to,
    subject: 'Reset your Plansight password',
    text: `Hello,\n\nsomeone (hopefully you) asked to reset the password of your Plansight account. Set a new one here:\n\n${link}\n\nThe link works once and expires in ${validMinutes} minutes.${footer}`,
    html: page(`<p>Hello,</p><p>someone (hopefully you) asked to reset the password of your Plansight account.</p>${button(link, 'Set a new password')}<p>The link works once and expires in ${validMinutes} minutes.</p>`),
  };
}

/** Sent when someone signs up with an address that already has an account (the sign-up answer is the same). */
export function alreadyRegisteredMail(to: string, loginLink: string, resetLink: string): Mail {
  return {
    to,
    subject: 'You already have a Plansight account',
    text: `Hello,\n\nsomeone (hopefully you) tried to create a Plansight account with this e-mail address, but it is already registered. Log in here:\n\n${loginLink}\n\nForgot your password? Set a new one here:\n\n${resetLink}${footer}`,
    html: page(`<p>Hello,</p><p>someone (hopefully you) tried to create a Plansight account with this e-mail address, but it is already registered.</p>${button(loginLink, 'Log in')}<p>Forgot your password? <a href="${escapeHtml(resetLink)}">Set a new one</a>.</p>`),
  };
}

const page = (body: string) =>
  `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">${body}<p style="color:#6b7280;font-size:13px">If you did not ask for this, you can ignore this e-mail.</p><p>— Plansight</p></body></html>`;
const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${label}</a></p><p style="font-size:13px;color:#6b7280">Or paste this address into your browser: ${escapeHtml(href)}</p>`;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
