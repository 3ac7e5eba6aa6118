import { randomBytes } from 'node:crypto';
import {
  type About,
  type Application,
  type ApplicationDecision,
  INVITE_CODE_LENGTH,
  type Invite,
  type InviteInput,
  type MemberRecord,
  MODERATION_MESSAGES,
  MODERATION_PAGE_SIZE,
  type ModerationMember,
  type ModerationMembersQuery,
  type ModerationSettings,
  type ModerationSettingsInput,
  type Role,
  type RoleAnswer,
  SERVER_MESSAGES,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/database.js';
import { uniqueViolation } from '../../db/errors.js';
import { keysetPage, type Page } from '../../db/keyset.js';
import { normaliseForSearch } from '../../db/search-keys.js';
import type { UserRow } from '../../db/users.js';
import { invalid, notFound } from '../../errors.js';
import { addMs, type Clock } from '../../infra/clock.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import { roleOf } from '../auth/present.js';
import type { AuthService } from '../auth/service.js';
import type { MailQueue } from '../mail/service.js';
import { applicationApprovedMail, applicationRejectedMail } from '../mail/templates.js';
import type { NotificationEvent, NotificationsService } from '../notifications/service.js';
import { actorOf, auditLinesAbout, insertAuditEntry } from './audit-repo.js';
import { findInvite, insertInvite, listInvites, revokeInvite } from './invites-repo.js';
import {
  toAbout,
  toApplication,
  toInvite,
  toModerationMember,
  toModerationSettings,
  toRecordAction,
  toRecordReport,
} from './present.js';
import {
  applicantsPage,
  approveApplicant,
  deleteApplicant,
  findMember,
  membersPage,
} from './repo.js';
import { reportsAbout } from './reports-repo.js';
import { changeRole } from './roles.js';
import {
  type CommunitySettings,
  lockCommunitySettings,
  readCommunitySettings,
  writeCommunitySettings,
} from './settings-repo.js';

export interface CommunityServiceDeps {
  db: Db;
  clock: Clock;
  mail: MailQueue;
  /** Where members open the app (APP_URL): invite links and the approval mail start with it. */
  appUrl: string;
  imageUrls: ImageUrls;
  /** Sends an approved applicant the activation link sign-up would have sent. */
  auth: AuthService;
  /** Takes the application's notifications off every moderator's bell once decided. */
  notifications: NotificationsService;
}

const DAY_MS = 24 * 3_600_000;
/** The reports and the actions a member's record shows, each. */
const RECORD_MAX = 50;

/** Invite codes: no 0/O, 1/I/L, so a code read aloud or copied by hand comes out right. */
const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const INVITE_CODE_ATTEMPTS = 5;

/** The settings the admin edits (what changes them is compared field by field for the log). */
const EDITABLE = [
  'signupMode',
  'name',
  'description',
  'rules',
  'privacyPolicy',
  'blockedEmailDomains',
  'membersMayInvite',
] as const satisfies readonly (keyof ModerationSettingsInput & keyof CommunitySettings)[];

/**
 * Who may join and what the server says about itself (API.md, Hosts in charge): the public
 * /about, the admin's settings and roles, applications, invite links. Every change goes into
 * the audit log in its own transaction.
 */
export class CommunityService {
  constructor(private readonly deps: CommunityServiceDeps) {}

  async about(): Promise<About> {
    return toAbout(await this.currentSettings());
  }

  async settings(): Promise<ModerationSettings> {
    return toModerationSettings(await this.currentSettings());
  }

  /** Whether the member may make and list invite links: an admin, or anyone while allowed. */
  async mayInvite(member: UserRow): Promise<boolean> {
    if (roleOf(member) === 'admin') return true;
    return (await this.currentSettings()).membersMayInvite;
  }

  async updateSettings(
    actor: UserRow,
    input: ModerationSettingsInput,
  ): Promise<ModerationSettings> {
    const nowIso = this.nowIso();
    const saved = await this.deps.db.transaction().execute(async (trx) => {
      await lockCommunitySettings(trx);
      const before = await readCommunitySettings(trx, nowIso);
      const after: CommunitySettings = { ...before };
      const changes: Record<string, { before: unknown; after: unknown }> = {};
      for (const key of EDITABLE) {
        const value = input[key];
        if (value === undefined || JSON.stringify(value) === JSON.stringify(before[key])) continue;
        changes[key] = { before: before[key], after: value };
        Object.assign(after, { [key]: value });
      }
      if (Object.keys(changes).length === 0) return before;
      // The staff-inactivity count of `open` starts again with every change of mode.
      if (changes.signupMode) after.signupModeSince = nowIso;
      await writeCommunitySettings(trx, after, nowIso);
      await insertAuditEntry(trx, {
        actor: actorOf(actor),
        action: 'settings.update',
        details: { changes },
        at: nowIso,
      });
      return after;
    });
    return toModerationSettings(saved);
  }

  async setRole(actor: UserRow, targetId: string, role: Role): Promise<RoleAnswer> {
    const change = await changeRole(this.deps.db, {
      targetId,
      role,
      actor: actorOf(actor),
      nowIso: this.nowIso(),
      via: 'app',
    });
    if (!change.ok) {
      if (change.reason === 'lastAdmin') throw invalid(MODERATION_MESSAGES.lastAdmin);
      throw notFound(SERVER_MESSAGES.notFound);
    }
    return { _id: change.member.id, role: change.after };
  }

  /**
   * A member's record for moderators: the member as the members list shows them, the reports
   * naming them and the audit lines about them, newest first. Unknown or applying: 404.
   */
  async memberRecord(userId: string): Promise<MemberRecord> {
    const { db, imageUrls } = this.deps;
    const [member, reports, actions] = await Promise.all([
      findMember(db, userId),
      reportsAbout(db, userId, RECORD_MAX),
      auditLinesAbout(db, userId, RECORD_MAX),
    ]);
    if (!member) throw notFound(SERVER_MESSAGES.notFound);
    return {
      member: toModerationMember(member, imageUrls),
      reports: reports.map(toRecordReport),
      actions: actions.map(toRecordAction),
    };
  }

  async members(query: ModerationMembersQuery): Promise<Page<ModerationMember>> {
    const term = query.q ? normaliseForSearch(query.q) : undefined;
    const { items, nextCursor } = await keysetPage(
      MODERATION_PAGE_SIZE,
      (limit) => membersPage(this.deps.db, { term, cursor: query.cursor, limit }),
      (last) => last.id,
    );
    return {
      items: items.map((row) => toModerationMember(row, this.deps.imageUrls)),
      nextCursor,
    };
  }

  async applications(query: { cursor?: string | undefined }): Promise<Page<Application>> {
    const { items, nextCursor } = await keysetPage(
      MODERATION_PAGE_SIZE,
      (limit) => applicantsPage(this.deps.db, { cursor: query.cursor, limit }),
      (last) => last.id,
    );
    return { items: items.map((row) => toApplication(row, this.deps.imageUrls)), nextCursor };
  }

  /**
   * Approves (the applicant becomes a member, mailed the news and the activation link) or
   * rejects (the account is deleted, the applicant mailed with the reason when given).
   */
  async decideApplication(
    actor: UserRow,
    applicantId: string,
    decision: ApplicationDecision,
  ): Promise<'ok'> {
    const { db, mail, auth } = this.deps;
    const nowIso = this.nowIso();
    const reason = decision.reason?.trim() || undefined;
    const { name: serverName } = await this.currentSettings();
    let removed: NotificationEvent[] = [];
    await db.transaction().execute(async (trx) => {
      // Before a rejected account goes (its notifications would go silently with it).
      removed = await this.deps.notifications.applicationDecided(trx, applicantId);
      const applicant = decision.approve
        ? await approveApplicant(trx, applicantId, nowIso)
        : await deleteApplicant(trx, applicantId);
      if (!applicant) throw notFound(SERVER_MESSAGES.notFound);
      if (decision.approve) {
        await mail.enqueue(trx, applicationApprovedMail(applicant, serverName, this.deps.appUrl));
        await auth.queueActivation(trx, applicant);
      } else {
        await mail.enqueue(trx, applicationRejectedMail(applicant, serverName, reason));
      }
      await insertAuditEntry(trx, {
        actor: actorOf(actor),
        action: decision.approve ? 'application.approve' : 'application.reject',
        target: { id: applicant.id, name: `${applicant.first_name} ${applicant.last_name}` },
        details: reason ? { reason } : {},
        at: nowIso,
      });
    });
    mail.deliverSoon();
    await this.deps.notifications.publish(removed);
    return 'ok';
  }

  /** An admin's list holds every invite, a member's their own (ended ones for a day). */
  async invites(member: UserRow): Promise<Invite[]> {
    const now = this.deps.clock.now();
    const rows = await listInvites(this.deps.db, {
      createdBy: roleOf(member) === 'admin' ? undefined : member.id,
      endedAfterIso: addMs(now, -DAY_MS).toISOString(),
    });
    return rows.map((row) => toInvite(row, this.deps.appUrl));
  }

  async createInvite(member: UserRow, input: InviteInput): Promise<Invite> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const nowIso = now.toISOString();
    const expiresAt = addMs(now, input.expiresInDays * DAY_MS).toISOString();
    for (let attempt = 1; ; attempt++) {
      const code = randomInviteCode();
      try {
        await db.transaction().execute(async (trx) => {
          await insertInvite(trx, {
            id: uuidv7(),
            code,
            created_by: member.id,
            uses: input.uses,
            expires_at: expiresAt,
            revoked_at: null,
            created_at: nowIso,
          });
          await insertAuditEntry(trx, {
            actor: actorOf(member),
            action: 'invite.create',
            details: { code, uses: input.uses, expiresAt },
            at: nowIso,
          });
        });
      } catch (error) {
        // About 59 random bits: a collision is all but impossible, and then another code is drawn.
        if (uniqueViolation(error) !== undefined && attempt < INVITE_CODE_ATTEMPTS) continue;
        throw error;
      }
      const row = await findInvite(db, code);
      if (!row) throw new Error('the invite just made is missing');
      return toInvite(row, this.deps.appUrl);
    }
  }

  async revokeInvite(member: UserRow, code: string): Promise<'ok'> {
    const nowIso = this.nowIso();
    await this.deps.db.transaction().execute(async (trx) => {
      const revoked = await revokeInvite(trx, {
        code: code.trim().toUpperCase(),
        createdBy: roleOf(member) === 'admin' ? undefined : member.id,
        nowIso,
      });
      if (!revoked) throw notFound(SERVER_MESSAGES.notFound);
      await insertAuditEntry(trx, {
        actor: actorOf(member),
        action: 'invite.revoke',
        details: { code: revoked.code, uses: revoked.uses, used: revoked.used },
        at: nowIso,
      });
    });
    return 'ok';
  }

  private currentSettings(): Promise<CommunitySettings> {
    return readCommunitySettings(this.deps.db, this.nowIso());
  }

  private nowIso(): string {
    return this.deps.clock.now().toISOString();
  }
}

/** INVITE_CODE_LENGTH characters of the unambiguous alphabet, from the system's random source. */
function randomInviteCode(): string {
  let code = '';
  while (code.length < INVITE_CODE_LENGTH) {
    for (const byte of randomBytes(INVITE_CODE_LENGTH * 2)) {
      // Bytes past the largest multiple of the alphabet's size are skipped: no letter favoured.
      const limit = 256 - (256 % INVITE_ALPHABET.length);
      if (byte >= limit) continue;
      code += INVITE_ALPHABET[byte % INVITE_ALPHABET.length];
      if (code.length === INVITE_CODE_LENGTH) break;
    }
  }
  return code;
}
