import { RESET_CODE_TTL_MS } from '@hearth/contract';
import type { OutgoingMail } from '../../infra/mail/mail-transport.js';

const PRODUCT = 'Hearth';

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function page(body: string): string {
  return `<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#1c1e21;max-width:560px">${body}<p style="color:#65676b;font-size:13px">${PRODUCT}</p></body></html>`;
}

export function activationMail(to: string, firstName: string, link: string): OutgoingMail {
  const name = escapeHtml(firstName);
  const href = escapeHtml(link);
  return {
    to,
    subject: `${PRODUCT}: activate your account`,
    text: [
      `Hello ${firstName},`,
      '',
      'Open this link to activate your account (it works once, for 24 hours):',
      link,
      '',
      `If you did not sign up for ${PRODUCT}, you can ignore this mail.`,
    ].join('\n'),
    html: page(
      `<p>Hello ${name},</p><p>Open this link to activate your account (it works once, for 24 hours):</p><p><a href="${href}">${href}</a></p><p>If you did not sign up for ${PRODUCT}, you can ignore this mail.</p>`,
    ),
  };
}

export function resetCodeMail(to: string, firstName: string, code: string): OutgoingMail {
  const minutes = Math.round(RESET_CODE_TTL_MS / 60_000);
  const name = escapeHtml(firstName);
  return {
    to,
    subject: `${PRODUCT}: your password reset code is ${code}`,
    text: [
      `Hello ${firstName},`,
      '',
      `Your password reset code is: ${code}`,
      `It is valid for ${minutes} minutes.`,
      '',
      'If you did not ask to reset your password, you can ignore this mail.',
    ].join('\n'),
    html: page(
      `<p>Hello ${name},</p><p>Your password reset code is:</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>It is valid for ${minutes} minutes.</p><p>If you did not ask to reset your password, you can ignore this mail.</p>`,
    ),
  };
}
