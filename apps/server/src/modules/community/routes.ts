import type { FastifyPluginAsync } from 'fastify';
import type { Limits } from '../../config.js';
import { addEndpoint } from '../../http/endpoint-route.js';
import { limitHook } from '../../infra/limits/rate-limits.js';
import { memberOf } from '../auth/hooks.js';
import { requireAdmin, requireInviter, requireStaff } from './hooks.js';
import type { CommunityService } from './service.js';

export interface CommunityRoutesOptions {
  community: CommunityService;
  limits: Limits;
}

/** GET /about and the moderation area's calls about who may join (API.md, Hosts in charge). */
export const communityRoutes: FastifyPluginAsync<CommunityRoutesOptions> = async (
  app,
  { community, limits },
) => {
  const memberKey = (request: { member: { id: string } | null }) => request.member?.id;
  const writes = limitHook(
    app,
    'moderation-writes-member',
    limits.moderationWritesPerAccount,
    memberKey,
  );
  const newInvites = limitHook(app, 'invites-member', limits.invitesPerAccount, memberKey);
  const inviter = requireInviter(community);

  addEndpoint(app, 'about', {}, async () => community.about());

  addEndpoint(app, 'moderationSettings', { onRequest: [requireAdmin] }, async () =>
    community.settings(),
  );
  addEndpoint(
    app,
    'updateModerationSettings',
    { onRequest: [requireAdmin, writes] },
    async (request) => community.updateSettings(memberOf(request), request.body),
  );
  addEndpoint(app, 'setRole', { onRequest: [requireAdmin, writes] }, async (request) =>
    community.setRole(memberOf(request), request.params.userId, request.body.role),
  );

  addEndpoint(app, 'moderationMembers', { onRequest: [requireStaff] }, async (request) =>
    community.members(request.query),
  );
  addEndpoint(app, 'applications', { onRequest: [requireStaff] }, async (request) =>
    community.applications(request.query),
  );
  addEndpoint(app, 'decideApplication', { onRequest: [requireStaff, writes] }, async (request) =>
    community.decideApplication(memberOf(request), request.params.userId, request.body),
  );

  addEndpoint(app, 'invites', { onRequest: [inviter] }, async (request) =>
    community.invites(memberOf(request)),
  );
  addEndpoint(app, 'createInvite', { onRequest: [inviter, writes, newInvites] }, async (request) =>
    community.createInvite(memberOf(request), request.body),
  );
  addEndpoint(app, 'revokeInvite', { onRequest: [inviter, writes] }, async (request) =>
    community.revokeInvite(memberOf(request), request.params.code),
  );
};
