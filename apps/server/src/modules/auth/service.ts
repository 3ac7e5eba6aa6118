import {
  ACCOUNT_MESSAGES,
  ACTIVATION_TTL_MS,
  type AuthResponse,
  type CancelDeletionInput,
  type ChangePasswordInput,
  DEFAULT_LANGUAGE,
  DEFAULT_PICTURE,
  DEFAULT_PRIVACY,
  type LanguageCode,
  type LoginAnswer,
  type LoginInput,
  type LoginTwoFactorInput,
  type MessageResponse,
  MODERATION_MESSAGES,
  RESET_CODE_MAX_TRIES,
  RESET_CODE_TTL_MS,
  RESET_WINDOW_TTL_MS,
  type RegisterAnswer,
  type RegisterInput,
  type ResetUserInfo,
  SERVER_MESSAGES,
  SIGNUP_MESSAGES,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/database.js';
import { uniqueViolation } from '../../db/errors.js';
import { searchKeysOf } from '../../db/search-keys.js';
import type { UserRow } from '../../db/users.js';
import { conflict, forbidden, invalid, notFound } from '../../errors.js';
import type { EventBus } from '../../infra/bus/bus.js';
import { addMs, type Clock } from '../../infra/clock.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import type { AccountDeletionService } from '../account/deletion-service.js';
import { admit, spendAdmission } from '../community/admission.js';
import { isSuspended } from '../community/suspensions-repo.js';
import type { MailQueue } from '../mail/service.js';
import { activationMail, passwordChangedMail, resetCodeMail } from '../mail/templates.js';
import type { NotificationEvent, NotificationsService } from '../notifications/service.js';
import { LoginTickets, type TicketPurpose } from './login-tickets.js';
import { hashPassword, verifyPassword } from './password.js';
import { toAuthResponse, toPendingSignup, toResetUserInfo } from './present.js';
import {
  changePassword,
  consumeResetWindow,
  endSession,
  endSessionsOf,
  endSessionsOfExcept,
  findEmailVerification,
  findMemberInSession,
  findPasswordReset,
  findUserByEmail,
  findUserById,
  insertEmailVerification,
  insertUser,
  markVerified,
  openResetWindow,
  replacePassword,
  replacePasswordReset,
  spendResetTry,
  useEmailVerification,
  usernamesStartingWith,
} from './repo.js';
import { randomResetCode, randomToken, sameHash, sha256 } from './secrets.js';
import { noteSessionUse, type SessionUse } from './session-list.js';
import type { SessionTokens } from './session-tokens.js';
import { openSessions, type SessionClient } from './sessions.js';
import type { SecondFactor } from './two-factor-service.js';
import { nextFreeUsername, randomFreeUsername, usernameBase } from './username.js';

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  mail: MailQueue;
  sessions: SessionTokens;
  /** Where members open the app (APP_URL): the activation link starts with it. */
  appUrl: string;
  /** Image references to addresses (infra/storage/image-urls.ts). */
  imageUrls: ImageUrls;
  passwordHashLogN: number;
  /** Where ended sessions are announced, so their sockets close (live updates). */
  bus: EventBus;
  /** Moderators hear of each application to join (approval mode). */
  notifications: NotificationsService;
  /** A login's second step: the ticket that stands for the right password meanwhile. */
  tickets: LoginTickets;
  /** Two-factor sign-in: whether a code is asked for, and taking it. */
  twoFactor: SecondFactor;
  /** Accounts their members are deleting: a login offers to keep them. */
  deletions: Pick<AccountDeletionService, 'pendingFor' | 'cancel'>;
}

/** A login step's answer, and the e-mail its known-device cookie is for (auth/routes.ts). */
export interface LoginStep<Answer extends LoginAnswer = LoginAnswer> {
  answer: Answer;
  email: string;
}

/**
 * What a valid session resolves to (its member, its id and when it expires, in seconds since
 * the epoch), or why it does not.
 */
export type Authentication =
  | { member: UserRow; sessionId: string; expiresAt: number }
  | { failure: string };

// Members registering the same name at once collide on the username; the losers retry, and
// after a few rounds pick a random suffix so a crowd cannot keep colliding.
const USERNAME_ATTEMPTS = 10;
const SEQUENTIAL_USERNAME_ATTEMPTS = 3;

export class AuthService {
  /** Compared against when the e-mail is unknown, so that case costs as much as a wrong password. */
  private readonly decoyHash: Promise<string>;

  constructor(private readonly deps: AuthServiceDeps) {
    this.decoyHash = hashPassword('decoy password', deps.passwordHashLogN);
  }

  /**
   * Sign-up, as the admin's settings allow it (API.md, Hosts in charge): `closed` refuses, a
   * refused e-mail domain is 400, `invite` spends one use of the code in the account's own
   * transaction, `approval` keeps the account pending with its reason: no session and no
   * activation mail until a moderator approves. The account keeps `language`, the one the
   * visitor had (auth/routes.ts visitorLanguage): its mails, the activation link's first, are in it.
   */
  async register(
    input: RegisterInput,
    client: SessionClient = {},
    language: LanguageCode = DEFAULT_LANGUAGE,
  ): Promise<RegisterAnswer> {
    const { db, clock, mail } = this.deps;
    const email = input.email.toLowerCase();
    const admission = await admit(db, input, clock.now().toISOString());
    const { pending, reason } = admission;
    if (await findUserByEmail(db, email)) throw conflict(SERVER_MESSAGES.emailTaken);
    const passwordHash = await hashPassword(input.password, this.deps.passwordHashLogN);
    const base = usernameBase(input.first_name, input.last_name);

    for (let attempt = 1; ; attempt++) {
      const now = clock.now();
      const user: UserRow = {
        id: uuidv7(),
        email,
        password_hash: passwordHash,
        first_name: input.first_name,
        last_name: input.last_name,
        username: '',
        picture: DEFAULT_PICTURE,
        cover: '',
        gender: input.gender,
        birth_year: input.bYear,
        birth_month: input.bMonth,
        birth_day: input.bDay,
        verified: 0,
        details: '{}',
        default_audience: DEFAULT_PRIVACY.defaultAudience,
        friend_requests_from: DEFAULT_PRIVACY.friendRequestsFrom,
        friends_list_visible_to: DEFAULT_PRIVACY.friendsListVisibleTo,
        ...searchKeysOf(input),
        role: 'member',
        pending: pending ? 1 : 0,
        join_reason: pending ? (reason ?? null) : null,
        approved_at: null,
        last_active_at: null,
        language,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      let token: string | undefined;
      let notified: NotificationEvent[] = [];
      try {
        token = await db.transaction().execute(async (trx) => {
          // Spent with the account: a sign-up that fails (e-mail taken, a lost race) keeps it.
          await spendAdmission(trx, admission, now.toISOString());
          const taken = await usernamesStartingWith(trx, base);
          user.username =
            attempt <= SEQUENTIAL_USERNAME_ATTEMPTS
              ? nextFreeUsername(base, taken)
              : randomFreeUsername(base, taken);
          await insertUser(trx, user);
          // An applicant has no session and gets the activation link once approved; the
          // moderators are told.
          if (pending) {
            notified = await this.deps.notifications.applicationReceived(trx, {
              applicantId: user.id,
              nowIso: now.toISOString(),
            });
            return undefined;
          }
          await this.queueActivation(trx, user);
          return this.openSession(trx, user, client);
        });
      } catch (error) {
        const column = uniqueViolation(error);
        if (column?.includes('email')) throw conflict(SERVER_MESSAGES.emailTaken);
        if (column?.includes('username') && attempt < USERNAME_ATTEMPTS) continue;
        throw error;
      }
      if (token === undefined) {
        await this.deps.notifications.publish(notified);
        return toPendingSignup(SIGNUP_MESSAGES.awaitingApproval, user, this.deps.imageUrls);
      }
      mail.deliverSoon();
      return toAuthResponse(SERVER_MESSAGES.registerSuccess, user, token, this.deps.imageUrls);
    }
  }

  /**
   * The password, then (API.md, One's own account) a code when two-factor sign-in is on: no
   * session yet, a ticket for `loginTwoFactor`. Past both, an account being deleted answers
   * its purge date and a ticket for `cancelDeletion` instead of a session.
   */
  async login(input: LoginInput, client: SessionClient = {}): Promise<LoginAnswer> {
    const user = await findUserByEmail(this.deps.db, input.email.toLowerCase());
    const matches = await verifyPassword(
      input.password,
      user?.password_hash ?? (await this.decoyHash),
    );
    if (!user || !matches) throw invalid(SERVER_MESSAGES.invalidCredentials);
    await this.checkStanding(user);
    if (await this.deps.twoFactor.isOn(user.id)) {
      return {
        message: ACCOUNT_MESSAGES.loginCodeNeeded,
        twoFactorRequired: true,
        ticket: await this.deps.tickets.issue(user, 'two-factor'),
      };
    }
    return this.sessionOrDeletion(user, client);
  }

  /**
   * POST /auth/loginTwoFactor: the ticket login answered and a code (each taken once). The
   * member is read again: one whose password changed, or who was suspended, meanwhile is
   * refused as login would refuse them.
   */
  async loginTwoFactor(input: LoginTwoFactorInput, client: SessionClient = {}): Promise<LoginStep> {
    const user = await this.ticketHolder(input.ticket, 'two-factor');
    await this.checkStanding(user);
    if (!(await this.deps.twoFactor.spendCode(user.id, input.code))) {
      throw invalid(ACCOUNT_MESSAGES.twoFactorCodeWrong);
    }
    return { answer: await this.sessionOrDeletion(user, client), email: user.email };
  }

  /**
   * POST /auth/cancelDeletion: the ticket a login to an account being deleted answered. The
   * deletion is cancelled and a session opens; a deletion cancelled already (the same ticket
   * twice) just opens the session.
   */
  async cancelDeletion(
    input: CancelDeletionInput,
    client: SessionClient = {},
  ): Promise<LoginStep<AuthResponse>> {
    const user = await this.ticketHolder(input.ticket, 'cancel-deletion');
    if (user.pending === 1) throw forbidden(SIGNUP_MESSAGES.loginPending);
    const cancelled = await this.deps.deletions.cancel(user.id);
    // Left now, a row can only be a moderator's suspension.
    if (await isSuspended(this.deps.db, user.id)) {
      throw forbidden(MODERATION_MESSAGES.accountSuspended);
    }
    const message = cancelled ? ACCOUNT_MESSAGES.deletionCancelled : SERVER_MESSAGES.loginSuccess;
    const token = await this.openSession(this.deps.db, user, client);
    return { answer: toAuthResponse(message, user, token, this.deps.imageUrls), email: user.email };
  }

  /** The member a valid ticket names (for the per-account limits of the second step). */
  async ticketMember(ticket: string, purpose: TicketPurpose): Promise<string | undefined> {
    return (await this.deps.tickets.read(ticket, purpose))?.userId;
  }

  /**
   * Resolves a bearer token to the member while its session lives: one query, so an ended
   * session is refused at once by every process sharing the database. The session's last
   * activity (and the address `use` came from) is written at most once a minute.
   */
  async authenticate(token: string, use: SessionUse): Promise<Authentication> {
    const check = await this.deps.sessions.verify(token);
    if (!check.ok) {
      return {
        failure:
          check.reason === 'expired'
            ? SERVER_MESSAGES.sessionExpired
            : SERVER_MESSAGES.unauthenticated,
      };
    }
    const { userId, sessionId, expiresAt } = check.claims;
    const now = this.deps.clock.now();
    const found = await findMemberInSession(this.deps.db, userId, sessionId, now.toISOString());
    if (!found) return { failure: SERVER_MESSAGES.sessionExpired };
    const { session_active_at: activeAt, ...member } = found;
    await noteSessionUse(this.deps.db, sessionId, activeAt, now, use);
    return { member, sessionId, expiresAt };
  }

  /** POST /auth/logout: the caller's session ends; their other sessions go on. */
  async logout(member: UserRow, sessionId: string): Promise<MessageResponse> {
    await endSession(this.deps.db, member.id, sessionId);
    await this.deps.bus.publish({ type: 'session.ended', userId: member.id, sessionId });
    return { message: SERVER_MESSAGES.loggedOut };
  }

  /** 'Log out of all devices': every session of the member ends, the caller's included. */
  async logoutEverywhere(member: UserRow): Promise<MessageResponse> {
    await endSessionsOf(this.deps.db, member.id);
    await this.deps.bus.publish({ type: 'session.ended', userId: member.id, sessionId: null });
    return { message: SERVER_MESSAGES.loggedOutEverywhere };
  }

  async activateAccount(member: UserRow, token: string): Promise<MessageResponse> {
    const { db, clock } = this.deps;
    const link = await findEmailVerification(db, sha256(token));
    if (!link) throw invalid(SERVER_MESSAGES.activationInvalid);
    if (link.user_id !== member.id) throw forbidden(SERVER_MESSAGES.notYourActivation);
    if (member.verified === 1) throw invalid(SERVER_MESSAGES.alreadyActivated);
    const now = clock.now().toISOString();
    if (link.used_at !== null || link.expires_at <= now) {
      throw invalid(SERVER_MESSAGES.activationInvalid);
    }
    const activated = await db.transaction().execute(async (trx) => {
      if (!(await useEmailVerification(trx, link.id, now))) return false;
      await markVerified(trx, member.id, now);
      return true;
    });
    if (!activated) throw invalid(SERVER_MESSAGES.activationInvalid);
    return { message: SERVER_MESSAGES.activated };
  }

  async resendVerification(member: UserRow): Promise<MessageResponse> {
    const { db, mail } = this.deps;
    if (member.verified === 1) throw invalid(SERVER_MESSAGES.alreadyActivated);
    await db.transaction().execute((trx) => this.queueActivation(trx, member));
    mail.deliverSoon();
    return { message: SERVER_MESSAGES.verificationSent };
  }

  /**
   * A new activation link for the member (valid 24 h, single use) and its mail, in the caller's
   * transaction; the caller asks for delivery once committed. Sign-up sends one, and so does a
   * moderator's approval of an applicant, who had no session to activate with before.
   */
  async queueActivation(
    trx: Db,
    member: Pick<UserRow, 'id' | 'email' | 'first_name' | 'language'>,
  ): Promise<void> {
    const token = randomToken();
    const now = this.deps.clock.now();
    await insertEmailVerification(trx, {
      id: uuidv7(),
      user_id: member.id,
      token_hash: sha256(token),
      expires_at: addMs(now, ACTIVATION_TTL_MS).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    });
    await this.deps.mail.enqueue(trx, activationMail(member, this.activationLink(token)));
  }

  async findUser(email: string): Promise<ResetUserInfo> {
    return toResetUserInfo(await this.existingAccount(email), this.deps.imageUrls);
  }

  async sendResetCode(email: string): Promise<MessageResponse> {
    const { db, clock, mail } = this.deps;
    const user = await this.existingAccount(email);
    const code = randomResetCode();
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await replacePasswordReset(trx, {
        id: uuidv7(),
        user_id: user.id,
        code_hash: sha256(code),
        expires_at: addMs(now, RESET_CODE_TTL_MS).toISOString(),
        wrong_tries: 0,
        validated_until: null,
        created_at: now.toISOString(),
      });
      await mail.enqueue(trx, resetCodeMail(user, code));
    });
    mail.deliverSoon();
    return { message: SERVER_MESSAGES.resetCodeSent };
  }

  async validateResetCode(email: string, code: string): Promise<MessageResponse> {
    const { db, clock } = this.deps;
    const user = await this.existingAccount(email);
    const reset = await findPasswordReset(db, user.id);
    if (!reset) throw invalid(SERVER_MESSAGES.resetCodeWrong);
    if (reset.wrong_tries >= RESET_CODE_MAX_TRIES) throw invalid(SERVER_MESSAGES.resetCodeBurnt);
    const now = clock.now();
    if (reset.expires_at <= now.toISOString()) throw invalid(SERVER_MESSAGES.resetCodeExpired);
    const triesSpent = await spendResetTry(db, reset.id);
    if (triesSpent === undefined) throw invalid(SERVER_MESSAGES.resetCodeBurnt);
    if (!sameHash(sha256(code.toUpperCase()), reset.code_hash)) {
      throw invalid(
        triesSpent >= RESET_CODE_MAX_TRIES
          ? SERVER_MESSAGES.resetCodeBurnt
          : SERVER_MESSAGES.resetCodeWrong,
      );
    }
    await openResetWindow(db, reset.id, addMs(now, RESET_WINDOW_TTL_MS).toISOString());
    return { message: 'ok' };
  }

  async resetPassword(email: string, password: string): Promise<MessageResponse> {
    const { db, clock } = this.deps;
    const user = await findUserByEmail(db, email.toLowerCase());
    if (!user) throw forbidden(SERVER_MESSAGES.resetNotAllowed);
    const passwordHash = await hashPassword(password, this.deps.passwordHashLogN);
    const now = clock.now().toISOString();
    const changed = await db.transaction().execute(async (trx) => {
      if (!(await consumeResetWindow(trx, user.id, now))) return false;
      await changePassword(trx, user.id, passwordHash, now);
      // The new password ends every session, on every device.
      await endSessionsOf(trx, user.id);
      return true;
    });
    if (!changed) throw forbidden(SERVER_MESSAGES.resetNotAllowed);
    await this.deps.bus.publish({ type: 'session.ended', userId: user.id, sessionId: null });
    return { message: SERVER_MESSAGES.passwordChanged };
  }

  /**
   * PUT /users/changePassword (API.md, One's own account): the current password must be right
   * (400 otherwise, nothing changed); the new one is stored, and every other session of the
   * member ends in the same transaction, with a mail telling them. The caller's session goes on.
   * Once committed, the ended sessions' sockets close on every process.
   */
  async changePassword(
    member: UserRow,
    sessionId: string,
    input: ChangePasswordInput,
  ): Promise<MessageResponse> {
    const { db, clock, mail, bus } = this.deps;
    if (!(await verifyPassword(input.currentPassword, member.password_hash))) {
      throw invalid(ACCOUNT_MESSAGES.currentPasswordWrong);
    }
    const newHash = await hashPassword(input.password, this.deps.passwordHashLogN);
    const now = clock.now().toISOString();
    const ended = await db.transaction().execute(async (trx) => {
      // The hash checked above, read with the session: a change that came meanwhile wins, and
      // this one is refused as if the current password were wrong (it is, now).
      const change = { currentHash: member.password_hash, newHash };
      if (!(await replacePassword(trx, member.id, change, now))) return undefined;
      const sessions = await endSessionsOfExcept(trx, member.id, sessionId);
      await mail.enqueue(trx, passwordChangedMail(member, `${this.deps.appUrl}/reset`));
      return sessions;
    });
    if (!ended) throw invalid(ACCOUNT_MESSAGES.currentPasswordWrong);
    mail.deliverSoon();
    // One event per session ended: the caller's own socket, on the session kept, stays open.
    await Promise.all(
      ended.map((id) => bus.publish({ type: 'session.ended', userId: member.id, sessionId: id })),
    );
    return { message: ACCOUNT_MESSAGES.passwordChanged };
  }

  private async existingAccount(email: string): Promise<UserRow> {
    const user = await findUserByEmail(this.deps.db, email.toLowerCase());
    if (!user) throw notFound(SERVER_MESSAGES.accountNotFound);
    return user;
  }

  private activationLink(token: string): string {
    return `${this.deps.appUrl}/activate/${token}`;
  }

  /**
   * Only the right password (or a ticket standing for it) learns that an application waits or
   * that a moderator suspended the account. A member deleting their account is not suspended:
   * their `suspensions` row is the deletion, which the login offers to cancel.
   */
  private async checkStanding(user: UserRow): Promise<void> {
    if (user.pending === 1) throw forbidden(SIGNUP_MESSAGES.loginPending);
    if (
      (await isSuspended(this.deps.db, user.id)) &&
      !(await this.deps.deletions.pendingFor(user.id))
    ) {
      throw forbidden(MODERATION_MESSAGES.accountSuspended);
    }
  }

  /** The member of a valid ticket issued under their current password. */
  private async ticketHolder(ticket: string, purpose: TicketPurpose): Promise<UserRow> {
    const claims = await this.deps.tickets.read(ticket, purpose);
    const user = claims && (await findUserById(this.deps.db, claims.userId));
    if (!claims || !user || !LoginTickets.matches(claims, user)) {
      throw invalid(ACCOUNT_MESSAGES.loginTicketExpired);
    }
    return user;
  }

  /** Past the password and any code: a session, unless the account is being deleted. */
  private async sessionOrDeletion(user: UserRow, client: SessionClient): Promise<LoginAnswer> {
    const deletion = await this.deps.deletions.pendingFor(user.id);
    if (deletion) {
      return {
        message: ACCOUNT_MESSAGES.deletionScheduled,
        deletionScheduled: true,
        purgeAt: deletion.purgeAt,
        ticket: await this.deps.tickets.issue(user, 'cancel-deletion'),
      };
    }
    const token = await this.openSession(this.deps.db, user, client);
    return toAuthResponse(SERVER_MESSAGES.loginSuccess, user, token, this.deps.imageUrls);
  }

  private async openSession(db: Db, user: UserRow, client: SessionClient): Promise<string> {
    const [token] = await openSessions(db, this.deps.sessions, [user.id], client);
    if (!token) throw new Error('openSessions answered no token');
    return token;
  }
}
