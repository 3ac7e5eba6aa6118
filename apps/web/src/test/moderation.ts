import type {
  Application,
  AuditEntry,
  EmailBlock,
  Invite,
  MemberRecord,
  ModerationMember,
  ModerationReport,
  ModerationSettings,
  MyReport,
  Notification,
  Role,
} from '@hearth/contract';
import { DEFAULT_PICTURE } from '@hearth/contract';
import { buildAbout } from './fake-server';
import { buildMember, grace } from './fixtures';

const HOUR_MS = 60 * 60_000;

/** An applicant as GET /moderation/applications lists them, who applied `hoursAgo` hours ago. */
export function buildApplication(
  first: string,
  last: string,
  overrides: Partial<Application> = {},
  hoursAgo = 2,
): Application {
  const member = buildMember(first, last);
  return {
    ...member,
    email: `${member.username}@example.com`,
    reason: `${first} wants to join.`,
    createdAt: new Date(Date.now() - hoursAgo * HOUR_MS).toISOString(),
    ...overrides,
  };
}

/** A member as GET /moderation/members lists them: active, joined 30 days ago. */
export function buildModerationMember(
  first: string,
  last: string,
  role: Role = 'member',
  overrides: Partial<ModerationMember> = {},
): ModerationMember {
  const member = buildMember(first, last);
  return {
    ...member,
    picture: DEFAULT_PICTURE,
    email: `${member.username}@example.com`,
    role,
    createdAt: new Date(Date.now() - 30 * 24 * HOUR_MS).toISOString(),
    lastActiveAt: role === 'member' ? null : new Date(Date.now() - HOUR_MS).toISOString(),
    status: 'active',
    suspension: null,
    ...overrides,
  };
}

/** `member` suspended `hoursAgo` hours ago for `reason`. */
export function suspended(
  member: ModerationMember,
  reason = 'Spam, again.',
  hoursAgo = 3,
): ModerationMember {
  return {
    ...member,
    status: 'suspended',
    suspension: { reason, at: new Date(Date.now() - hoursAgo * HOUR_MS).toISOString() },
  };
}

/** GET /moderation/members/{userId}'s answer: no reports, no actions unless told. */
export function buildMemberRecord(
  member: ModerationMember,
  overrides: Partial<Omit<MemberRecord, 'member'>> = {},
): MemberRecord {
  return { member, reports: [], actions: [], ...overrides };
}

/** A report in a member's record: an open spam report of a post, `hoursAgo` hours old. */
export function buildRecordReport(
  overrides: Partial<MemberRecord['reports'][number]> = {},
  hoursAgo = 2,
): MemberRecord['reports'][number] {
  sequence += 1;
  return {
    _id: `r${sequence}`,
    target: { type: 'post', _id: `p${sequence}` },
    reason: 'spam',
    details: '',
    status: 'open',
    outcome: null,
    createdAt: new Date(Date.now() - hoursAgo * HOUR_MS).toISOString(),
    ...overrides,
  };
}

/** An address refused after its account was deleted by Ada Owen, `hoursAgo` hours ago. */
export function buildEmailBlock(
  name: string,
  overrides: Partial<EmailBlock> = {},
  hoursAgo = 24,
): EmailBlock {
  sequence += 1;
  return {
    _id: `b${sequence}`,
    name,
    reason: 'Spam account.',
    createdAt: new Date(Date.now() - hoursAgo * HOUR_MS).toISOString(),
    ...overrides,
  };
}

/** GET /moderation/settings' answer: an open server unless told otherwise. */
export function buildModerationSettings(
  overrides: Partial<ModerationSettings> = {},
): ModerationSettings {
  return { ...buildAbout(), blockedEmailDomains: [], autoApprovalAt: null, ...overrides };
}

/** An invite link as the server answers it. */
export function buildInvite(code: string, overrides: Partial<Invite> = {}): Invite {
  return {
    code,
    url: `http://localhost:3000/?invite=${code}`,
    uses: 1,
    used: 0,
    expiresAt: new Date(Date.now() + 7 * 24 * HOUR_MS).toISOString(),
    createdAt: new Date().toISOString(),
    createdBy: { _id: '01JADA', first_name: 'Ada', last_name: 'Owen' },
    ...overrides,
  };
}

let sequence = 0;

/** A report as its reporter's Support Inbox lists it: an open report of a post, `hoursAgo` old. */
export function buildMyReport(overrides: Partial<MyReport> = {}, hoursAgo = 2): MyReport {
  sequence += 1;
  return {
    _id: `r${sequence}`,
    target: { type: 'post', _id: `p${sequence}`, preview: `Post ${sequence}` },
    reason: 'spam',
    details: '',
    status: 'open',
    outcome: null,
    createdAt: new Date(Date.now() - hoursAgo * HOUR_MS).toISOString(),
    resolvedAt: null,
    ...overrides,
  };
}

const person = (first: string, last: string) => {
  const { _id, username, picture, first_name, last_name } = buildMember(first, last);
  return { _id, username, picture, first_name, last_name };
};

/**
 * A report as the queue lists it: Ada Byron reports a post of Grace Hopper's for spam, `hoursAgo`
 * hours ago; no earlier reports, no action taken, open.
 */
export function buildModerationReport(
  overrides: Partial<ModerationReport> = {},
  hoursAgo = 2,
): ModerationReport {
  sequence += 1;
  const type = overrides.target?.type ?? 'post';
  return {
    _id: `r${sequence}`,
    status: 'open',
    reason: 'spam',
    details: '',
    createdAt: new Date(Date.now() - hoursAgo * HOUR_MS).toISOString(),
    reporter: person('Ada', 'Byron'),
    target: { type, _id: `${type[0]}${sequence}` },
    member: person('Grace', 'Hopper'),
    content:
      type === 'member'
        ? null
        : {
            text: `Buy cheap watches ${sequence}`,
            background: '',
            images: [],
            createdAt: new Date(Date.now() - (hoursAgo + 1) * HOUR_MS).toISOString(),
            trashed: false,
            removed: false,
            edited: false,
          },
    messages: type === 'message' ? reportedMessages(sequence, hoursAgo) : null,
    history: { earlierReports: 0, actions: [] },
    resolution: null,
    ...overrides,
  };
}

/** A message report's messages: Ada's before, Grace's reported one, Ada's after. */
function reportedMessages(n: number, hoursAgo: number): NonNullable<ModerationReport['messages']> {
  const at = (minutes: number) =>
    new Date(Date.now() - (hoursAgo + 1) * HOUR_MS + minutes * 60_000).toISOString();
  const line = (id: string, who: 'Ada Byron' | 'Grace Hopper', text: string, minutes: number) => ({
    _id: id,
    sender: { _id: who === 'Ada Byron' ? '01JADA' : '01JGRACE', name: who },
    text,
    image: null,
    removed: false,
    createdAt: at(minutes),
    reported: false,
  });
  return [
    line(`m${n}a`, 'Ada Byron', 'Can we talk about the bins?', 0),
    { ...line(`m${n}`, 'Grace Hopper', `Buy cheap watches ${n}`, 1), reported: true },
    line(`m${n}b`, 'Ada Byron', 'Please stop.', 2),
  ];
}

/** A line of the audit log, written `hoursAgo` hours ago by Ada Owen unless told otherwise. */
export function buildAuditEntry(overrides: Partial<AuditEntry> = {}, hoursAgo = 1): AuditEntry {
  sequence += 1;
  return {
    _id: `a${sequence}`,
    actor: { _id: '01JADA', name: 'Ada Owen' },
    action: 'settings.update',
    target: null,
    details: {},
    createdAt: new Date(Date.now() - hoursAgo * HOUR_MS).toISOString(),
    ...overrides,
  };
}

/** A notification from Grace Hopper, five minutes old and unread (a friend request unless told). */
export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  sequence += 1;
  return {
    _id: `n${sequence}`,
    type: 'friendRequest',
    actor: {
      _id: grace._id,
      username: grace.username,
      first_name: grace.first_name,
      last_name: grace.last_name,
      picture: grace.picture,
    },
    post: null,
    react: null,
    comment: null,
    note: null,
    read: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}
