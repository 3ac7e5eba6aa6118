import type { FastifyPluginAsync } from 'fastify';
import type { Limits } from '../../config.js';
import { addEndpoint } from '../../http/endpoint-route.js';
import { fastSerializerCompiler } from '../../http/fast-serializer.js';
import { limitHook } from '../../infra/limits/rate-limits.js';
import type { BlocksService } from '../access/blocks-service.js';
import type { MutesService } from '../access/mutes-service.js';
import { memberOf, sessionOf } from '../auth/hooks.js';
import type { AuthService } from '../auth/service.js';
import type { FriendshipsService } from './friendships-service.js';
import type { UsersService } from './service.js';

export interface UsersRoutesOptions {
  users: UsersService;
  friendships: FriendshipsService;
  blocks: BlocksService;
  mutes: MutesService;
  /** The password change is the auth service's (beside the reset). */
  auth: AuthService;
  limits: Limits;
}

/**
 * The profile and friendship calls of the contract's table (listImages is in media), and the
 * changes of one's own account (API.md, One's own account).
 */
export const usersRoutes: FastifyPluginAsync<UsersRoutesOptions> = async (
  app,
  { users, friendships, blocks, mutes, auth, limits },
) => {
  // One counter for every change of one's own account, counted before the body is read: a
  // wrong current password spends a try like a change that worked.
  const accountChanges = limitHook(
    app,
    'account-changes-member',
    limits.accountChangesPerAccount,
    (request) => request.member?.id,
  );

  addEndpoint(
    app,
    'getProfile',
    { serializerCompiler: fastSerializerCompiler },
    async (request) => {
      const page = await users.profile(memberOf(request), request.params.username, request.query);
      // An unknown username is an answer, not a failure (API.md): 200 with `{ok:false}`.
      if (!page) return { items: { ok: false as const }, nextCursor: undefined };
      return { items: page.profile, nextCursor: page.nextCursor };
    },
  );
  addEndpoint(app, 'updateUserDetails', {}, async (request) =>
    users.updateDetails(memberOf(request), request.body.infos),
  );
  addEndpoint(app, 'changeName', { onRequest: [accountChanges] }, async (request) =>
    users.changeName(memberOf(request), request.body),
  );
  addEndpoint(app, 'changePassword', { onRequest: [accountChanges] }, async (request) =>
    auth.changePassword(memberOf(request), sessionOf(request), request.body),
  );
  addEndpoint(app, 'updateProfilePicture', {}, async (request) =>
    users.updatePicture(memberOf(request), 'picture', request.body.url),
  );
  addEndpoint(app, 'updateCoverPicture', {}, async (request) =>
    users.updatePicture(memberOf(request), 'cover', request.body.url),
  );

  addEndpoint(app, 'addFriend', {}, async (request) =>
    friendships.addFriend(memberOf(request), request.params.id),
  );
  addEndpoint(app, 'cancelFriendRequest', {}, async (request) =>
    friendships.cancelFriendRequest(memberOf(request), request.params.id),
  );
  addEndpoint(app, 'acceptRequest', {}, async (request) =>
    friendships.acceptRequest(memberOf(request), request.params.id),
  );
  addEndpoint(app, 'deleteRequest', {}, async (request) =>
    friendships.deleteRequest(memberOf(request), request.params.id),
  );
  addEndpoint(app, 'unfriend', {}, async (request) =>
    friendships.unfriend(memberOf(request), request.params.id),
  );
  addEndpoint(app, 'follow', {}, async (request) =>
    friendships.follow(memberOf(request), request.params.id),
  );
  addEndpoint(app, 'unfollow', {}, async (request) =>
    friendships.unfollow(memberOf(request), request.params.id),
  );
  addEndpoint(app, 'getFriendsPageInfos', {}, async (request) =>
    users.friendsPage(memberOf(request)),
  );

  addEndpoint(app, 'block', {}, async (request) =>
    blocks.block(memberOf(request), request.params.id),
  );
  addEndpoint(app, 'unblock', {}, async (request) =>
    blocks.unblock(memberOf(request), request.params.id),
  );
  addEndpoint(app, 'getBlocked', {}, async (request) => blocks.blocked(memberOf(request)));

  addEndpoint(app, 'mute', {}, async (request) => mutes.mute(memberOf(request), request.params.id));
  addEndpoint(app, 'unmute', {}, async (request) =>
    mutes.unmute(memberOf(request), request.params.id),
  );
  addEndpoint(app, 'getMuted', {}, async (request) => mutes.muted(memberOf(request)));

  addEndpoint(app, 'getPrivacy', {}, async (request) => users.privacy(memberOf(request)));
  addEndpoint(app, 'updatePrivacy', {}, async (request) =>
    users.updatePrivacy(memberOf(request), request.body),
  );
};
