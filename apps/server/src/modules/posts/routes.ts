import {
  COMMENTS_PAGE_SIZE,
  commentInputSchema,
  commentSchema,
  commentsQuerySchema,
  createPostSchema,
  deletePostResponseSchema,
  FEED_COMMENTS_CARRIED,
  FEED_PAGE_DEFAULT,
  FEED_PAGE_MAX,
  feedQuerySchema,
  messageSchema,
  NEXT_CURSOR_HEADER,
  postIdParamSchema,
  postSchema,
  reactionSummarySchema,
  reactResponseSchema,
  reactSchema,
  saveResponseSchema,
} from '@hearth/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fastSerializerCompiler } from '../../http/fast-serializer.js';
import { memberOf, requireMember } from '../auth/hooks.js';
import type { Page, PostsService } from './service.js';

export interface PostsRoutesOptions {
  posts: PostsService;
}

const errors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  429: messageSchema,
};

const MISSING = 'A missing post, or one in trash, is 404 here as everywhere.';

/** Puts the next cursor in its header, answers the items. */
function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return page.items;
}

/** The /posts calls of spec section 7 with API.md's behaviour (uploadImages is in media). */
export const postsRoutes: FastifyPluginAsyncZod<PostsRoutesOptions> = async (app, { posts }) => {
  app.addHook('onRequest', requireMember);
  const tags = ['posts'];

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a post',
        description:
          'Text (at most 250 characters), one of the nine built-in backgrounds or null, and images ' +
          "that must be the caller's own uploads (else 400). Text, background and images all empty: " +
          "400. The author is the session's member, whatever `user` says. Answers 201 with the post " +
          'in the feed shape.',
        body: createPostSchema,
        response: { 201: postSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await posts.createPost(memberOf(request), request.body)),
  );

  app.get(
    '/',
    {
      serializerCompiler: fastSerializerCompiler,
      schema: {
        tags,
        summary: 'Home feed',
        description:
          "Newest first: the caller's posts and those of members the caller follows. Keyset " +
          `pagination: \`limit\` (default ${FEED_PAGE_DEFAULT}, at most ${FEED_PAGE_MAX}) and ` +
          `\`cursor\` (the \`${NEXT_CURSOR_HEADER}\` header of the previous page). Each post ` +
          `carries its author, images, \`commentCount\`, its ${FEED_COMMENTS_CARRIED} newest comments ` +
          "(newest first) and `reactions`, identical to getReacts' answer.",
        querystring: feedQuerySchema,
        response: { 200: z.array(postSchema).describe('Posts'), ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await posts.feed(memberOf(request), request.query)),
  );

  app.get(
    '/:postId/comments',
    {
      schema: {
        tags,
        summary: "A post's comments, page by page",
        description:
          `Newest first, \`limit\` (default ${COMMENTS_PAGE_SIZE}) at a time. Without a cursor: the ` +
          'newest ones (those the feed carries); then pass the `_id` of the oldest comment held, or ' +
          `the \`${NEXT_CURSOR_HEADER}\` header of the previous page, as \`cursor\`. ${MISSING}`,
        params: postIdParamSchema,
        querystring: commentsQuerySchema,
        response: { 200: z.array(commentSchema), ...errors },
      },
    },
    async (request, reply) =>
      sendPage(reply, await posts.comments(request.params.postId, request.query)),
  );

  app.put(
    '/postReacts',
    {
      schema: {
        tags,
        summary: 'React to a post',
        description:
          'One reaction per member per post: a new one is added, the same one again removes it, ' +
          `another one replaces it. Safe under concurrent requests. ${MISSING}`,
        body: reactSchema,
        response: { 200: reactResponseSchema, ...errors },
      },
    },
    async (request) => posts.react(memberOf(request), request.body),
  );

  app.get(
    '/getReacts/:postId',
    {
      schema: {
        tags,
        summary: "A post's reactions",
        description:
          'All six reactions with their counts, most used first; `check` is the caller’s reaction ' +
          `or null; \`total\`; \`checkSaved\` whether the caller saved the post. ${MISSING}`,
        params: postIdParamSchema,
        response: { 200: reactionSummarySchema, ...errors },
      },
    },
    async (request) => posts.reactionSummary(memberOf(request), request.params.postId),
  );

  app.put(
    '/comment',
    {
      schema: {
        tags,
        summary: 'Comment on a post',
        description:
          "Text, or an image that must be one of the caller's uploads (400 otherwise, and when both " +
          `are empty). Answers the post's ${COMMENTS_PAGE_SIZE} newest comments, newest first, with ` +
          `\`${NEXT_CURSOR_HEADER}\` when older ones exist. ${MISSING}`,
        body: commentInputSchema,
        response: { 200: z.array(commentSchema), ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await posts.comment(memberOf(request), request.body)),
  );

  app.put(
    '/savePost/:postId',
    {
      schema: {
        tags,
        summary: 'Save or unsave a post',
        description: `Toggles; answers whether the post is now saved. ${MISSING}`,
        params: postIdParamSchema,
        response: { 200: saveResponseSchema, ...errors },
      },
    },
    async (request) => posts.toggleSave(memberOf(request), request.params.postId),
  );

  app.delete(
    '/deletePost/:postId',
    {
      schema: {
        tags,
        summary: 'Move a post to trash',
        description:
          'The author only (403 otherwise). The post disappears everywhere at once and is purged ' +
          `with its images after 30 days. ${MISSING}`,
        params: postIdParamSchema,
        response: { 200: deletePostResponseSchema, ...errors },
      },
    },
    async (request) => posts.deletePost(memberOf(request), request.params.postId),
  );
};
