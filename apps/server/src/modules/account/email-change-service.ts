import {
  ACCOUNT_MESSAGES,
  type Account,
  type ChangeEmailInput,
  type ConfirmEmailAnswer,
  EMAIL_CHANGE_TTL_MS,
  type MessageResponse,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/database.js';
import { uniqueViolation } from '../../db/errors.js';
import type { UserRow } from '../../db/users.js';
import { conflict, invalid } from '../../errors.js';
import { addMs, type Clock } from '../../infra/clock.js';
import { verifyPassword } from '../auth/password.js';
import { languageOf } from '../auth/present.js';
import { randomToken, sha256 } from '../auth/secrets.js';
import { refuseBlockedEmail } from '../community/admission.js';
import type { MailQueue } from '../mail/service.js';
import { emailChangedMail, emailChangeLinkMail } from '../mail/templates.js';
import {
  accountWithEmail,
  changeUserEmail,
  emailOwnerOf,
  findEmailChange,
  pendingEmailOf,
  replaceEmailChange,
  spendEmailChange,
  twoFactorSummaryOf,
} from './email-change-repo.js';

export interface EmailChangeServiceDeps {
  db: Db;
  clock: Clock;
  mail: MailQueue;
  /** Where members open the app (APP_URL): the link and the reset page start with it. */
  appUrl: string;
}

/**
 * Changing one's e-mail address (API.md, One's own account), and the account summary the
 * Settings page shows. The new address changes nothing until the link sent to it is opened:
 * an address the member cannot read would otherwise lock them out of resets and mail.
 */
export class EmailChangeService {
  constructor(private readonly deps: EmailChangeServiceDeps) {}

  /** GET /users/account. */
  async account(member: UserRow): Promise<Account> {
    const { db, clock } = this.deps;
    const [pendingEmail, twoFactor] = await Promise.all([
      pendingEmailOf(db, member.id, clock.now().toISOString()),
      twoFactorSummaryOf(db, member.id),
    ]);
    return { email: member.email, pendingEmail, twoFactor, language: languageOf(member) };
  }

  /**
   * PUT /users/changeEmail: the password right, the address new, allowed by the admins' sign-up
   * rules and free; then a link valid EMAIL_CHANGE_TTL_MS goes to the new address, replacing any
   * earlier one. The refusal is checked before the free check, as at sign-up, so neither answer
   * tells about the other.
   */
  async changeEmail(member: UserRow, input: ChangeEmailInput): Promise<MessageResponse> {
    const { db, clock, mail } = this.deps;
    if (!(await verifyPassword(input.currentPassword, member.password_hash))) {
      throw invalid(ACCOUNT_MESSAGES.currentPasswordWrong);
    }
    const email = input.email.toLowerCase();
    if (email === member.email) throw invalid(ACCOUNT_MESSAGES.emailSame);
    const now = clock.now();
    await refuseBlockedEmail(db, email, now.toISOString());
    if (await accountWithEmail(db, email)) throw conflict(SERVER_MESSAGES.emailTaken);

    const token = randomToken();
    await db.transaction().execute(async (trx) => {
      await replaceEmailChange(trx, {
        id: uuidv7(),
        user_id: member.id,
        new_email: email,
        token_hash: sha256(token),
        expires_at: addMs(now, EMAIL_CHANGE_TTL_MS).toISOString(),
        used_at: null,
        created_at: now.toISOString(),
      });
      await mail.enqueue(
        trx,
        emailChangeLinkMail({ ...member, email }, `${this.deps.appUrl}/confirm-email/${token}`),
      );
    });
    mail.deliverSoon();
    return { message: ACCOUNT_MESSAGES.emailChangeSent };
  }

  /**
   * POST /users/confirmEmail: the link is the proof, no session needed. Spent, changed and the
   * old address told in one transaction; an address another account took since the link was
   * sent is 409, and then nothing changes (the link stays unspent).
   */
  async confirmEmail(token: string): Promise<ConfirmEmailAnswer> {
    const { db, clock, mail } = this.deps;
    const link = await findEmailChange(db, sha256(token));
    const now = clock.now().toISOString();
    if (!link || link.used_at !== null || link.expires_at <= now) {
      throw invalid(ACCOUNT_MESSAGES.emailLinkInvalid);
    }
    const owner = await accountWithEmail(db, link.new_email);
    if (owner !== undefined && owner !== link.user_id) throw conflict(SERVER_MESSAGES.emailTaken);

    let changed: boolean;
    try {
      changed = await db.transaction().execute(async (trx) => {
        if (!(await spendEmailChange(trx, link.id, now))) return false;
        const member = await emailOwnerOf(trx, link.user_id);
        if (!member) return false;
        await changeUserEmail(trx, link.user_id, link.new_email, now);
        await mail.enqueue(
          trx,
          emailChangedMail(member, {
            newEmail: link.new_email,
            resetUrl: `${this.deps.appUrl}/reset`,
          }),
        );
        return true;
      });
    } catch (error) {
      // Taken between the check above and the update: the unique index decides.
      if (uniqueViolation(error)?.includes('email')) throw conflict(SERVER_MESSAGES.emailTaken);
      throw error;
    }
    if (!changed) throw invalid(ACCOUNT_MESSAGES.emailLinkInvalid);
    mail.deliverSoon();
    return { message: ACCOUNT_MESSAGES.emailChanged, email: link.new_email };
  }
}
