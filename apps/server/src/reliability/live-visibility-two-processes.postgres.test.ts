import { type LiveServerMessage, ROUTES } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import type { LiveClient } from '../test-support/live-client.js';
import { call, expectStatus, type Member, signUp } from './http-calls.js';
import { UNTHROTTLED } from './server-ground.js';
import type { ServerProcess } from './server-process.js';
import { twoProcesses } from './two-processes.js';

// Who sees what across processes (API.md, Live updates): what a member changes through one
// process (a block, a post's audience) applies at once to the live messages sockets on another
// process get. Two built servers (`dist/main.js`), one PostgreSQL database, one Redis, as in
// live-two-processes.postgres.test.ts.
describe('who sees what on live sockets across two real server processes', () => {
  const { servers, socketOn } = twoProcesses('live-visibility', UNTHROTTLED);

  /** A ready socket on `server` watching `postIds` (a pong follows the watch). */
  async function watching(
    server: ServerProcess,
    member: Member,
    postIds: string[],
  ): Promise<LiveClient> {
    const socket = await socketOn(server, member.token);
    socket.send({ type: 'watch', postIds });
    socket.send({ type: 'ping' });
    await socket.next('pong');
    return socket;
  }

  /** The comments the socket got before a pong answering a ping sent now; taken from it. */
  async function commentsSoFar(socket: LiveClient): Promise<LiveServerMessage[]> {
    socket.send({ type: 'ping' });
    await socket.next('pong');
    return socket.messages.splice(0).filter((message) => message.type === 'comment');
  }

  async function post(server: ServerProcess, author: Member, audience: string): Promise<string> {
    const body = (await expectStatus(
      201,
      call(server, ROUTES.createPost, { token: author.token, body: { text: audience, audience } }),
    )) as { _id: string };
    return body._id;
  }

  /** The comments the member's card of the post shows, read through `server`. */
  async function commentsOnPage(
    server: ServerProcess,
    member: Member,
    postId: string,
  ): Promise<string[]> {
    const card = (await expectStatus(
      200,
      call(server, ROUTES.getPost, { token: member.token, params: { postId } }),
    )) as { comments: Array<{ comment: string }> };
    return card.comments.map((c) => c.comment);
  }

  async function says(server: ServerProcess, member: Member, postId: string, text: string) {
    await expectStatus(
      200,
      call(server, ROUTES.comment, { token: member.token, body: { postId, comment: text } }),
    );
  }

  it('a block made through A stops, at once, the blocked member’s comments reaching the blocker’s socket on B', async () => {
    const [serverA, serverB] = servers();
    const blocker = await signUp(serverA, 'Ada', 'Blocker');
    const blocked = await signUp(serverB, 'Bob', 'Blocked');
    const author = await signUp(serverA, 'Carol', 'Author');
    const third = await signUp(serverB, 'Dan', 'Third');
    const postId = await post(serverA, author, 'public');
    const blockerSocket = await watching(serverB, blocker, [postId]);
    const thirdSocket = await watching(serverB, third, [postId]);

    await says(serverA, blocked, postId, 'Before the block');
    expect((await blockerSocket.next('comment')).payload.comment.comment).toBe('Before the block');
    await thirdSocket.next('comment');
    // B holds the post's card with the blocked member's comment in its cache.
    expect(await commentsOnPage(serverB, blocker, postId)).toEqual(['Before the block']);

    await expectStatus(
      200,
      call(serverA, ROUTES.block, { token: blocker.token, params: { id: blocked.id } }),
    );
    // At once: nothing waited for between the block's answer and the comment.
    await says(serverA, blocked, postId, 'After the block');
    expect((await thirdSocket.next('comment')).payload.comment.comment).toBe('After the block');
    expect(await commentsSoFar(blockerSocket)).toEqual([]);
    // Reads through B apply the block at once too: the cached card is built again for the
    // blocker without the comments, the third member still gets them, the profile is missing.
    expect(await commentsOnPage(serverB, blocker, postId)).toEqual([]);
    expect(await commentsOnPage(serverB, third, postId)).toEqual([
      'After the block',
      'Before the block',
    ]);
    const profile = await expectStatus(
      200,
      call(serverB, ROUTES.getProfile, {
        token: blocker.token,
        params: { username: blocked.username },
      }),
    );
    expect(profile).toEqual({ ok: false });
  });

  it('an audience change made through A stops, at once, the post’s comments reaching a watcher on B who may no longer see it', async () => {
    const [serverA, serverB] = servers();
    const author = await signUp(serverA, 'Erin', 'Author');
    const watcher = await signUp(serverB, 'Finn', 'Watcher');
    const postId = await post(serverA, author, 'members');
    const authorSocket = await watching(serverB, author, [postId]);
    const watcherSocket = await watching(serverB, watcher, [postId]);

    await says(serverA, author, postId, 'For every member');
    expect((await watcherSocket.next('comment')).payload.comment.comment).toBe('For every member');
    await authorSocket.next('comment');
    expect(await commentsOnPage(serverB, watcher, postId)).toEqual(['For every member']);

    await expectStatus(
      200,
      call(serverA, ROUTES.editAudience, {
        token: author.token,
        params: { postId },
        body: { audience: 'friends' },
      }),
    );
    await says(serverA, author, postId, 'For friends now');
    expect((await authorSocket.next('comment')).payload.comment.comment).toBe('For friends now');
    expect(await commentsSoFar(watcherSocket)).toEqual([]);
    // B's cached card is gone: the watcher gets 404, the author sees the new audience.
    const hidden = await call(serverB, ROUTES.getPost, {
      token: watcher.token,
      params: { postId },
    });
    expect(hidden.status).toBe(404);
    const own = (await expectStatus(
      200,
      call(serverB, ROUTES.getPost, { token: author.token, params: { postId } }),
    )) as { audience: string };
    expect(own.audience).toBe('friends');
  });
});
