import type {
  Application,
  Invite,
  ModerationMember,
  ModerationSettings,
  Role,
} from '@hearth/contract';
import { DEFAULT_PICTURE } from '@hearth/contract';
import { buildAbout } from './fake-server';
import { buildMember } from './fixtures';

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

/** A member as GET /moderation/members lists them. */
export function buildModerationMember(
  first: string,
  last: string,
  role: Role = 'member',
): ModerationMember {
  const member = buildMember(first, last);
  return {
    ...member,
    picture: DEFAULT_PICTURE,
    email: `${member.username}@example.com`,
    role,
    createdAt: new Date(Date.now() - 30 * 24 * HOUR_MS).toISOString(),
    lastActiveAt: role === 'member' ? null : new Date(Date.now() - HOUR_MS).toISOString(),
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
