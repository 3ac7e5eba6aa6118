import { NEXT_CURSOR_HEADER } from '@hearth/contract';
import type { FastifyPluginAsync, FastifyReply, preValidationHookHandler } from 'fastify';
import { addEndpoint } from '../../http/endpoint-route.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import { memberOf } from '../auth/hooks.js';
import type { PostNotificationsService } from './post-notifications.js';
import type { PostReader } from './reader.js';
import type { PostsService } from './service.js';

export interface PostsRoutesOptions {
  posts: PostsService;
  reader: PostReader;
  imageUrls: ImageUrls;
  postNotifications: PostNotificationsService;
}

/** The /posts calls of the contract's table (uploadImages is in media). */
export const postsRoutes: FastifyPluginAsync<PostsRoutesOptions> = async (
  app,
  { posts, reader, imageUrls, postNotifications },
) => {
  addEndpoint(app, 'createPost', { preValidation: [backgroundAsBuiltin(imageUrls)] }, (request) =>
    posts.createPost(memberOf(request), request.body),
  );
  // The feed and a post's page answer JSON stitched from the shared card cache.
  addEndpoint(app, 'feed', {}, async (request, reply) => {
    const page = await reader.feed(memberOf(request), request.query);
    if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return sendJson(reply, page.json);
  });
  addEndpoint(app, 'getPost', {}, async (request, reply) =>
    sendJson(reply, await reader.post(memberOf(request), request.params.postId)),
  );
  addEndpoint(app, 'comments', {}, async (request) =>
    reader.comments(memberOf(request), request.params.postId, request.query),
  );
  addEndpoint(app, 'react', {}, async (request) => posts.react(memberOf(request), request.body));
  addEndpoint(app, 'getReacts', {}, async (request) =>
    reader.reactionSummary(memberOf(request), request.params.postId),
  );
  addEndpoint(app, 'comment', {}, async (request) =>
    posts.comment(memberOf(request), request.body),
  );
  addEndpoint(app, 'savePost', {}, async (request) =>
    posts.toggleSave(memberOf(request), request.params.postId),
  );
  addEndpoint(app, 'deletePost', {}, async (request) =>
    posts.deletePost(memberOf(request), request.params.postId),
  );
  // The rules of a new post, its background read the same way; the answer is the post's card.
  addEndpoint(
    app,
    'editPost',
    { preValidation: [backgroundAsBuiltin(imageUrls)] },
    async (request, reply) =>
      sendJson(reply, await posts.editPost(memberOf(request), request.params.postId, request.body)),
  );
  addEndpoint(app, 'postEdits', {}, async (request) =>
    reader.postEdits(memberOf(request), request.params.postId),
  );
  addEndpoint(app, 'editAudience', {}, async (request) =>
    posts.editAudience(memberOf(request), request.params.postId, request.body.audience),
  );
  addEndpoint(app, 'postNotifications', {}, async (request) =>
    postNotifications.set(memberOf(request), request.params.postId, request.body.on),
  );
};

/**
 * A background sent back as this server's own address of a built-in (answers carry absolute
 * URLs) is the built-in, before the table's schema, which knows no PUBLIC_URL, refuses every
 * absolute URL. Another host's address is left for the schema to refuse.
 */
function backgroundAsBuiltin(imageUrls: ImageUrls): preValidationHookHandler {
  return async (request) => {
    const body = request.body as { background?: unknown } | null | undefined;
    if (typeof body?.background !== 'string') return;
    const builtin = imageUrls.builtinOf(body.background);
    if (builtin) body.background = builtin;
  };
}

/** Sends JSON already serialized (UTF-8 bytes go as they are). */
function sendJson(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.code(200).type('application/json; charset=utf-8').send(json);
}
