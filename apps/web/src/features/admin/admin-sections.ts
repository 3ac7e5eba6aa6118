import type { About, MessageDescriptor, Role } from '@hearth/contract';
import { adminMessages as m } from './admin.messages';

export type AdminSectionPath =
  | 'reports'
  | 'applications'
  | 'members'
  | 'invites'
  | 'settings'
  | 'log';

export interface AdminSection {
  path: AdminSectionPath;
  /** The nav's name for it, translated where it shows. */
  name: MessageDescriptor;
  /**
   * Whether a member of `role` may open it; undefined while that depends on /about, not read
   * yet. The server answers 404 to the same people (the calls' `access`).
   */
  allowed: (role: Role, about: About | undefined) => boolean | undefined;
}

const staff = (role: Role) => role === 'moderator' || role === 'admin';

/** The moderation area's pages (/admin/…), in the nav's order. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: 'reports', name: m.sectionReports, allowed: staff },
  { path: 'applications', name: m.sectionApplications, allowed: staff },
  { path: 'members', name: m.sectionMembers, allowed: staff },
  {
    path: 'invites',
    name: m.sectionInvites,
    // Admins, and any member while the admin lets members invite.
    allowed: (role, about) => (role === 'admin' ? true : about?.membersMayInvite),
  },
  { path: 'settings', name: m.sectionSettings, allowed: (role) => role === 'admin' },
  { path: 'log', name: m.sectionLog, allowed: (role) => role === 'admin' },
];
