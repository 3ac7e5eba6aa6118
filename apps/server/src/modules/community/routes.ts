import type { FastifyPluginAsync } from 'fastify';
import type { Limits } from '../../config.js';
import { addEndpoint } from '../../http/endpoint-route.js';
import { limitHook } from '../../infra/limits/rate-limits.js';
import { memberOf } from '../auth/hooks.js';
import type { DeletionService } from './deletion-service.js';
import { requireAdmin, requireInviter, requireStaff } from './hooks.js';
import type { ModerationService } from './moderation-service.js';
import type { CommunityService } from './service.js';
import type { SuspensionService } from './suspension-service.js';

export interface CommunityRoutesOptions {
  community: CommunityService;
  moderation: ModerationService;
  suspensions: SuspensionService;
  deletions: DeletionService;
  limits: Limits;
}

/**
 * GET /about, the moderation area's calls about who may join, and reports and moderation actions
 * (API.md, Hosts in charge).
 */
export const communityRoutes: FastifyPluginAsync<CommunityRoutesOptions> = async (
  app,
  { community, moderation, suspensions, deletions, limits },
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
  const newReports = limitHook(app, 'reports-member', limits.reportsPerAccount, memberKey);

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

  addEndpoint(app, 'report', { onRequest: [newReports] }, async (request) =>
    moderation.report(memberOf(request), request.body),
  );
  addEndpoint(app, 'myReports', {}, async (request) => moderation.myReports(memberOf(request)));
  addEndpoint(app, 'reports', { onRequest: [requireStaff] }, async (request) =>
    moderation.reports(request.query),
  );
  addEndpoint(app, 'resolveReport', { onRequest: [requireStaff, writes] }, async (request) =>
    moderation.resolveReport(memberOf(request), request.params.reportId, request.body),
  );
  addEndpoint(app, 'removePost', { onRequest: [requireStaff, writes] }, async (request) =>
    moderation.removePost(memberOf(request), request.params.postId, request.body),
  );
  addEndpoint(app, 'removeComment', { onRequest: [requireStaff, writes] }, async (request) =>
    moderation.removeComment(memberOf(request), request.params.commentId, request.body),
  );
  addEndpoint(app, 'warnMember', { onRequest: [requireStaff, writes] }, async (request) =>
    moderation.warnMember(memberOf(request), request.params.userId, request.body),
  );
  addEndpoint(app, 'moderationSummary', { onRequest: [requireStaff] }, async () =>
    moderation.summary(),
  );
  addEndpoint(app, 'moderationLog', { onRequest: [requireAdmin] }, async (request) =>
    moderation.log(request.query),
  );

  addEndpoint(app, 'suspendMember', { onRequest: [requireStaff, writes] }, async (request) =>
    suspensions.suspend(memberOf(request), request.params.userId, request.body),
  );
  addEndpoint(app, 'unsuspendMember', { onRequest: [requireStaff, writes] }, async (request) =>
    suspensions.unsuspend(memberOf(request), request.params.userId, request.body),
  );
  addEndpoint(app, 'deleteMember', { onRequest: [requireAdmin, writes] }, async (request) =>
    deletions.deleteMember(memberOf(request), request.params.userId, request.body),
  );
  addEndpoint(app, 'memberRecord', { onRequest: [requireStaff] }, async (request) =>
    community.memberRecord(request.params.userId),
  );
  addEndpoint(app, 'emailBlocks', { onRequest: [requireAdmin] }, async () =>
    deletions.emailBlocks(),
  );
  addEndpoint(app, 'liftEmailBlock', { onRequest: [requireAdmin, writes] }, async (request) =>
    deletions.liftEmailBlock(memberOf(request), request.params.blockId),
  );
};
