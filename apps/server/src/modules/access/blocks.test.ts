import { BLOCK_MESSAGES, type Post, PROFILE_MESSAGES, ROUTES } from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import {
  type BuiltUser,
  buildComment,
  buildPost,
  buildUser,
} from '../../test-support/factories.js';
import { notificationsOf } from '../../test-support/notifications-api.js';
import {
  comment,
  commentsRequest,
  commentTexts,
  feedPage,
  getPostRequest,
  react,
  savePost,
} from '../../test-support/posts-api.js';
import { callEndpoint, type TestContext, useTestApp } from '../../test-support/test-app.js';
import {
  addToSearchHistory,
  befriend,
  friendship,
  friendsPage,
  search,
} from '../../test-support/users-api.js';

function block(ctx: TestContext, who: BuiltUser, target: string) {
  return callEndpoint(ctx.app, ROUTES.block, { params: { id: target }, token: who.token });
}

function unblock(ctx: TestContext, who: BuiltUser, target: string) {
  return callEndpoint(ctx.app, ROUTES.unblock, { params: { id: target }, token: who.token });
}

async function blockedList(ctx: TestContext, who: BuiltUser) {
  const res = await callEndpoint(ctx.app, ROUTES.getBlocked, { token: who.token });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{ _id: string; username: string; blockedAt: string }>;
}

function answer(res: LightMyRequestResponse) {
  return { status: res.statusCode, body: res.json() };
}

describe('blocking a member', () => {
  const ctx = useTestApp();

  it('ends friendship and follows both ways at once, lists the member under Blocking, and unblocking restores nothing', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    await befriend(ctx.app, ada, bob);
    expect((await block(ctx, ada, bob.user.id)).json()).toBe('ok');

    expect((await friendsPage(ctx.app, ada.token)).friends).toEqual([]);
    expect((await friendsPage(ctx.app, bob.token)).friends).toEqual([]);
    const follows = await ctx.db
      .selectFrom('follows')
      .select(['follower_id', 'followee_id'])
      .where((eb) => eb('follower_id', 'in', [ada.user.id, bob.user.id]))
      .execute();
    expect(follows).toEqual([]);
    const list = await blockedList(ctx, ada);
    expect(list.map((m) => m._id)).toEqual([bob.user.id]);
    expect(await blockedList(ctx, bob)).toEqual([]);
    // Blocking again changes nothing.
    expect((await block(ctx, ada, bob.user.id)).json()).toBe('ok');
    expect(await blockedList(ctx, ada)).toEqual(list);

    expect((await unblock(ctx, ada, bob.user.id)).json()).toBe('ok');
    expect(await blockedList(ctx, ada)).toEqual([]);
    // Nothing comes back by itself: they are not friends, and they see each other again.
    expect((await friendsPage(ctx.app, ada.token)).friends).toEqual([]);
    expect((await search(ctx.app, ada.token, bob.user.first_name)).map((m) => m._id)).toContain(
      bob.user.id,
    );
  });

  it('oneself is 400; an unknown member is 404; a member who blocked the caller is missing too', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const self = await block(ctx, ada, ada.user.id);
    expect(answer(self)).toEqual({ status: 400, body: { message: BLOCK_MESSAGES.self } });
    const unknown = await block(ctx, ada, uuidv7());
    expect(answer(unknown)).toEqual({
      status: 404,
      body: { message: PROFILE_MESSAGES.memberNotFound },
    });
    expect((await block(ctx, bob, ada.user.id)).statusCode).toBe(200);
    expect(answer(await block(ctx, ada, bob.user.id))).toEqual(answer(unknown));
    expect(await blockedList(ctx, ada)).toEqual([]);
  });

  it("neither can add, follow, comment on, react to or save the other's posts: each answer is a random id's", async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const adasPost = await buildPost(ctx, ada);
    const bobsPost = await buildPost(ctx, bob);
    expect((await block(ctx, ada, bob.user.id)).statusCode).toBe(200);
    const nobody = uuidv7();
    for (const [me, them, theirPost] of [
      [ada, bob, bobsPost.id],
      [bob, ada, adasPost.id],
    ] as const) {
      for (const call of ['addFriend', 'follow'] as const) {
        expect(answer(await friendship(ctx.app, me.token, call, them.user.id))).toEqual(
          answer(await friendship(ctx.app, me.token, call, nobody)),
        );
      }
      expect(answer(await addToSearchHistory(ctx.app, me.token, them.user.id))).toEqual(
        answer(await addToSearchHistory(ctx.app, me.token, nobody)),
      );
      expect(
        answer(await comment(ctx.app, me.token, { postId: theirPost, comment: 'Hi' })),
      ).toEqual(answer(await comment(ctx.app, me.token, { postId: nobody, comment: 'Hi' })));
      expect(answer(await react(ctx.app, me.token, theirPost, 'like'))).toEqual(
        answer(await react(ctx.app, me.token, nobody, 'like')),
      );
      expect(answer(await savePost(ctx.app, me.token, theirPost))).toEqual(
        answer(await savePost(ctx.app, me.token, nobody)),
      );
    }
    const stored = await ctx.db.selectFrom('comments').select('id').execute();
    expect(stored).toEqual([]);
  });

  it("each one's comments on a third member's post disappear for the other, count included, also from a card the cache holds", async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const carol = await buildUser(ctx);
    for (const reader of [ada, bob]) await befriend(ctx.app, carol, reader);
    const post = await buildPost(ctx, carol);
    await buildComment(ctx, post, ada, { comment: 'From Ada' });
    await buildComment(ctx, post, bob, { comment: 'From Bob' });
    await buildComment(ctx, post, carol, { comment: 'From Carol' });
    // Carol's feed puts the card in the cache, with every comment.
    const cached = (await feedPage(ctx.app, carol.token)).posts as Post[];
    expect(commentTexts(cached[0]?.comments ?? [])).toEqual(['From Carol', 'From Bob', 'From Ada']);

    expect((await block(ctx, ada, bob.user.id)).statusCode).toBe(200);
    const cardFor = async (who: BuiltUser) => {
      const [card] = (await feedPage(ctx.app, who.token)).posts as Post[];
      const page = await getPostRequest(ctx.app, who.token, post.id);
      expect(page.json()).toEqual(card);
      const comments = await commentsRequest(ctx.app, who.token, post.id);
      return {
        shown: commentTexts(card?.comments ?? []),
        count: card?.commentCount,
        listed: commentTexts(comments.json()),
      };
    };
    expect(await cardFor(ada)).toEqual({
      shown: ['From Carol', 'From Ada'],
      count: 2,
      listed: ['From Carol', 'From Ada'],
    });
    expect(await cardFor(bob)).toEqual({
      shown: ['From Carol', 'From Bob'],
      count: 2,
      listed: ['From Carol', 'From Bob'],
    });
    expect(await cardFor(carol)).toEqual({
      shown: ['From Carol', 'From Bob', 'From Ada'],
      count: 3,
      listed: ['From Carol', 'From Bob', 'From Ada'],
    });
    // The blocker's card is built for them, never kept: the third member still gets every comment.
    expect(
      commentTexts(((await feedPage(ctx.app, carol.token)).posts as Post[])[0]!.comments),
    ).toEqual(['From Carol', 'From Bob', 'From Ada']);
  });

  it('their notifications of each other go, and search and profiles no longer show the other', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const adasPost = await buildPost(ctx, ada);
    expect((await react(ctx.app, bob.token, adasPost.id, 'love')).statusCode).toBe(200);
    expect((await friendship(ctx.app, bob.token, 'addFriend', ada.user.id)).statusCode).toBe(200);
    expect((await notificationsOf(ctx.app, ada.token)).length).toBe(2);

    expect((await block(ctx, bob, ada.user.id)).statusCode).toBe(200);
    expect(await notificationsOf(ctx.app, ada.token)).toEqual([]);
    const unread = await callEndpoint(ctx.app, ROUTES.unreadCount, { token: ada.token });
    expect(unread.json()).toEqual({ count: 0 });
    for (const [me, them] of [
      [ada, bob],
      [bob, ada],
    ] as const) {
      expect(
        (await search(ctx.app, me.token, them.user.first_name)).map((m) => m._id),
      ).not.toContain(them.user.id);
      const profile = await callEndpoint(ctx.app, ROUTES.getProfile, {
        params: { username: them.user.username },
        token: me.token,
      });
      expect(answer(profile)).toEqual({ status: 200, body: { ok: false } });
    }
  });

  it("a profile's friends list leaves out a member the viewer blocked", async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const carol = await buildUser(ctx);
    await befriend(ctx.app, carol, bob);
    await befriend(ctx.app, carol, ada);
    expect((await block(ctx, ada, bob.user.id)).statusCode).toBe(200);
    const profile = await callEndpoint(ctx.app, ROUTES.getProfile, {
      params: { username: carol.user.username },
      token: ada.token,
    });
    const friends = (profile.json() as { friends: Array<{ username: string }> }).friends;
    expect(friends.map((f) => f.username)).toEqual([ada.user.username]);
  });
});
