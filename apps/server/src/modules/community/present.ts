import type {
  About,
  Application,
  Invite,
  ModerationMember,
  ModerationSettings,
} from '@hearth/contract';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import { roleOf } from '../auth/present.js';
import { toPublicUser } from '../users/present.js';
import type { InviteWithMakerRow } from './invites-repo.js';
import type { CommunityMemberRow } from './repo.js';
import type { CommunitySettings } from './settings-repo.js';

export function toAbout(settings: CommunitySettings): About {
  return {
    name: settings.name,
    description: settings.description,
    rules: settings.rules,
    privacyPolicy: settings.privacyPolicy,
    signupMode: settings.signupMode,
    membersMayInvite: settings.membersMayInvite,
  };
}

export function toModerationSettings(settings: CommunitySettings): ModerationSettings {
  return {
    ...toAbout(settings),
    blockedEmailDomains: settings.blockedEmailDomains,
    autoApprovalAt: settings.autoApprovalAt,
  };
}

export function toModerationMember(
  row: CommunityMemberRow,
  imageUrls: ImageUrls,
): ModerationMember {
  const role = roleOf(row);
  return {
    ...toPublicUser(row, imageUrls),
    email: row.email,
    role,
    createdAt: row.created_at,
    // Members' activity is not kept; a former moderator's last one is not shown either.
    lastActiveAt: role === 'member' ? null : row.last_active_at,
  };
}

export function toApplication(row: CommunityMemberRow, imageUrls: ImageUrls): Application {
  return {
    ...toPublicUser(row, imageUrls),
    email: row.email,
    reason: row.join_reason ?? '',
    createdAt: row.created_at,
  };
}

/** The address that opens the sign-up with the code filled in. */
export function inviteUrl(appUrl: string, code: string): string {
  return `${appUrl}/?invite=${encodeURIComponent(code)}`;
}

export function toInvite(row: InviteWithMakerRow, appUrl: string): Invite {
  return {
    code: row.code,
    url: inviteUrl(appUrl, row.code),
    uses: row.uses,
    used: row.used,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    createdBy:
      row.maker_id === null
        ? null
        : {
            _id: row.maker_id,
            first_name: row.maker_first_name ?? '',
            last_name: row.maker_last_name ?? '',
          },
  };
}
