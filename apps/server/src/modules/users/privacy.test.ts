import {
  DEFAULT_PRIVACY,
  type FriendsListVisibleTo,
  type Post,
  PRIVACY_MESSAGES,
  PROFILE_MESSAGES,
  SERVER_MESSAGES,
} from '@hearth/contract';
import type { LightMyRequestResponse } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../test-support/factories.js';
import { jpeg } from '../../test-support/images.js';
import { createPost, getPostRequest } from '../../test-support/posts-api.js';
import { type TestContext, useTestApp } from '../../test-support/test-app.js';
import { uploadedUrl } from '../../test-support/uploads.js';
import {
  befriend,
  friendship,
  friendsPage,
  getPrivacy,
  getProfile,
  memberCard,
  updatePicture,
  updatePrivacy,
} from '../../test-support/users-api.js';

function answer(res: LightMyRequestResponse) {
  return { status: res.statusCode, body: res.json() };
}

async function changePrivacy(ctx: TestContext, who: BuiltUser, settings: object) {
  const res = await updatePrivacy(ctx.app, who.token, settings);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('privacy settings', () => {
  const ctx = useTestApp();

  it('a new member has the defaults: members, everyone, public', async () => {
    const ada = await buildUser(ctx);
    expect(await getPrivacy(ctx.app, ada.token)).toEqual({
      defaultAudience: 'members',
      friendRequestsFrom: 'everyone',
      friendsListVisibleTo: 'public',
    });
    expect(await getPrivacy(ctx.app, ada.token)).toEqual(DEFAULT_PRIVACY);
  });

  it('a change of one setting keeps the others; the answer and a later read show all three as stored', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const afterFirst = { ...DEFAULT_PRIVACY, friendsListVisibleTo: 'only_me' };
    expect(await changePrivacy(ctx, ada, { friendsListVisibleTo: 'only_me' })).toEqual(afterFirst);
    expect(await getPrivacy(ctx.app, ada.token)).toEqual(afterFirst);

    const all = {
      defaultAudience: 'only_me',
      friendRequestsFrom: 'friends_of_friends',
      friendsListVisibleTo: 'friends',
    };
    expect(await changePrivacy(ctx, ada, all)).toEqual(all);
    expect(await getPrivacy(ctx.app, ada.token)).toEqual(all);
    // Each member's own.
    expect(await getPrivacy(ctx.app, bob.token)).toEqual(DEFAULT_PRIVACY);
  });

  it('a value outside the choices is 400 with its sentence, an unknown key or an empty body too; nothing is saved', async () => {
    const ada = await buildUser(ctx);
    const stored = { ...DEFAULT_PRIVACY, defaultAudience: 'friends' };
    await changePrivacy(ctx, ada, { defaultAudience: 'friends' });
    const refused: Array<[unknown, string]> = [
      [{ defaultAudience: 'everyone' }, PRIVACY_MESSAGES.defaultAudience],
      [{ defaultAudience: null }, PRIVACY_MESSAGES.defaultAudience],
      [{ friendRequestsFrom: 'friends' }, PRIVACY_MESSAGES.friendRequestsFrom],
      [{ friendsListVisibleTo: 'members' }, PRIVACY_MESSAGES.friendsListVisibleTo],
      [{ friendsListVisibleTo: 1 }, PRIVACY_MESSAGES.friendsListVisibleTo],
      // One good value beside a bad one: neither is saved.
      [
        { defaultAudience: 'public', friendRequestsFrom: 'nobody' },
        PRIVACY_MESSAGES.friendRequestsFrom,
      ],
      [{ defaultAudience: 'public', whoCanLookMeUp: 'everyone' }, SERVER_MESSAGES.invalidInput],
      [{}, PRIVACY_MESSAGES.empty],
      [undefined, PRIVACY_MESSAGES.empty],
      [['public'], SERVER_MESSAGES.invalidInput],
    ];
    for (const [body, message] of refused) {
      expect(answer(await updatePrivacy(ctx.app, ada.token, body))).toEqual({
        status: 400,
        body: { message },
      });
    }
    expect(await getPrivacy(ctx.app, ada.token)).toEqual(stored);
  });

  it('default audience: a new post without an audience gets it, one naming an audience keeps its own', async () => {
    const ada = await buildUser(ctx);
    const friend = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    await befriend(ctx.app, ada, friend);
    const posted = async (body: object) => {
      const res = await createPost(ctx.app, ada.token, { type: null, ...body });
      expect(res.statusCode).toBe(201);
      return res.json() as Post;
    };

    expect((await posted({ text: 'As before' })).audience).toBe('members');
    await changePrivacy(ctx, ada, { defaultAudience: 'friends' });
    const forFriends = await posted({ text: 'Among friends' });
    expect(forFriends.audience).toBe('friends');
    expect((await getPostRequest(ctx.app, friend.token, forFriends._id)).statusCode).toBe(200);
    expect((await getPostRequest(ctx.app, stranger.token, forFriends._id)).statusCode).toBe(404);
    expect((await posted({ text: 'For all', audience: 'public' })).audience).toBe('public');

    await changePrivacy(ctx, ada, { defaultAudience: 'only_me' });
    const mine = await posted({ text: 'A note' });
    expect(mine.audience).toBe('only_me');
    expect((await getPostRequest(ctx.app, friend.token, mine._id)).statusCode).toBe(404);
  });

  it('default audience: the posts announcing a new profile picture and cover get it too', async () => {
    const ada = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    await changePrivacy(ctx, ada, { defaultAudience: 'friends' });
    const { username } = ada.user;
    for (const [type, which, folder] of [
      ['profilePicture', 'profile', 'profile_pictures'],
      ['coverPicture', 'cover', 'cover_pictures'],
    ] as const) {
      const url = await uploadedUrl(ctx.app, ada.token, `${username}/${folder}`, await jpeg());
      expect((await updatePicture(ctx.app, ada.token, which, url)).statusCode).toBe(200);
      // As the web app announces it: the post names no audience.
      const res = await createPost(ctx.app, ada.token, { type, text: null, images: [{ url }] });
      expect(res.statusCode).toBe(201);
      const post = res.json() as Post;
      expect([post.type, post.audience]).toEqual([type, 'friends']);
      expect((await getPostRequest(ctx.app, stranger.token, post._id)).statusCode).toBe(404);
    }
  });
});

describe('who can send me friend requests', () => {
  const ctx = useTestApp();

  /** Whether `viewer` is offered Add Friend on `owner`'s profile. */
  async function offered(viewer: BuiltUser, owner: BuiltUser): Promise<boolean> {
    return (await getProfile(ctx.app, viewer.token, owner.user.username)).acceptsFriendRequests;
  }

  it('friends of friends: a stranger gets the unknown member’s answer and is not offered Add Friend; nothing is stored', async () => {
    const ada = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    expect(await offered(stranger, ada)).toBe(true);
    await changePrivacy(ctx, ada, { friendRequestsFrom: 'friends_of_friends' });
    expect(await offered(stranger, ada)).toBe(false);

    const unknown = answer(await friendship(ctx.app, stranger.token, 'addFriend', uuidv7()));
    expect(unknown).toEqual({ status: 404, body: { message: PROFILE_MESSAGES.memberNotFound } });
    expect(answer(await friendship(ctx.app, stranger.token, 'addFriend', ada.user.id))).toEqual(
      unknown,
    );
    expect((await friendsPage(ctx.app, ada.token)).requests).toEqual([]);
    expect((await friendsPage(ctx.app, stranger.token)).sentRequests).toEqual([]);
    // The rule is about requests only: following stays open.
    expect((await friendship(ctx.app, stranger.token, 'follow', ada.user.id)).statusCode).toBe(200);

    // Back to everyone: the stranger may ask.
    await changePrivacy(ctx, ada, { friendRequestsFrom: 'everyone' });
    expect(await offered(stranger, ada)).toBe(true);
    expect((await friendship(ctx.app, stranger.token, 'addFriend', ada.user.id)).statusCode).toBe(
      200,
    );
    expect((await friendsPage(ctx.app, ada.token)).requests).toEqual([memberCard(stranger)]);
  });

  it('friends of friends: a friend of any of their friends may ask, whichever side of each pair they are', async () => {
    // Members are made in id order, so the pairs' low and high sides fall both ways.
    const early = await buildUser(ctx);
    const earlyFriend = await buildUser(ctx);
    const ada = await buildUser(ctx);
    const lateFriend = await buildUser(ctx);
    const late = await buildUser(ctx);
    await befriend(ctx.app, ada, early);
    await befriend(ctx.app, late, ada);
    await befriend(ctx.app, early, earlyFriend);
    await befriend(ctx.app, lateFriend, late);
    // A request is not a friendship: who only asked a friend of Ada's is still a stranger.
    const asker = await buildUser(ctx);
    await friendship(ctx.app, asker.token, 'addFriend', late.user.id);
    await changePrivacy(ctx, ada, { friendRequestsFrom: 'friends_of_friends' });

    expect(await offered(asker, ada)).toBe(false);
    expect((await friendship(ctx.app, asker.token, 'addFriend', ada.user.id)).statusCode).toBe(404);
    for (const caller of [earlyFriend, lateFriend]) {
      expect(await offered(caller, ada)).toBe(true);
      expect((await friendship(ctx.app, caller.token, 'addFriend', ada.user.id)).statusCode).toBe(
        200,
      );
    }
    expect((await friendsPage(ctx.app, ada.token)).requests.map((m) => m._id).sort()).toEqual(
      [earlyFriend.user.id, lateFriend.user.id].sort(),
    );
  });

  it('friends of friends: a request they sent the caller is still accepted by Add Friend', async () => {
    const ada = await buildUser(ctx);
    const dan = await buildUser(ctx);
    expect((await friendship(ctx.app, ada.token, 'addFriend', dan.user.id)).statusCode).toBe(200);
    await changePrivacy(ctx, ada, { friendRequestsFrom: 'friends_of_friends' });

    expect(await offered(dan, ada)).toBe(true);
    expect((await friendship(ctx.app, dan.token, 'addFriend', ada.user.id)).statusCode).toBe(200);
    expect((await getProfile(ctx.app, dan.token, ada.user.username)).friendship.friends).toBe(true);
    // One's own profile never offers Add Friend.
    expect(await offered(ada, ada)).toBe(false);
  });
});

describe('who can see my friends list', () => {
  const ctx = useTestApp();

  it('public, friends, only me: the profile’s friends and their number, for the owner, a friend and a stranger', async () => {
    const ada = await buildUser(ctx);
    const friend = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    await befriend(ctx.app, ada, friend);
    const { username, picture, first_name, last_name } = memberCard(friend);
    const shown = {
      friends: [{ username, picture, first_name, last_name }],
      friendsCount: 1,
      friendsVisible: true,
    };
    const hidden = { friends: [], friendsCount: 0, friendsVisible: false };
    const expected: Record<
      FriendsListVisibleTo,
      Array<[BuiltUser, typeof shown | typeof hidden]>
    > = {
      public: [
        [ada, shown],
        [friend, shown],
        [stranger, shown],
      ],
      friends: [
        [ada, shown],
        [friend, shown],
        [stranger, hidden],
      ],
      only_me: [
        [ada, shown],
        [friend, hidden],
        [stranger, hidden],
      ],
    };
    for (const [setting, rows] of Object.entries(expected)) {
      await changePrivacy(ctx, ada, { friendsListVisibleTo: setting });
      for (const [viewer, seen] of rows) {
        const profile = await getProfile(ctx.app, viewer.token, ada.user.username);
        expect({
          setting,
          viewer: viewer.user.id,
          friends: profile.friends,
          friendsCount: profile.friendsCount,
          friendsVisible: profile.friendsVisible,
        }).toEqual({ setting, viewer: viewer.user.id, ...seen });
      }
    }
    // The owner's own friends page is theirs whatever the setting.
    expect((await friendsPage(ctx.app, ada.token)).friends).toEqual([memberCard(friend)]);
  });
});
