import { type Role, SERVER_MESSAGES, STAFF_ROLES } from '@hearth/contract';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../errors.js';
import { memberOf } from '../auth/hooks.js';
import { roleOf } from '../auth/present.js';
import type { CommunityService } from './service.js';

/**
 * Lets through members holding one of `roles`; anyone else gets the 404 of a path that does not
 * exist (API.md, Hosts in charge). The role is read from request.member, loaded fresh from the
 * database with the session on every request, so a revoked role stops working at once. Runs
 * after requireMember and before the body is read: a bad body tells an outsider nothing either.
 */
export function requireRole(roles: readonly Role[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const member = request.member;
    if (!member || !roles.includes(roleOf(member))) throw notFound(SERVER_MESSAGES.notFound);
  };
}

/** A moderator or an admin. */
export const requireStaff = requireRole(STAFF_ROLES);

/** An admin. */
export const requireAdmin = requireRole(['admin']);

/** An admin, or any member while the settings let members invite. */
export function requireInviter(community: CommunityService) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!(await community.mayInvite(memberOf(request)))) throw notFound(SERVER_MESSAGES.notFound);
  };
}
