import type { About, Role } from '@hearth/contract';

export type AdminSectionPath =
  | 'reports'
  | 'applications'
  | 'members'
  | 'invites'
  | 'settings'
  | 'log';

export interface AdminSection {
  path: AdminSectionPath;
  name: string;
  /**
   * Whether a member of `role` may open it; undefined while that depends on /about, not read
   * yet. The server answers 404 to the same people (the calls' `access`).
   */
  allowed: (role: Role, about: About | undefined) => boolean | undefined;
}

const staff = (role: Role) => role === 'moderator' || role === 'admin';

/** The moderation area's pages (/admin/…), in the nav's order. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: 'reports', name: 'Reports', allowed: staff },
  { path: 'applications', name: 'Applications', allowed: staff },
  { path: 'members', name: 'Members', allowed: staff },
  {
    path: 'invites',
    name: 'Invites',
    // Admins, and any member while the admin lets members invite.
    allowed: (role, about) => (role === 'admin' ? true : about?.membersMayInvite),
  },
  { path: 'settings', name: 'Settings', allowed: (role) => role === 'admin' },
  { path: 'log', name: 'Audit log', allowed: (role) => role === 'admin' },
];
