import { type Audience, type LiveServerMessage, type Post, ROUTES } from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { type BuiltUser, buildPost, buildUser } from '../../test-support/factories.js';
import { jpeg } from '../../test-support/images.js';
import { LiveClient, listenForLive } from '../../test-support/live-client.js';
import { comment, createPost, editPost, react } from '../../test-support/posts-api.js';
import { callEndpoint, useTestApp } from '../../test-support/test-app.js';
import { uploadedUrl } from '../../test-support/uploads.js';
import { befriend, friendship } from '../../test-support/users-api.js';

/** The messages about posts: what the visibility rule decides for each socket. */
const ABOUT_POSTS: ReadonlyArray<LiveServerMessage['type']> = [
  'post',
  'comment',
  'reactions',
  'postEdited',
];

const clients: LiveClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

// Who sees what (API.md) on the live-updates socket: each message about a post goes only to
// the sockets whose member may see it now, and a watch only takes posts the member may see.
describe('live updates follow who sees what', () => {
  const ctx = useTestApp();

  async function connect(member: BuiltUser): Promise<LiveClient> {
    const client = await LiveClient.ready(await listenForLive(ctx.app), member.token);
    clients.push(client);
    return client;
  }

  /** Watches the posts; resolves once the server has taken the watch (a pong follows it). */
  async function watch(socket: LiveClient, postIds: string[]): Promise<void> {
    socket.send({ type: 'watch', postIds });
    socket.send({ type: 'ping' });
    await socket.next('pong');
  }

  /**
   * The messages about posts the socket got, once every event so far has been routed and a pong
   * has come after them (what was sent before it arrived before it); taken from the socket.
   */
  async function postMessages(socket: LiveClient): Promise<LiveServerMessage[]> {
    await ctx.app.live.idle();
    socket.send({ type: 'ping' });
    await socket.next('pong');
    const taken = socket.messages.splice(0);
    return taken.filter((message) => ABOUT_POSTS.includes(message.type));
  }

  async function says(member: BuiltUser, postId: string, text: string): Promise<void> {
    expect((await comment(ctx.app, member.token, { postId, comment: text })).statusCode).toBe(200);
  }

  async function audience(member: BuiltUser, postId: string, to: Audience): Promise<void> {
    const res = await callEndpoint(ctx.app, ROUTES.editAudience, {
      params: { postId },
      body: { audience: to },
      token: member.token,
    });
    expect(res.statusCode).toBe(200);
  }

  async function blocks(member: BuiltUser, other: BuiltUser, action: 'block' | 'unblock') {
    const res = await callEndpoint(ctx.app, ROUTES[action], {
      params: { id: other.user.id },
      token: member.token,
    });
    expect(res.statusCode).toBe(200);
  }

  it('a stranger cannot watch a friends-only post: its comments reach a friend watching it, never the stranger, not even once a friend, until they watch it again', async () => {
    const ada = await buildUser(ctx);
    const friend = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    await befriend(ctx.app, ada, friend);
    const post = await buildPost(ctx, ada, { audience: 'friends' });
    // Nothing happens on it while they are strangers: only the watch decides.
    const later = await buildPost(ctx, ada, { audience: 'friends' });
    const friendSocket = await connect(friend);
    const strangerSocket = await connect(stranger);
    await watch(friendSocket, [post.id, later.id]);
    // Hidden posts and a missing one are refused alike: nothing said, the socket stays open.
    await watch(strangerSocket, [post.id, later.id, uuidv7()]);
    expect(strangerSocket.messages).toEqual([]);
    expect(strangerSocket.closeCode).toBeUndefined();

    await says(ada, post.id, 'For my friends');
    expect((await friendSocket.next('comment')).payload.comment.comment).toBe('For my friends');
    expect(await postMessages(strangerSocket)).toEqual([]);

    // Friends now, the stranger may see the posts: their socket still does not watch them.
    await befriend(ctx.app, stranger, ada);
    await says(ada, later.id, 'Later');
    expect((await friendSocket.next('comment')).payload.comment.comment).toBe('Later');
    expect(await postMessages(strangerSocket)).toEqual([]);

    await watch(strangerSocket, [later.id]);
    await says(ada, later.id, 'Watched now');
    expect((await strangerSocket.next('comment')).payload.comment.comment).toBe('Watched now');
  });

  it('after the author changes the audience to only me, a watcher stops receiving reactions and comments, and does not again when it is widened until they watch again', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const post = await buildPost(ctx, ada, { audience: 'members' });
    const adaSocket = await connect(ada);
    const bobSocket = await connect(bob);
    await watch(adaSocket, [post.id]);
    await watch(bobSocket, [post.id]);
    expect((await react(ctx.app, ada.token, post.id, 'like')).statusCode).toBe(200);
    await adaSocket.next('reactions');
    await bobSocket.next('reactions');

    // Narrowed, then widened again before anything happens on the post: Bob's socket stopped
    // watching it when he could no longer see it.
    await audience(ada, post.id, 'only_me');
    await audience(ada, post.id, 'members');
    await says(ada, post.id, 'Everyone again');
    expect((await react(ctx.app, ada.token, post.id, 'love')).statusCode).toBe(200);
    expect((await adaSocket.next('comment')).payload.comment.comment).toBe('Everyone again');
    await adaSocket.next('reactions');
    expect(await postMessages(bobSocket)).toEqual([]);

    // Watched again, then only me: nothing more reaches him.
    await watch(bobSocket, [post.id]);
    await says(ada, post.id, 'Welcome back');
    expect((await bobSocket.next('comment')).payload.comment.comment).toBe('Welcome back');
    await adaSocket.next('comment');
    await audience(ada, post.id, 'only_me');
    await says(ada, post.id, 'Just me now');
    expect((await react(ctx.app, ada.token, post.id, 'haha')).statusCode).toBe(200);
    expect((await adaSocket.next('comment')).payload.comment.comment).toBe('Just me now');
    await adaSocket.next('reactions');
    expect(await postMessages(bobSocket)).toEqual([]);
  });

  it('each message asks the rule: once unfriended, a friend watching a friends-only post stops receiving its comments and reactions', async () => {
    const ada = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const carol = await buildUser(ctx);
    await befriend(ctx.app, ada, bob);
    await befriend(ctx.app, ada, carol);
    const post = await buildPost(ctx, ada, { audience: 'friends' });
    const bobSocket = await connect(bob);
    const carolSocket = await connect(carol);
    await watch(bobSocket, [post.id]);
    await watch(carolSocket, [post.id]);
    await says(ada, post.id, 'Friends, all of you');
    await bobSocket.next('comment');
    await carolSocket.next('comment');

    // No audience change: the friendship ends, and with it what Bob may see.
    expect((await friendship(ctx.app, ada.token, 'unfriend', bob.user.id)).statusCode).toBe(200);
    await says(ada, post.id, 'Friends only');
    expect((await react(ctx.app, carol.token, post.id, 'wow')).statusCode).toBe(200);
    expect((await carolSocket.next('comment')).payload.comment.comment).toBe('Friends only');
    await carolSocket.next('reactions');
    expect(await postMessages(bobSocket)).toEqual([]);
  });

  it('a blocked member’s comment on a third member’s post is not sent to the blocker watching it, but is to another watcher; and the other way round', async () => {
    const blocker = await buildUser(ctx);
    const blocked = await buildUser(ctx);
    const author = await buildUser(ctx);
    const third = await buildUser(ctx);
    await blocks(blocker, blocked, 'block');
    const post = await buildPost(ctx, author, { audience: 'public' });
    const blockerSocket = await connect(blocker);
    const blockedSocket = await connect(blocked);
    const thirdSocket = await connect(third);
    for (const socket of [blockerSocket, blockedSocket, thirdSocket])
      await watch(socket, [post.id]);

    await says(blocked, post.id, 'From the blocked');
    expect((await thirdSocket.next('comment')).payload.comment.commentBy._id).toBe(blocked.user.id);
    expect(await postMessages(blockerSocket)).toEqual([]);

    await says(blocker, post.id, 'From the blocker');
    expect((await thirdSocket.next('comment')).payload.comment.commentBy._id).toBe(blocker.user.id);
    // Each one's own comment came back to their socket; the other's never did.
    expect(await postMessages(blockedSocket)).toEqual([
      expect.objectContaining({
        type: 'comment',
        payload: expect.objectContaining({
          comment: expect.objectContaining({ comment: 'From the blocked' }),
        }),
      }),
    ]);
    // The post's reactions still reach both: they may see the post.
    expect((await react(ctx.app, author.token, post.id, 'like')).statusCode).toBe(200);
    await blockerSocket.next('reactions');
    await blockedSocket.next('reactions');
  });

  it('an edit reaches the watchers who may see the post, with what it shows now; not a friend unfriended since, nor a stranger whose watch was refused', async () => {
    const ada = await buildUser(ctx);
    const friend = await buildUser(ctx);
    const former = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    await befriend(ctx.app, friend, ada);
    await befriend(ctx.app, former, ada);
    const photo = await uploadedUrl(
      ctx.app,
      ada.token,
      `${ada.user.username}/post_images`,
      await jpeg(),
    );
    const post = await buildPost(ctx, ada, { audience: 'friends', text: 'Typo' });
    const sockets = await Promise.all([ada, friend, former, stranger].map(connect));
    const [adaSocket, friendSocket, formerSocket, strangerSocket] = sockets as [
      LiveClient,
      LiveClient,
      LiveClient,
      LiveClient,
    ];
    for (const socket of sockets) await watch(socket, [post.id]);
    expect((await friendship(ctx.app, ada.token, 'unfriend', former.user.id)).statusCode).toBe(200);

    const res = await editPost(ctx.app, ada.token, post.id, {
      text: 'No typo',
      images: [{ url: photo }],
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as Post;
    const message = {
      type: 'postEdited',
      payload: {
        postId: post.id,
        text: 'No typo',
        background: null,
        // A friends-only post's photo, at the signed address its card gives every friend.
        images: answer.images,
        editedAt: answer.editedAt,
      },
    };
    expect(answer.images[0]?.url).toMatch(/\?exp=\d+&sig=/);
    expect(await adaSocket.next('postEdited')).toEqual(message);
    expect(await friendSocket.next('postEdited')).toEqual(message);
    expect(await postMessages(formerSocket)).toEqual([]);
    expect(await postMessages(strangerSocket)).toEqual([]);
  });

  it('a friends-only new post is announced to a friend who follows, not to a follower who is not a friend; an only-me post to the author’s sockets alone', async () => {
    const ada = await buildUser(ctx);
    const friend = await buildUser(ctx);
    const follower = await buildUser(ctx);
    await befriend(ctx.app, friend, ada);
    expect((await friendship(ctx.app, follower.token, 'follow', ada.user.id)).statusCode).toBe(200);
    const adaSocket = await connect(ada);
    const friendSocket = await connect(friend);
    const followerSocket = await connect(follower);

    const posted = async (to: Audience) => {
      const res = await createPost(ctx.app, ada.token, { type: null, text: to, audience: to });
      expect(res.statusCode).toBe(201);
      const message = { type: 'post', payload: { postId: res.json()._id, authorId: ada.user.id } };
      expect(await adaSocket.next('post')).toEqual(message);
      return message;
    };

    const forFriends = await posted('friends');
    expect(await friendSocket.next('post')).toEqual(forFriends);
    expect(await postMessages(followerSocket)).toEqual([]);

    await posted('only_me');
    expect(await postMessages(friendSocket)).toEqual([]);
    expect(await postMessages(followerSocket)).toEqual([]);

    const forMembers = await posted('members');
    expect(await friendSocket.next('post')).toEqual(forMembers);
    expect(await followerSocket.next('post')).toEqual(forMembers);
  });

  it('after a block, the blocker no longer receives messages about the blocked member; unblocking restores their comments, not the watch of their posts', async () => {
    const blocker = await buildUser(ctx);
    const blocked = await buildUser(ctx);
    const third = await buildUser(ctx);
    expect((await friendship(ctx.app, blocker.token, 'follow', blocked.user.id)).statusCode).toBe(
      200,
    );
    const theirs = await buildPost(ctx, blocked, { audience: 'public' });
    // Nothing happens on it until after the unblock: only the block's own drop decides.
    const theirsLater = await buildPost(ctx, blocked, { audience: 'public' });
    const thirds = await buildPost(ctx, third, { audience: 'public' });
    const all = [theirs.id, theirsLater.id, thirds.id];
    const blockerSocket = await connect(blocker);
    const blockedSocket = await connect(blocked);
    const thirdSocket = await connect(third);
    for (const socket of [blockerSocket, blockedSocket, thirdSocket]) await watch(socket, all);
    await says(blocked, thirds.id, 'Before the block');
    for (const socket of [blockerSocket, blockedSocket, thirdSocket]) await socket.next('comment');

    // Connected all along: the block reaches the socket through the bus.
    await blocks(blocker, blocked, 'block');
    await says(blocked, thirds.id, 'After the block');
    expect((await thirdSocket.next('comment')).payload.comment.comment).toBe('After the block');
    expect((await react(ctx.app, third.token, theirs.id, 'haha')).statusCode).toBe(200);
    await thirdSocket.next('reactions');
    await blockedSocket.next('reactions');
    const res = await createPost(ctx.app, blocked.token, {
      type: null,
      text: 'New',
      audience: 'public',
    });
    expect(res.statusCode).toBe(201);
    await blockedSocket.next('post');
    expect(await postMessages(blockerSocket)).toEqual([]);

    // Unblocked: the blocked member's comments on others' posts show again; their posts are no
    // longer watched (the client watches them again when it shows them again).
    await blocks(blocker, blocked, 'unblock');
    await ctx.app.live.idle();
    await says(blocked, thirds.id, 'After the unblock');
    expect((await blockerSocket.next('comment')).payload.comment.comment).toBe('After the unblock');
    expect((await react(ctx.app, third.token, theirsLater.id, 'haha')).statusCode).toBe(200);
    await thirdSocket.next('reactions');
    expect(await postMessages(blockerSocket)).toEqual([]);
  });
});
