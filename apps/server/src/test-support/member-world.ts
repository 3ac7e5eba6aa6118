import type { Post, ReactionSummary } from '@hearth/contract';
import { expect } from 'vitest';
import type { App } from '../app.js';
import { type BuiltUser, buildUser } from './factories.js';
import { comment, createPost, react } from './posts-api.js';
import type { TestContext } from './test-app.js';
import { addToSearchHistory, befriend, friendship } from './users-api.js';

// A member and everything they left around others, for the tests of a member who leaves the
// view of others (suspended, deleting their account) and perhaps comes back.

/** The reactions counted, by name, and their total. */
export function countsOf(
  summary: Pick<ReactionSummary, 'reacts' | 'total'>,
): Record<string, number> {
  const counts: Record<string, number> = { total: summary.total };
  for (const { react, count } of summary.reacts) if (count > 0) counts[react] = count;
  return counts;
}

/** A public post through the API, with these photos; its id. */
export async function postOf(
  app: App,
  member: BuiltUser,
  text: string,
  images: string[] = [],
): Promise<string> {
  const res = await createPost(app, member.token, {
    type: null,
    text,
    background: null,
    images: images.map((url) => ({ url })),
    audience: 'public',
  });
  if (res.statusCode !== 201) throw new Error(`createPost: ${res.statusCode} ${res.body}`);
  return (res.json() as Post)._id;
}

/** The member's comment through the API, with a photo if one is given; its id. */
export async function commentOf(
  app: App,
  member: BuiltUser,
  postId: string,
  text: string,
  image?: string,
): Promise<string> {
  const res = await comment(app, member.token, {
    postId,
    comment: text,
    ...(image === undefined ? {} : { image }),
  });
  if (res.statusCode !== 200) throw new Error(`comment: ${res.statusCode} ${res.body}`);
  const made = (res.json() as Array<{ _id: string; comment: string }>).find(
    (c) => c.comment === text,
  );
  if (!made) throw new Error(`comment "${text}" not answered`);
  return made._id;
}

export async function reacted(
  app: App,
  member: BuiltUser,
  postId: string,
  reaction: 'like' | 'love',
) {
  const res = await react(app, member.token, postId, reaction);
  if (res.statusCode !== 200) throw new Error(`react: ${res.statusCode} ${res.body}`);
}

/**
 * A small world around `member` (M): the viewer V is M's friend and follows the poster P; M
 * posted (with `photos`), commented on P's post and on V's, reacted to both; V keeps M in the
 * recent searches. `called` names M in their post and comment ("The leaver's post", "From the
 * leaver").
 */
export async function worldAround(
  ctx: TestContext,
  member: BuiltUser,
  { called, photos = [] }: { called: string; photos?: string[] },
) {
  const viewer = await buildUser(ctx);
  const poster = await buildUser(ctx);
  await befriend(ctx.app, viewer, member);
  expect((await friendship(ctx.app, viewer.token, 'follow', poster.user.id)).statusCode).toBe(200);
  const memberPost = await postOf(ctx.app, member, `The ${called}'s post`, photos);
  const posterPost = await postOf(ctx.app, poster, "The poster's post");
  const viewerPost = await postOf(ctx.app, viewer, "The viewer's post");
  await reacted(ctx.app, viewer, posterPost, 'like');
  await reacted(ctx.app, member, posterPost, 'love');
  await reacted(ctx.app, member, viewerPost, 'love');
  await commentOf(ctx.app, viewer, posterPost, 'From the viewer');
  const memberComment = await commentOf(ctx.app, member, posterPost, `From the ${called}`);
  await commentOf(ctx.app, member, viewerPost, 'Nice one');
  expect((await addToSearchHistory(ctx.app, viewer.token, member.user.id)).statusCode).toBe(200);
  return { viewer, poster, memberPost, posterPost, viewerPost, memberComment };
}
