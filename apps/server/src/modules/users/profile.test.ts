import { DEFAULT_PICTURE, NEXT_CURSOR_HEADER, type Profile } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import {
  type BuiltUser,
  buildComment,
  buildPost,
  buildReaction,
  buildUser,
} from '../../test-support/factories.js';
import { jpeg } from '../../test-support/images.js';
import { createPost, deletePost, react } from '../../test-support/posts-api.js';
import { call, useTestApp } from '../../test-support/test-app.js';
import { publicAddress } from '../../test-support/test-config.js';
import { uploadedUrl } from '../../test-support/uploads.js';
import {
  befriend,
  friendship,
  getProfile,
  profileRequest,
  updateDetails,
  updatePicture,
} from '../../test-support/users-api.js';

const friendCard = (m: BuiltUser) => ({
  username: m.user.username,
  picture: publicAddress(m.user.picture),
  first_name: m.user.first_name,
  last_name: m.user.last_name,
});

describe('getProfile', () => {
  const ctx = useTestApp();

  it('the owner sees their whole profile, with every friendship flag false', async () => {
    const ada = await buildUser(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const bob = await buildUser(ctx, { first_name: 'Bob', last_name: 'Marley' });
    await befriend(ctx.app, ada, bob);
    const cover = await uploadedUrl(ctx.app, ada.token, 'adalovelace/cover_pictures', await jpeg());
    expect((await updatePicture(ctx.app, ada.token, 'cover', cover)).statusCode).toBe(200);
    await updateDetails(ctx.app, ada.token, { bio: 'Poet of numbers', currentCity: 'London' });
    const created = await createPost(ctx.app, ada.token, { text: 'Notes on the engine' });

    const res = await profileRequest(ctx.app, ada.token, 'adalovelace');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      _id: ada.user.id,
      username: 'adalovelace',
      first_name: 'Ada',
      last_name: 'Lovelace',
      picture: publicAddress(DEFAULT_PICTURE),
      cover,
      gender: 'female',
      friends: [friendCard(bob)],
      friendsCount: 1,
      friendship: { friends: false, following: false, requestSent: false, requestReceived: false },
      // One neither mutes nor befriends oneself, and always sees one's own friends.
      muted: false,
      acceptsFriendRequests: false,
      friendsVisible: true,
      details: { bio: 'Poet of numbers', currentCity: 'London' },
      posts: [created.json()],
    } satisfies Profile);
  });

  it('a friend sees the friendship, their own follow and the owner’s friends', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const cleo = await buildUser(ctx);
    await befriend(ctx.app, ada, bob);
    ctx.clock.advance(1000);
    await befriend(ctx.app, ada, cleo);

    const seen = await getProfile(ctx.app, bob.token, ada.user.username);
    expect(seen._id).toBe(ada.user.id);
    expect(seen.friendship).toEqual({
      friends: true,
      following: true,
      requestSent: false,
      requestReceived: false,
    });
    // Newest friendship first.
    expect(seen.friends).toEqual([friendCard(cleo), friendCard(bob)]);
    expect(seen.friendsCount).toBe(2);
  });

  it('a member with more friends than the profile shows: the nine newest come, and the count of all', async () => {
    const ada = await buildUser(ctx);
    const friends: BuiltUser[] = [];
    for (let i = 0; i < 12; i++) {
      const friend = await buildUser(ctx);
      await befriend(ctx.app, ada, friend);
      friends.push(friend);
      ctx.clock.advance(1000);
    }
    // A pending request is no friendship and is not counted.
    await friendship(ctx.app, (await buildUser(ctx)).token, 'addFriend', ada.user.id);

    const seen = await getProfile(ctx.app, friends[0]!.token, ada.user.username);
    expect(seen.friendsCount).toBe(12);
    expect(seen.friends).toEqual(friends.slice(3).reverse().map(friendCard));
  });

  it('a stranger sees no relation, the owner’s details and posts', async () => {
    const ada = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    await updateDetails(ctx.app, ada.token, { job: 'Mathematician', relationship: 'Married' });
    await createPost(ctx.app, ada.token, { text: 'hello world' });

    const seen = await getProfile(ctx.app, stranger.token, ada.user.username);
    expect(seen.friendship).toEqual({
      friends: false,
      following: false,
      requestSent: false,
      requestReceived: false,
    });
    expect(seen.friends).toEqual([]);
    expect(seen.friendsCount).toBe(0);
    expect(seen).toMatchObject({ muted: false, acceptsFriendRequests: true, friendsVisible: true });
    expect(seen.details).toEqual({ job: 'Mathematician', relationship: 'Married' });
    expect(seen.posts.map((p) => p.text)).toEqual(['hello world']);
  });

  it('a username with capitals finds the same member', async () => {
    const ada = await buildUser(ctx);
    const seen = await getProfile(ctx.app, ada.token, ada.user.username.toUpperCase());
    expect(seen._id).toBe(ada.user.id);
  });

  it('an unknown username answers 200 with {ok:false} only (API.md), with no cursor', async () => {
    const ada = await buildUser(ctx);
    await createPost(ctx.app, ada.token, { text: 'Someone exists' });
    const res = await profileRequest(ctx.app, ada.token, 'nobodyhere', 'limit=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toBe('{"ok":false}');
    expect(res.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('a signed-out visitor is refused', async () => {
    const ada = await buildUser(ctx);
    const res = await call(ctx.app, 'GET', `/api/v1/users/getProfile/${ada.user.username}`);
    expect(res.statusCode).toBe(401);
  });

  it('posts come newest first with the reaction summary of the visitor, and trash never shows', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const cleo = await buildUser(ctx);
    const first = (await createPost(ctx.app, ada.token, { text: 'first' })).json();
    const trashed = (await createPost(ctx.app, ada.token, { text: 'regret' })).json();
    const last = (await createPost(ctx.app, ada.token, { text: 'last' })).json();
    await createPost(ctx.app, bob.token, { text: 'bob elsewhere' });
    await react(ctx.app, bob.token, first._id, 'love');
    await react(ctx.app, cleo.token, first._id, 'haha');
    await buildComment(ctx, { id: last._id }, cleo, { comment: 'nice' });
    expect((await deletePost(ctx.app, ada.token, trashed._id)).statusCode).toBe(200);

    const bobSees = await getProfile(ctx.app, bob.token, ada.user.username);
    expect(bobSees.posts.map((p) => p.text)).toEqual(['last', 'first']);
    expect(bobSees.posts[0]!.comments.map((c) => c.comment)).toEqual(['nice']);
    expect(bobSees.posts[0]!.commentCount).toBe(1);
    expect(bobSees.posts[1]!.reactions).toMatchObject({ check: 'love', total: 2 });

    const cleoSees = await getProfile(ctx.app, cleo.token, ada.user.username);
    expect(cleoSees.posts[1]!.reactions).toMatchObject({ check: 'haha', total: 2 });
    const adaSees = await getProfile(ctx.app, ada.token, ada.user.username);
    expect(adaSees.posts[1]!.reactions).toMatchObject({ check: null, total: 2 });
    expect(adaSees.posts.map((p) => p._id)).not.toContain(trashed._id);
  });

  it('a profile with many posts pages them like the feed', async () => {
    const ada = await buildUser(ctx);
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.unshift((await buildPost(ctx, ada)).id);

    const first = await profileRequest(ctx.app, ada.token, ada.user.username);
    expect((first.json() as Profile).posts.map((p) => p._id)).toEqual(ids.slice(0, 20));
    const cursor = first.headers[NEXT_CURSOR_HEADER.toLowerCase()];
    expect(cursor).toBe(ids[19]);

    const rest = await profileRequest(ctx.app, ada.token, ada.user.username, `cursor=${cursor}`);
    expect((rest.json() as Profile).posts.map((p) => p._id)).toEqual(ids.slice(20));
    expect(rest.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('costs the same number of SQL queries with 2 posts and 1 friend as with 20 posts and 12 friends', async () => {
    async function queriesFor(posts: number, friends: number) {
      const owner = await buildUser(ctx);
      const visitor = await buildUser(ctx);
      for (let i = 0; i < friends; i++) await befriend(ctx.app, owner, await buildUser(ctx));
      for (let i = 0; i < posts; i++) {
        const post = await buildPost(ctx, owner);
        await buildComment(ctx, post, visitor);
        await buildReaction(ctx, post, visitor, 'wow');
      }
      const before = ctx.database.queryCount();
      const profile = await getProfile(ctx.app, visitor.token, owner.user.username);
      return { profile, queries: ctx.database.queryCount() - before };
    }
    const small = await queriesFor(2, 1);
    const large = await queriesFor(20, 12);
    expect(small.profile.posts).toHaveLength(2);
    expect(large.profile.posts).toHaveLength(20);
    expect(large.profile.friends).toHaveLength(9);
    expect(large.profile.friendsCount).toBe(12);
    expect(large.profile.posts.every((p) => p.reactions.check === 'wow')).toBe(true);
    expect(large.queries).toBe(small.queries);
    expect(small.queries).toBeLessThanOrEqual(12);
  });
});
