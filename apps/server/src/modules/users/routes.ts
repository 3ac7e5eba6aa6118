import type { FastifyPluginAsync } from 'fastify';
import type { Limits } from '../../config.js';
import { addEndpoint } from '../../http/endpoint-route.js';
import { fastSerializerCompiler } from '../../http/fast-serializer.js';
import { byIp, limitHook } from '../../infra/limits/rate-limits.js';
import type { BlocksService } from '../access/blocks-service.js';
import type { MutesService } from '../access/mutes-service.js';
import type { AccountDeletionService } from '../account/deletion-service.js';
import type { EmailChangeService } from '../account/email-change-service.js';
import type { DataExportService } from '../account/export-service.js';
import { memberOf, sessionOf } from '../auth/hooks.js';
import type { AuthService } from '../auth/service.js';
import type { SessionList } from '../auth/session-list.js';
import type { TwoFactorService } from '../auth/two-factor-service.js';
import type { FriendshipsService } from './friendships-service.js';
import type { UsersService } from './service.js';

export interface UsersRoutesOptions {
  users: UsersService;
  friendships: FriendshipsService;
  blocks: BlocksService;
  mutes: MutesService;
  /** The password change is the auth service's (beside the reset). */
  auth: AuthService;
  /** Two-factor sign-in: setting it up, turning it on and off. */
  twoFactor: TwoFactorService;
  /** Deleting one's own account. */
  accountDeletions: AccountDeletionService;
  /** Where you're logged in: the member's sessions, and ending one. */
  sessionList: SessionList;
  /** Changing one's e-mail address by a link, and the account summary. */
  emailChanges: EmailChangeService;
  /** Download your information: asking for a zip, the list, a ready one's address. */
  dataExports: DataExportService;
  limits: Limits;
}

/**
 * The profile and friendship calls of the contract's table (listImages is in media), and the
 * changes of one's own account (API.md, One's own account).
 */
export const usersRoutes: FastifyPluginAsync<UsersRoutesOptions> = async (
  app,
  {
    users,
    friendships,
    blocks,
    mutes,
    auth,
    twoFactor,
    accountDeletions,
    sessionList,
    emailChanges,
    dataExports,
    limits,
  },
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
  // The language is a preference, not a secret: its own counter, apart from the account
  // changes' one (trying languages out spends none of the tries a password change needs).
  const languageChangesPerAccount = limitHook(
    app,
    'language-changes-member',
    limits.languageChangesPerAccount,
    (request) => request.member?.id,
  );
  addEndpoint(app, 'changeLanguage', { onRequest: [languageChangesPerAccount] }, async (request) =>
    users.changeLanguage(memberOf(request), request.body),
  );
  addEndpoint(app, 'changePassword', { onRequest: [accountChanges] }, async (request) =>
    auth.changePassword(memberOf(request), sessionOf(request), request.body),
  );
  addEndpoint(app, 'twoFactorSetup', { onRequest: [accountChanges] }, async (request) =>
    twoFactor.setup(memberOf(request), request.body),
  );
  addEndpoint(app, 'twoFactorEnable', { onRequest: [accountChanges] }, async (request) =>
    twoFactor.enable(memberOf(request), request.body),
  );
  addEndpoint(app, 'twoFactorDisable', { onRequest: [accountChanges] }, async (request) =>
    twoFactor.disable(memberOf(request), request.body),
  );
  addEndpoint(app, 'deleteAccount', { onRequest: [accountChanges] }, async (request) =>
    accountDeletions.request(memberOf(request), request.body),
  );
  addEndpoint(app, 'listSessions', {}, async (request) =>
    sessionList.list(memberOf(request), sessionOf(request)),
  );
  addEndpoint(app, 'endSession', { onRequest: [accountChanges] }, async (request) =>
    sessionList.end(memberOf(request), request.params.sessionId),
  );
  addEndpoint(app, 'getAccount', {}, async (request) => emailChanges.account(memberOf(request)));
  // Each change mails the new address: its own, lower limit besides the account changes' one.
  const emailChangesPerAccount = limitHook(
    app,
    'email-changes-member',
    limits.emailChangesPerAccount,
    (request) => request.member?.id,
  );
  addEndpoint(
    app,
    'changeEmail',
    { onRequest: [accountChanges, emailChangesPerAccount] },
    async (request) => emailChanges.changeEmail(memberOf(request), request.body),
  );
  const emailConfirmPerIp = limitHook(app, 'email-confirm-ip', limits.emailConfirmPerIp, byIp);
  addEndpoint(app, 'confirmEmail', { onRequest: [emailConfirmPerIp] }, async (request) =>
    emailChanges.confirmEmail(request.body.token),
  );
  // Each zip reads everything the member has and every image they uploaded: a few a day.
  const exportsPerAccount = limitHook(
    app,
    'exports-member',
    limits.exportsPerAccount,
    (request) => request.member?.id,
  );
  addEndpoint(app, 'requestExport', { onRequest: [exportsPerAccount] }, async (request) =>
    dataExports.request(memberOf(request)),
  );
  addEndpoint(app, 'listExports', {}, async (request) => dataExports.list(memberOf(request)));
  addEndpoint(app, 'exportLink', { onRequest: [accountChanges] }, async (request) =>
    dataExports.link(memberOf(request), request.params.exportId),
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
