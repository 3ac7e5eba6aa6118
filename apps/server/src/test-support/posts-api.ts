import {
  type Comment,
  NEXT_CURSOR_HEADER,
  type Post,
  type PostEdits,
  type Reaction,
  type ReactionSummary,
  ROUTES,
} from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../app.js';
import { callEndpoint } from './test-app.js';

// The post calls as the web client makes them, for tests that read like a member's story.

export function createPost(app: App, token: string, body: unknown) {
  return callEndpoint(app, ROUTES.createPost, { rawBody: body, token });
}

export function feedRequest(app: App, token: string, query = '') {
  return callEndpoint(app, ROUTES.feed, { rawQuery: query, token });
}

export function nextCursorOf(res: LightMyRequestResponse): string | undefined {
  const value = res.headers[NEXT_CURSOR_HEADER.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

/** One feed page, failing the test unless it is a 200. */
export async function feedPage(app: App, token: string, query = '') {
  const res = await feedRequest(app, token, query);
  if (res.statusCode !== 200) throw new Error(`feed: ${res.statusCode} ${res.body}`);
  return { posts: res.json() as Post[], nextCursor: nextCursorOf(res) };
}

/** Every post of the feed, walking the cursor `limit` at a time. */
export async function wholeFeed(app: App, token: string, limit = 20) {
  const posts: Post[] = [];
  const pageSizes: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await feedPage(
      app,
      token,
      `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    posts.push(...page.posts);
    pageSizes.push(page.posts.length);
    cursor = page.nextCursor;
  } while (cursor);
  return { posts, pageSizes };
}

/** One post, for its page (GET /posts/{postId}); `token` undefined sends none. */
export function getPostRequest(app: App, token: string | undefined, postId: string) {
  return callEndpoint(app, ROUTES.getPost, { params: { postId }, ...(token ? { token } : {}) });
}

export function react(app: App, token: string, postId: string, reaction: Reaction) {
  return callEndpoint(app, ROUTES.react, { body: { react: reaction, postId }, token });
}

export function getReactsRequest(app: App, token: string, postId: string) {
  return callEndpoint(app, ROUTES.getReacts, { params: { postId }, token });
}

export async function getReacts(app: App, token: string, postId: string): Promise<ReactionSummary> {
  const res = await getReactsRequest(app, token, postId);
  if (res.statusCode !== 200) throw new Error(`getReacts: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function comment(
  app: App,
  token: string,
  body: { postId: string; comment?: string; image?: string },
) {
  return callEndpoint(app, ROUTES.comment, { body, token });
}

export function commentsRequest(app: App, token: string, postId: string, query = '') {
  return callEndpoint(app, ROUTES.comments, { params: { postId }, rawQuery: query, token });
}

export function commentTexts(comments: Comment[]): string[] {
  return comments.map((c) => c.comment);
}

export function savePost(app: App, token: string, postId: string) {
  return callEndpoint(app, ROUTES.savePost, { params: { postId }, token });
}

export function deletePost(app: App, token: string, postId: string) {
  return callEndpoint(app, ROUTES.deletePost, { params: { postId }, token });
}

/** Turns a post's notifications on or off for the caller (`body` as sent: `{on}`). */
export function postNotifications(app: App, token: string, postId: string, body: unknown) {
  return callEndpoint(app, ROUTES.postNotifications, { params: { postId }, rawBody: body, token });
}

/** Edits a post (Edit Post); `body` as sent: `{text, background, images}`. */
export function editPost(app: App, token: string, postId: string, body: unknown) {
  return callEndpoint(app, ROUTES.editPost, { params: { postId }, rawBody: body, token });
}

/** A post's earlier versions (its history), as the caller may read them. */
export function postEditsRequest(app: App, token: string, postId: string) {
  return callEndpoint(app, ROUTES.postEdits, { params: { postId }, token });
}

/** A post's earlier versions, newest first, failing the test unless it is a 200. */
export async function postEdits(app: App, token: string, postId: string): Promise<PostEdits> {
  const res = await postEditsRequest(app, token, postId);
  if (res.statusCode !== 200) throw new Error(`postEdits: ${res.statusCode} ${res.body}`);
  return res.json();
}
