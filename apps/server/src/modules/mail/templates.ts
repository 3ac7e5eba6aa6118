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

/**
 * An applicant was approved (approval mode); the activation mail follows separately, since the
 * applicant had no session to activate with before.
 */
export function applicationApprovedMail(
  to: string,
  firstName: string,
  serverName: string,
  loginUrl: string,
): OutgoingMail {
  const name = escapeHtml(firstName);
  const server = escapeHtml(serverName);
  const href = escapeHtml(loginUrl);
  return {
    to,
    subject: `${serverName}: your request to join was approved`,
    text: [
      `Hello ${firstName},`,
      '',
      `Your request to join ${serverName} was approved. Welcome!`,
      `You can log in now: ${loginUrl}`,
      '',
      'We also sent you a link that confirms your e-mail address.',
    ].join('\n'),
    html: page(
      `<p>Hello ${name},</p><p>Your request to join ${server} was approved. Welcome!</p><p>You can log in now: <a href="${href}">${href}</a></p><p>We also sent you a link that confirms your e-mail address.</p>`,
    ),
  };
}

/** An applicant was turned down (approval mode); the account is gone. */
export function applicationRejectedMail(
  to: string,
  firstName: string,
  serverName: string,
  reason?: string,
): OutgoingMail {
  const name = escapeHtml(firstName);
  const server = escapeHtml(serverName);
  const why = reason?.trim() ? reason.trim() : undefined;
  return {
    to,
    subject: `${serverName}: your request to join was declined`,
    text: [
      `Hello ${firstName},`,
      '',
      `Your request to join ${serverName} was declined, and the account you made was deleted.`,
      ...(why ? ['', 'The moderator wrote:', why] : []),
    ].join('\n'),
    html: page(
      `<p>Hello ${name},</p><p>Your request to join ${server} was declined, and the account you made was deleted.</p>${
        why
          ? `<p>The moderator wrote:</p><p style="white-space:pre-wrap">${escapeHtml(why)}</p>`
          : ''
      }`,
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

/**
 * To a member who changed their password in the settings. Whoever changed it knew the old one:
 * if that was not the member, the mail is how they learn of it, and the reset (by mail, which a
 * thief of the password alone cannot read) gets the account back.
 */
export function passwordChangedMail(to: string, firstName: string, resetUrl: string): OutgoingMail {
  const name = escapeHtml(firstName);
  const href = escapeHtml(resetUrl);
  const said = `The password of your ${PRODUCT} account was just changed, and your other devices were logged out.`;
  const notYou = 'If you did not change it, reset your password at once:';
  return {
    to,
    subject: `${PRODUCT}: your password was changed`,
    text: [`Hello ${firstName},`, '', said, '', notYou, resetUrl].join('\n'),
    html: page(
      `<p>Hello ${name},</p><p>${said}</p><p>${notYou}</p><p><a href="${href}">${href}</a></p>`,
    ),
  };
}

/**
 * To the address a member wants their account to have (Settings → E-mail): nothing changes until
 * this link is opened, which proves the member reads that mailbox.
 */
export function emailChangeLinkMail(to: string, firstName: string, link: string): OutgoingMail {
  const name = escapeHtml(firstName);
  const href = escapeHtml(link);
  const address = escapeHtml(to);
  const ask = `Open this link to make ${to} the e-mail address of your ${PRODUCT} account (it works once, for 24 hours):`;
  const notYou = 'If you did not ask for this, you can ignore this mail: nothing changes.';
  return {
    to,
    subject: `${PRODUCT}: confirm your new e-mail address`,
    text: [`Hello ${firstName},`, '', ask, link, '', notYou].join('\n'),
    html: page(
      `<p>Hello ${name},</p><p>Open this link to make ${address} the e-mail address of your ${PRODUCT} account (it works once, for 24 hours):</p><p><a href="${href}">${href}</a></p><p>${notYou}</p>`,
    ),
  };
}

/**
 * To a member's old address once the new one is confirmed: whoever changed it knew the password,
 * so if it was not the member, this mail is how they learn of it.
 */
export function emailChangedMail(
  to: string,
  firstName: string,
  about: { newEmail: string; resetUrl: string },
): OutgoingMail {
  const name = escapeHtml(firstName);
  const href = escapeHtml(about.resetUrl);
  const said = `The e-mail address of your ${PRODUCT} account was just changed to ${about.newEmail}. Mail for the account now goes there, and you log in with it.`;
  const notYou =
    'If you did not change it, someone knows your password: reset it at once, and tell the admins of the server.';
  return {
    to,
    subject: `${PRODUCT}: your e-mail address was changed`,
    text: [`Hello ${firstName},`, '', said, '', notYou, about.resetUrl].join('\n'),
    html: page(
      `<p>Hello ${name},</p><p>${escapeHtml(said)}</p><p>${notYou}</p><p><a href="${href}">${href}</a></p>`,
    ),
  };
}

/** To every admin when `open` sign-up switched itself to `approval` (no staff active for `days`). */
export function autoApprovalMail(
  to: string,
  firstName: string,
  about: { serverName: string; days: number; settingsUrl: string },
): OutgoingMail {
  const name = escapeHtml(firstName);
  const server = escapeHtml(about.serverName);
  const href = escapeHtml(about.settingsUrl);
  const quiet = `No moderator or admin has used ${about.serverName} for ${about.days} days, so sign-up has switched from open to approval: new people can still apply, and a moderator approves each of them.`;
  return {
    to,
    subject: `${PRODUCT}: sign-up on ${about.serverName} now needs approval`,
    text: [
      `Hello ${firstName},`,
      '',
      quiet,
      '',
      'To open sign-up again, or choose another mode, go to the settings:',
      about.settingsUrl,
    ].join('\n'),
    html: page(
      `<p>Hello ${name},</p><p>No moderator or admin has used ${server} for ${about.days} days, so sign-up has switched from open to approval: new people can still apply, and a moderator approves each of them.</p><p>To open sign-up again, or choose another mode, go to the settings:</p><p><a href="${href}">${href}</a></p>`,
    ),
  };
}

/**
 * A moderation mail: a greeting, what happened (plain text: the server's name goes into it as
 * typed, escaped here for the HTML part), and the reason the moderator or admin wrote.
 */
function moderationMail(
  to: string,
  firstName: string,
  mail: { subject: string; said: string; wrote: 'moderator' | 'admins'; reason: string },
): OutgoingMail {
  const wrote = `The ${mail.wrote} wrote:`;
  return {
    to,
    subject: mail.subject,
    text: [`Hello ${firstName},`, '', mail.said, '', wrote, mail.reason].join('\n'),
    html: page(
      `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(mail.said)}</p><p>${wrote}</p><p style="white-space:pre-wrap">${escapeHtml(mail.reason)}</p>`,
    ),
  };
}

/** To a member whose post or comment a moderator removed, with the moderator's reason. */
export function contentRemovedMail(
  to: string,
  firstName: string,
  about: { serverName: string; what: 'post' | 'comment'; reason: string },
): OutgoingMail {
  return moderationMail(to, firstName, {
    subject: `${about.serverName}: your ${about.what} was removed`,
    said: `A moderator of ${about.serverName} removed your ${about.what}.`,
    wrote: 'moderator',
    reason: about.reason,
  });
}

/** To a member a moderator warned, with the moderator's reason. */
export function warningMail(
  to: string,
  firstName: string,
  about: { serverName: string; reason: string },
): OutgoingMail {
  return moderationMail(to, firstName, {
    subject: `${about.serverName}: a warning from the moderators`,
    said: `A moderator of ${about.serverName} sent you a warning.`,
    wrote: 'moderator',
    reason: about.reason,
  });
}

/**
 * To a member a moderator suspended, with the moderator's reason. It is the only word they get:
 * they cannot log in to read a notification.
 */
export function accountSuspendedMail(
  to: string,
  firstName: string,
  about: { serverName: string; reason: string },
): OutgoingMail {
  return moderationMail(to, firstName, {
    subject: `${about.serverName}: your account is suspended`,
    said: `Your account on ${about.serverName} is suspended by its moderators. You cannot log in, and nothing you posted is shown to anyone while it lasts.`,
    wrote: 'moderator',
    reason: about.reason,
  });
}

/** To a member whose suspension a moderator lifted, with the moderator's reason. */
export function accountRestoredMail(
  to: string,
  firstName: string,
  about: { serverName: string; reason: string },
): OutgoingMail {
  return moderationMail(to, firstName, {
    subject: `${about.serverName}: your account is restored`,
    said: `The moderators of ${about.serverName} lifted your suspension. You can log in again, and what you posted is shown again as it was.`,
    wrote: 'moderator',
    reason: about.reason,
  });
}

/**
 * To a member whose account an admin deleted, with the admin's reason. Sent to the address the
 * account had: nothing else of theirs is kept, and this address cannot sign up again.
 */
export function accountDeletedMail(
  to: string,
  firstName: string,
  about: { serverName: string; reason: string },
): OutgoingMail {
  return moderationMail(to, firstName, {
    subject: `${about.serverName}: your account was deleted`,
    said: `Your account on ${about.serverName} was deleted by its admins, with everything you posted there.`,
    wrote: 'admins',
    reason: about.reason,
  });
}

/**
 * To a member who asked to delete their own account: it is hidden now, and a login before
 * `purgeAt` keeps it. Whoever asked knew the password: if that was not the member, this mail is
 * how they learn of it in time.
 */
export function accountDeletionMail(
  to: string,
  firstName: string,
  about: { purgeAt: Date; loginUrl: string },
): OutgoingMail {
  const when = about.purgeAt.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });
  const said = `Your ${PRODUCT} account is being deleted. Nobody can see your profile or anything you posted any more, and every device of yours was logged out.`;
  const keep = `Changed your mind? Log in before ${when} to keep your account. After that, everything in it is deleted for good.`;
  const href = escapeHtml(about.loginUrl);
  return {
    to,
    subject: `${PRODUCT}: your account is being deleted`,
    text: [`Hello ${firstName},`, '', said, '', keep, about.loginUrl].join('\n'),
    html: page(
      `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(said)}</p><p>${escapeHtml(keep)}</p><p><a href="${href}">${href}</a></p>`,
    ),
  };
}

/**
 * The member's 'Download your information' zip is ready: where to download it (the Settings
 * page, whose Download button asks for a signed address; the mail carries none itself, so a
 * forwarded mail opens nothing) and until when.
 */
export function dataExportReadyMail(
  to: string,
  firstName: string,
  about: { settingsUrl: string; expiresAt: string },
): OutgoingMail {
  const href = escapeHtml(about.settingsUrl);
  const until = `${about.expiresAt.slice(0, 16).replace('T', ' ')} UTC`;
  const said = `The copy of your information you asked ${PRODUCT} for is ready. Download it from your settings until ${until}; after that it is deleted.`;
  return {
    to,
    subject: `${PRODUCT}: your information is ready to download`,
    text: [`Hello ${firstName},`, '', said, '', about.settingsUrl].join('\n'),
    html: page(
      `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(said)}</p><p><a href="${href}">${href}</a></p>`,
    ),
  };
}
