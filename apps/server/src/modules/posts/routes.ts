import type { FastifyPluginAsync } from 'fastify';
import { addEndpoint } from '../../http/endpoint-route.js';
import { fastSerializerCompiler } from '../../http/fast-serializer.js';
import { memberOf } from '../auth/hooks.js';
import type { PostsService } from './service.js';

export interface PostsRoutesOptions {
  posts: PostsService;
}

/** The /posts calls of the contract's table (uploadImages is in media). */
export const postsRoutes: FastifyPluginAsync<PostsRoutesOptions> = async (app, { posts }) => {
  addEndpoint(app, 'createPost', {}, async (request) =>
    posts.createPost(memberOf(request), request.body),
  );
  addEndpoint(app, 'feed', { serializerCompiler: fastSerializerCompiler }, async (request) =>
    posts.feed(memberOf(request), request.query),
  );
  addEndpoint(app, 'comments', {}, async (request) =>
    posts.comments(request.params.postId, request.query),
  );
  addEndpoint(app, 'react', {}, async (request) => posts.react(memberOf(request), request.body));
  addEndpoint(app, 'getReacts', {}, async (request) =>
    posts.reactionSummary(memberOf(request), request.params.postId),
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
};
