import { RESET_CODE_TTL_MS } from '@hearth/contract';
import type { OutgoingMail } from '../../infra/mail/mail-transport.js';
import { MAIL_MESSAGES as M } from './mail.messages.js';
import { escapeHtml, type Formatted, MailWriter } from './mail-i18n.js';

export { escapeHtml } from './mail-i18n.js';

const PRODUCT = 'Hearth';

/**
 * Whom a mail goes to: the address, the first name it greets, and the member's stored language
 * (the mail is in it when a catalogue has it, in English otherwise). A mail to an applicant or
 * to a new address is in the account's language.
 */
export interface MailRecipient {
  email: string;
  first_name: string;
  language: string | null | undefined;
}

/** A link: its address in the text part, an element in the HTML part. */
function link(url: string): { text: string; html: string } {
  const href = escapeHtml(url);
  return { text: url, html: `<a href="${href}">${href}</a>` };
}

/** A paragraph of the HTML part. */
function p(line: Formatted | string, style?: string): string {
  const html = typeof line === 'string' ? line : line.html;
  return style ? `<p style="${style}">${html}</p>` : `<p>${html}</p>`;
}

/**
 * A mail in the writer's language: the subject, then the text part's lines ('' for an empty
 * line) and the HTML part's paragraphs, in a page that says its language and direction.
 */
function compose(
  to: MailRecipient,
  w: MailWriter,
  subject: Formatted,
  text: string[],
  paragraphs: string[],
): OutgoingMail {
  const lang = `lang="${w.language}" dir="${w.dir}"`;
  return {
    to: to.email,
    subject: subject.text,
    text: text.join('\n'),
    html: `<!doctype html><html ${lang}><body ${lang} style="font-family:Helvetica,Arial,sans-serif;color:#1c1e21;max-width:560px">${paragraphs.join('')}<p style="color:#65676b;font-size:13px">${PRODUCT}</p></body></html>`,
    language: w.language,
  };
}

function hello(w: MailWriter, to: MailRecipient): Formatted {
  return w.t(M.hello, { name: to.first_name });
}

export function activationMail(to: MailRecipient, url: string): OutgoingMail {
  const w = new MailWriter(to.language);
  const greeting = hello(w, to);
  const open = w.t(M.activationOpen);
  const notYou = w.t(M.activationNotYou, { product: PRODUCT });
  return compose(
    to,
    w,
    w.t(M.activationSubject, { product: PRODUCT }),
    [greeting.text, '', open.text, url, '', notYou.text],
    [p(greeting), p(open), p(link(url).html), p(notYou)],
  );
}

/**
 * An applicant was approved (approval mode); the activation mail follows separately, since the
 * applicant had no session to activate with before.
 */
export function applicationApprovedMail(
  to: MailRecipient,
  serverName: string,
  loginUrl: string,
): OutgoingMail {
  const w = new MailWriter(to.language);
  const greeting = hello(w, to);
  const said = w.t(M.approvedSaid, { server: serverName });
  const logIn = w.t(M.approvedLogIn, { link: link(loginUrl) });
  const sent = w.t(M.approvedLinkSent);
  return compose(
    to,
    w,
    w.t(M.approvedSubject, { server: serverName }),
    [greeting.text, '', said.text, logIn.text, '', sent.text],
    [p(greeting), p(said), p(logIn), p(sent)],
  );
}

/** An applicant was turned down (approval mode); the account is gone. */
export function applicationRejectedMail(
  to: MailRecipient,
  serverName: string,
  reason?: string,
): OutgoingMail {
  const w = new MailWriter(to.language);
  const greeting = hello(w, to);
  const said = w.t(M.declinedSaid, { server: serverName });
  const why = reason?.trim() ? reason.trim() : undefined;
  const wrote = w.t(M.moderatorWrote);
  return compose(
    to,
    w,
    w.t(M.declinedSubject, { server: serverName }),
    [greeting.text, '', said.text, ...(why ? ['', wrote.text, why] : [])],
    [p(greeting), p(said), ...(why ? [p(wrote), p(escapeHtml(why), 'white-space:pre-wrap')] : [])],
  );
}

export function resetCodeMail(to: MailRecipient, code: string): OutgoingMail {
  const w = new MailWriter(to.language);
  const minutes = Math.round(RESET_CODE_TTL_MS / 60_000);
  const greeting = hello(w, to);
  const validFor = w.t(M.resetValidFor, { minutes });
  const notYou = w.t(M.resetNotYou);
  return compose(
    to,
    w,
    w.t(M.resetSubject, { product: PRODUCT, code }),
    [greeting.text, '', w.t(M.resetCodeIs, { code }).text, validFor.text, '', notYou.text],
    [
      p(greeting),
      p(w.t(M.resetCodeLabel)),
      p(escapeHtml(code), 'font-size:24px;font-weight:bold;letter-spacing:4px'),
      p(validFor),
      p(notYou),
    ],
  );
}

/**
 * To a member who changed their password in the settings. Whoever changed it knew the old one:
 * if that was not the member, the mail is how they learn of it, and the reset (by mail, which a
 * thief of the password alone cannot read) gets the account back.
 */
export function passwordChangedMail(to: MailRecipient, resetUrl: string): OutgoingMail {
  const w = new MailWriter(to.language);
  const greeting = hello(w, to);
  const said = w.t(M.passwordChangedSaid, { product: PRODUCT });
  const notYou = w.t(M.passwordChangedNotYou);
  return compose(
    to,
    w,
    w.t(M.passwordChangedSubject, { product: PRODUCT }),
    [greeting.text, '', said.text, '', notYou.text, resetUrl],
    [p(greeting), p(said), p(notYou), p(link(resetUrl).html)],
  );
}

/**
 * To the address a member wants their account to have (Settings → E-mail): nothing changes until
 * this link is opened, which proves the member reads that mailbox. `to` is the new address with
 * the account's name and language.
 */
export function emailChangeLinkMail(to: MailRecipient, url: string): OutgoingMail {
  const w = new MailWriter(to.language);
  const greeting = hello(w, to);
  const ask = w.t(M.emailLinkAsk, { email: to.email, product: PRODUCT });
  const notYou = w.t(M.emailLinkNotYou);
  return compose(
    to,
    w,
    w.t(M.emailLinkSubject, { product: PRODUCT }),
    [greeting.text, '', ask.text, url, '', notYou.text],
    [p(greeting), p(ask), p(link(url).html), p(notYou)],
  );
}

/**
 * To a member's old address once the new one is confirmed: whoever changed it knew the password,
 * so if it was not the member, this mail is how they learn of it.
 */
export function emailChangedMail(
  to: MailRecipient,
  about: { newEmail: string; resetUrl: string },
): OutgoingMail {
  const w = new MailWriter(to.language);
  const greeting = hello(w, to);
  const said = w.t(M.emailChangedSaid, { product: PRODUCT, email: about.newEmail });
  const notYou = w.t(M.emailChangedNotYou);
  return compose(
    to,
    w,
    w.t(M.emailChangedSubject, { product: PRODUCT }),
    [greeting.text, '', said.text, '', notYou.text, about.resetUrl],
    [p(greeting), p(said), p(notYou), p(link(about.resetUrl).html)],
  );
}

/** To every admin when `open` sign-up switched itself to `approval` (no staff active for `days`). */
export function autoApprovalMail(
  to: MailRecipient,
  about: { serverName: string; days: number; settingsUrl: string },
): OutgoingMail {
  const w = new MailWriter(to.language);
  const greeting = hello(w, to);
  const quiet = w.t(M.autoApprovalSaid, { server: about.serverName, days: about.days });
  const settings = w.t(M.autoApprovalSettings);
  return compose(
    to,
    w,
    w.t(M.autoApprovalSubject, { product: PRODUCT, server: about.serverName }),
    [greeting.text, '', quiet.text, '', settings.text, about.settingsUrl],
    [p(greeting), p(quiet), p(settings), p(link(about.settingsUrl).html)],
  );
}

/**
 * A moderation mail: a greeting, what happened (the server's name goes into it as typed,
 * escaped in the HTML part), and the reason the moderator or admin wrote.
 */
function moderationMail(
  to: MailRecipient,
  mail: {
    subject: Formatted;
    said: Formatted;
    wrote: 'moderator' | 'admins';
    reason: string;
    w: MailWriter;
  },
): OutgoingMail {
  const { w } = mail;
  const greeting = hello(w, to);
  const wrote = w.t(mail.wrote === 'moderator' ? M.moderatorWrote : M.adminsWrote);
  return compose(
    to,
    w,
    mail.subject,
    [greeting.text, '', mail.said.text, '', wrote.text, mail.reason],
    [p(greeting), p(mail.said), p(wrote), p(escapeHtml(mail.reason), 'white-space:pre-wrap')],
  );
}

/** To a member whose post or comment a moderator removed, with the moderator's reason. */
export function contentRemovedMail(
  to: MailRecipient,
  about: { serverName: string; what: 'post' | 'comment'; reason: string },
): OutgoingMail {
  const w = new MailWriter(to.language);
  const server = { server: about.serverName };
  const post = about.what === 'post';
  return moderationMail(to, {
    w,
    subject: w.t(post ? M.postRemovedSubject : M.commentRemovedSubject, server),
    said: w.t(post ? M.postRemovedSaid : M.commentRemovedSaid, server),
    wrote: 'moderator',
    reason: about.reason,
  });
}

/** To a member a moderator warned, with the moderator's reason. */
export function warningMail(
  to: MailRecipient,
  about: { serverName: string; reason: string },
): OutgoingMail {
  const w = new MailWriter(to.language);
  const server = { server: about.serverName };
  return moderationMail(to, {
    w,
    subject: w.t(M.warningSubject, server),
    said: w.t(M.warningSaid, server),
    wrote: 'moderator',
    reason: about.reason,
  });
}

/**
 * To a member a moderator suspended, with the moderator's reason. It is the only word they get:
 * they cannot log in to read a notification.
 */
export function accountSuspendedMail(
  to: MailRecipient,
  about: { serverName: string; reason: string },
): OutgoingMail {
  const w = new MailWriter(to.language);
  const server = { server: about.serverName };
  return moderationMail(to, {
    w,
    subject: w.t(M.suspendedSubject, server),
    said: w.t(M.suspendedSaid, server),
    wrote: 'moderator',
    reason: about.reason,
  });
}

/** To a member whose suspension a moderator lifted, with the moderator's reason. */
export function accountRestoredMail(
  to: MailRecipient,
  about: { serverName: string; reason: string },
): OutgoingMail {
  const w = new MailWriter(to.language);
  const server = { server: about.serverName };
  return moderationMail(to, {
    w,
    subject: w.t(M.restoredSubject, server),
    said: w.t(M.restoredSaid, server),
    wrote: 'moderator',
    reason: about.reason,
  });
}

/**
 * To a member whose account an admin deleted, with the admin's reason. Sent to the address the
 * account had: nothing else of theirs is kept, and this address cannot sign up again.
 */
export function accountDeletedMail(
  to: MailRecipient,
  about: { serverName: string; reason: string },
): OutgoingMail {
  const w = new MailWriter(to.language);
  const server = { server: about.serverName };
  return moderationMail(to, {
    w,
    subject: w.t(M.deletedSubject, server),
    said: w.t(M.deletedSaid, server),
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
  to: MailRecipient,
  about: { purgeAt: Date; loginUrl: string },
): OutgoingMail {
  const w = new MailWriter(to.language);
  const greeting = hello(w, to);
  const said = w.t(M.deletionSaid, { product: PRODUCT });
  const keep = w.t(M.deletionKeep, { when: w.dateTime(about.purgeAt) });
  return compose(
    to,
    w,
    w.t(M.deletionSubject, { product: PRODUCT }),
    [greeting.text, '', said.text, '', keep.text, about.loginUrl],
    [p(greeting), p(said), p(keep), p(link(about.loginUrl).html)],
  );
}

/**
 * The member's 'Download your information' zip is ready: where to download it (the Settings
 * page, whose Download button asks for a signed address; the mail carries none itself, so a
 * forwarded mail opens nothing) and until when.
 */
export function dataExportReadyMail(
  to: MailRecipient,
  about: { settingsUrl: string; expiresAt: string },
): OutgoingMail {
  const w = new MailWriter(to.language);
  const greeting = hello(w, to);
  const until = `${about.expiresAt.slice(0, 16).replace('T', ' ')} UTC`;
  const said = w.t(M.exportSaid, { product: PRODUCT, until });
  return compose(
    to,
    w,
    w.t(M.exportSubject, { product: PRODUCT }),
    [greeting.text, '', said.text, '', about.settingsUrl],
    [p(greeting), p(said), p(link(about.settingsUrl).html)],
  );
}
