import {
  BIO_MAX,
  DETAIL_MAX,
  detailsSchema,
  FEED_PAGE_DEFAULT,
  FEED_PAGE_MAX,
  feedQuerySchema,
  friendsPageSchema,
  idParamSchema,
  messageSchema,
  NEXT_CURSOR_HEADER,
  okAnswerSchema,
  PROFILE_FRIENDS_SHOWN,
  pictureUrlSchema,
  profileNotFoundSchema,
  profileSchema,
  RELATIONSHIPS,
  updateDetailsSchema,
  usernameParamSchema,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fastSerializerCompiler } from '../../http/fast-serializer.js';
import { sendOk } from '../../http/send-ok.js';
import { memberOf, requireMember } from '../auth/hooks.js';
import type { FriendshipsService } from './friendships-service.js';
import type { UsersService } from './service.js';

export interface UsersRoutesOptions {
  users: UsersService;
  friendships: FriendshipsService;
}

const errors = {
  400: messageSchema,
  401: messageSchema,
  404: messageSchema,
  429: messageSchema,
};

type FriendshipCall = Exclude<keyof FriendshipsService, 'constructor'>;

/** PUT /users/{call}/{id}: each friendship call of spec section 7, as API.md describes it. */
const FRIENDSHIP_CALLS: ReadonlyArray<[FriendshipCall, string, string]> = [
  [
    'addFriend',
    'Send a friend request',
    'none -> request sent, and the caller follows the member. If the member had already asked ' +
      'the caller, this accepts instead. To oneself, already friends, or already sent: 400.',
  ],
  [
    'cancelFriendRequest',
    'Cancel a sent friend request',
    'request sent -> none; the caller stops following the member. No request of the caller: 400.',
  ],
  [
    'acceptRequest',
    'Accept a friend request',
    'request received -> friends; both follow each other. No request from the member: 400.',
  ],
  [
    'deleteRequest',
    'Decline a friend request',
    'request received -> none; the member who asked stops following the caller. No request from ' +
      'the member: 400.',
  ],
  [
    'unfriend',
    'Unfriend',
    'friends -> none; neither follows the other any more. Not friends: 400.',
  ],
  [
    'follow',
    'Follow a member',
    "The member's posts reach the caller's home feed. Already following: nothing changes, 'ok'. " +
      'Oneself: 400.',
  ],
  [
    'unfollow',
    'Stop following a member',
    "The member's posts leave the caller's home feed. Not following: nothing changes, 'ok'. " +
      'Oneself: 400.',
  ],
];

/** The /users calls of spec section 7 for profiles and friendships (listImages is in media). */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (
  app,
  { users, friendships },
) => {
  app.addHook('onRequest', requireMember);
  const tags = ['users'];

  app.get(
    '/getProfile/:username',
    {
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags,
        summary: "A member's profile",
        description:
          `Owner; \`friends\`: the ${PROFILE_FRIENDS_SHOWN} most recent (username, picture, names), ` +
          'all the profile shows, and `friendsCount`: how many there are in all; details, and ' +
          '`friendship` flags relative to the caller (all false on their own profile). `posts`: the ' +
          'owner’s posts, newest first, ' +
          `in the feed's shape with reactions relative to the caller; \`limit\` (default ` +
          `${FEED_PAGE_DEFAULT}, at most ${FEED_PAGE_MAX}) and \`cursor\` page them like the feed, ` +
          `the next cursor in \`${NEXT_CURSOR_HEADER}\`. Unknown username: 404 with \`{ok:false}\`.`,
        params: usernameParamSchema,
        querystring: feedQuerySchema,
        response: {
          200: profileSchema,
          404: profileNotFoundSchema,
          400: messageSchema,
          401: messageSchema,
          429: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const page = await users.profile(memberOf(request), request.params.username, request.query);
      if (!page) return reply.code(404).send({ ok: false as const });
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return page.profile;
    },
  );

  app.put(
    '/updateUserDetails',
    {
      schema: {
        tags,
        summary: 'Edit the profile details',
        description:
          `The body's \`infos\` replaces the whole details object (a field left out is removed). ` +
          `Bio at most ${BIO_MAX} characters, every other detail at most ${DETAIL_MAX}, ` +
          `relationship one of ${RELATIONSHIPS.join(', ')} or empty (else 400). Answers the ` +
          'stored details.',
        body: updateDetailsSchema,
        response: { 200: detailsSchema, ...errors },
      },
    },
    async (request) => users.updateDetails(memberOf(request), request.body.infos),
  );

  for (const [path, which, what] of [
    ['/updateProfilePicture', 'picture', 'profile picture'],
    ['/updateCoverPicture', 'cover', 'cover photo'],
  ] as const) {
    app.put(
      path,
      {
        schema: {
          tags,
          summary: `Change the ${what}`,
          description: `The url must be one of the caller's own uploads (else 400). Answers 'ok'.`,
          body: pictureUrlSchema,
          response: { 200: okAnswerSchema, ...errors },
        },
      },
      async (request, reply) =>
        sendOk(reply, users.updatePicture(memberOf(request), which, request.body.url)),
    );
  }

  for (const [call, summary, description] of FRIENDSHIP_CALLS) {
    app.put(
      `/${call}/:id`,
      {
        schema: {
          tags,
          summary,
          description:
            `${description} \`id\` is the member's \`_id\`; unknown member: 404. Runs in one ` +
            "transaction on the pair's single relation, so concurrent calls never leave half a " +
            "friendship. Answers 'ok'.",
          params: idParamSchema,
          response: { 200: okAnswerSchema, ...errors },
        },
      },
      async (request, reply) =>
        sendOk(reply, friendships[call](memberOf(request), request.params.id)),
    );
  }

  app.get(
    '/getFriendsPageInfos',
    {
      schema: {
        tags,
        summary: "The friends page's lists",
        description:
          'Requests received, requests sent and friends (each `_id, username, picture, ' +
          'first_name, last_name`), most recent first.',
        response: { 200: friendsPageSchema, ...errors },
      },
    },
    async (request) => users.friendsPage(memberOf(request)),
  );
};
