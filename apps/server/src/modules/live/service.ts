import {
  LIVE_CLOSE_CODES,
  type LiveClientMessage,
  type LiveServerMessage,
  liveClientMessageSchema,
  type MessagesUnread,
  type Notification,
} from '@hearth/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type RawData, WebSocket } from 'ws';
import type { LiveLimits } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { EventBus } from '../../infra/bus/bus.js';
import type { DomainEvent } from '../../infra/bus/events.js';
import type { Clock } from '../../infra/clock.js';
import { blockedSetOf, canSeePost, type PostFacts, type Viewer } from '../access/visibility.js';
import type { AuthService } from '../auth/service.js';
import type { FriendshipsService } from '../users/friendships-service.js';
import {
  blockedSetsOf,
  followersAmong,
  liveSessionsAmong,
  postFactsFor,
  visiblePostsAmong,
} from './repo.js';

/** What live updates read of a member's notifications (the notifications module provides it). */
export interface NotificationReader {
  one(userId: string, notificationId: string): Promise<Notification | null>;
  unreadCount(userId: string): Promise<number>;
}

/** What live updates ask of the messaging module (modules/messages provides it). */
export interface MessengerLink {
  /** A member's Messenger figures, as their next message carries them. */
  unreadOf(userId: string): Promise<MessagesUnread>;
  /** The member is writing in the conversation: relayed when they are a member, else dropped. */
  typing(userId: string, conversationId: string): Promise<void>;
}

export interface LiveServiceDeps {
  db: Db;
  clock: Clock;
  auth: AuthService;
  friendships: FriendshipsService;
  bus: EventBus;
  /** Without it, notification events are not sent to sockets. */
  notifications?: NotificationReader;
  /** Without it, message events are not sent to sockets and 'typing' is dropped. */
  messages?: MessengerLink;
  limits: LiveLimits;
  /** Whether an address's sockets are never capped (loopback; every one behind TRUST_PROXY). */
  isUncappedAddress: (address: string) => boolean;
  log: FastifyBaseLogger;
}

/** The member a socket stands for, with what the visibility rule reads of them without a query. */
interface LiveMember {
  id: string;
  sessionId: string;
  expiresAt: number;
  /**
   * The members blocked either way (`blockedSetOf`): loaded at auth, replaced when a
   * 'block.changed' names the member and when the bus reconnects.
   */
  blocked: ReadonlySet<string>;
}

/** One open socket and what it stands for; cheap while idle (no timer once authenticated). */
interface LiveSocket {
  ws: WebSocket;
  address: string | undefined;
  /** Set once authenticated. */
  member?: LiveMember;
  /** The posts watched (each one the member could see when asked), by id: their authors. */
  watched: Map<string, string>;
  authTimer: NodeJS.Timeout | undefined;
  /** Messages are handled one after the other: an auth's answer comes before a watch's effect. */
  queue: Promise<void>;
  windowStart: number;
  windowCount: number;
  closed: boolean;
}

/** A reader's buffer beyond this: the socket is not keeping up, so it is dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Ids looked up per statement (SQLite's bound parameters are limited). */
const QUERY_CHUNK = 1000;
/** How long sockets may take to answer the close at shutdown before they are cut. */
const SHUTDOWN_GRACE_MS = 1000;

/**
 * The WebSocket side of live updates (API.md, Live updates): each process keeps its sockets by
 * member and by watched post, and turns the bus's events into the messages members receive.
 * One bus subscription and one expiry timer per process, whatever the number of sockets.
 */
export class LiveService {
  private readonly sockets = new Set<LiveSocket>();
  private readonly byMember = new Map<string, Set<LiveSocket>>();
  private readonly byPost = new Map<string, Set<LiveSocket>>();
  private readonly perAddress = new Map<string, number>();
  /** Work on one key (a pair of members, a member's notifications) runs in the events' order. */
  private readonly chains = new Map<string, Promise<void>>();
  private readonly unsubscribe: Array<() => void>;
  private readonly expiryTimer: NodeJS.Timeout;
  private shuttingDown = false;
  /** Routing under way (each promise settles, never rejects), for `idle`. */
  private readonly routing = new Set<Promise<void>>();

  constructor(private readonly deps: LiveServiceDeps) {
    this.unsubscribe = [
      deps.bus.subscribe((event) => {
        this.track(
          this.route(event).catch((error: unknown) =>
            deps.log.error({ err: error, event: event.type }, 'live update failed'),
          ),
        );
      }),
      deps.bus.onStale(() => {
        this.broadcastStale();
        this.track(
          this.closeEndedSessions().catch((error: unknown) =>
            deps.log.error({ err: error }, 'live sessions check failed'),
          ),
        );
        this.track(
          this.refreshViewers().catch((error: unknown) =>
            deps.log.error({ err: error }, 'live viewers refresh failed'),
          ),
        );
      }),
    ];
    this.expiryTimer = setInterval(() => this.closeExpired(), deps.limits.expiryCheckIntervalMs);
    this.expiryTimer.unref();
  }

  /**
   * Resolves once every event heard so far has been routed (its messages handed to the sockets),
   * work those events started included. Tests wait on it before asserting that nothing came.
   */
  async idle(): Promise<void> {
    while (this.routing.size > 0) await Promise.all([...this.routing]);
  }

  /** Sockets open on this process, authenticated or not (the metrics' gauge). */
  get openSockets(): number {
    return this.sockets.size;
  }

  /** Takes a new socket: it must authenticate within the time allowed. */
  accept(ws: WebSocket, address: string | undefined): void {
    const { limits } = this.deps;
    if (this.shuttingDown) {
      ws.close(LIVE_CLOSE_CODES.goingAway);
      return;
    }
    const capped =
      address !== undefined &&
      limits.socketsPerAddress > 0 &&
      !this.deps.isUncappedAddress(address);
    if (capped && (this.perAddress.get(address) ?? 0) >= limits.socketsPerAddress) {
      ws.close(LIVE_CLOSE_CODES.tooManySockets);
      return;
    }
    const socket: LiveSocket = {
      ws,
      address: capped ? address : undefined,
      watched: new Map(),
      authTimer: undefined,
      queue: Promise.resolve(),
      windowStart: 0,
      windowCount: 0,
      closed: false,
    };
    this.sockets.add(socket);
    if (socket.address !== undefined) {
      this.perAddress.set(socket.address, (this.perAddress.get(socket.address) ?? 0) + 1);
    }
    socket.authTimer = setTimeout(
      () => this.closeSocket(socket, LIVE_CLOSE_CODES.unauthorized),
      limits.authTimeoutMs,
    );
    ws.on('message', (data, isBinary) => this.receive(socket, data, isBinary));
    ws.on('close', () => this.forget(socket));
  }

  /** At shutdown: every socket is told to reconnect elsewhere (1001), then cut if it lingers. */
  async close(): Promise<void> {
    if (this.shuttingDown) return;
    this.shuttingDown = true;
    for (const stop of this.unsubscribe) stop();
    clearInterval(this.expiryTimer);
    const open = [...this.sockets];
    for (const socket of open) this.closeSocket(socket, LIVE_CLOSE_CODES.goingAway);
    await closedOrCut(open.map((socket) => socket.ws));
  }

  private receive(socket: LiveSocket, data: RawData, isBinary: boolean): void {
    if (socket.closed) return;
    const { limits } = this.deps;
    const now = Date.now();
    if (now - socket.windowStart >= 1000) {
      socket.windowStart = now;
      socket.windowCount = 0;
    }
    socket.windowCount += 1;
    if (socket.windowCount > limits.messagesPerSecond) {
      this.closeSocket(socket, LIVE_CLOSE_CODES.tooManyMessages);
      return;
    }
    const message = isBinary ? undefined : readMessage(data, limits.clientMessageMaxBytes);
    if (!message) {
      this.closeSocket(socket, LIVE_CLOSE_CODES.badMessage);
      return;
    }
    socket.queue = socket.queue
      .then(() => this.handle(socket, message))
      .catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'live socket message failed');
        this.closeSocket(socket, 1011);
      });
  }

  private async handle(socket: LiveSocket, message: LiveClientMessage): Promise<void> {
    if (socket.closed) return;
    if (!socket.member) {
      if (message.type !== 'auth') {
        this.closeSocket(socket, LIVE_CLOSE_CODES.unauthorized);
        return;
      }
      await this.authenticate(socket, message.token);
      return;
    }
    switch (message.type) {
      case 'auth':
        // Already authenticated: a second auth changes nothing.
        return;
      case 'ping':
        this.send(socket, { type: 'pong' });
        return;
      case 'watch':
        await this.watch(socket, socket.member, message.postIds);
        return;
      case 'typing':
        await this.deps.messages?.typing(socket.member.id, message.conversationId);
        return;
    }
  }

  private async authenticate(socket: LiveSocket, token: string): Promise<void> {
    // The socket's address is not the member's behind a proxy: the session keeps the one its
    // requests came from.
    const result = await this.deps.auth.authenticate(token, { log: this.deps.log });
    // The auth time ran out, or the client left, while the session was looked up.
    if (socket.closed) return;
    if (!('member' in result)) {
      this.closeSocket(socket, LIVE_CLOSE_CODES.unauthorized);
      return;
    }
    const memberId = result.member.id;
    // In the member's viewer order: a block heard while the set below is read is applied after
    // this socket joined its member's, so no socket keeps a set older than the last block.
    await this.inOrder(`viewer:${memberId}`, async () => {
      if (socket.closed) return;
      if ((this.byMember.get(memberId)?.size ?? 0) >= this.deps.limits.socketsPerMember) {
        this.closeSocket(socket, LIVE_CLOSE_CODES.tooManySockets);
        return;
      }
      const blocked = await blockedSetOf(this.deps.db, memberId);
      if (socket.closed) return;
      clearTimeout(socket.authTimer);
      socket.authTimer = undefined;
      socket.member = {
        id: memberId,
        sessionId: result.sessionId,
        expiresAt: result.expiresAt,
        blocked,
      };
      const own = this.byMember.get(memberId);
      if (own) own.add(socket);
      else this.byMember.set(memberId, new Set([socket]));
      this.send(socket, { type: 'ready' });
    });
  }

  /**
   * Replaces the posts watched with those of `postIds` the member may see (one statement with
   * the rule's `visiblePost`); the others are left out without a word, so the answer tells
   * nothing of which exist.
   */
  private async watch(
    socket: LiveSocket,
    member: LiveMember,
    postIds: readonly string[],
  ): Promise<void> {
    const visible = await visiblePostsAmong(this.deps.db, viewerOf(member), [...new Set(postIds)]);
    if (socket.closed) return;
    this.unwatchAll(socket);
    for (const post of visible) {
      // A block heard while the posts were read: the read may not have seen it.
      if (socket.member?.blocked.has(post.user_id)) continue;
      socket.watched.set(post.id, post.user_id);
      const watchers = this.byPost.get(post.id);
      if (watchers) watchers.add(socket);
      else this.byPost.set(post.id, new Set([socket]));
    }
  }

  private unwatch(socket: LiveSocket, postId: string): void {
    socket.watched.delete(postId);
    const watchers = this.byPost.get(postId);
    watchers?.delete(socket);
    if (watchers?.size === 0) this.byPost.delete(postId);
  }

  private unwatchAll(socket: LiveSocket): void {
    for (const postId of [...socket.watched.keys()]) this.unwatch(socket, postId);
  }

  /** Closes with `code` and forgets the socket at once (its 'close' event comes later). */
  private closeSocket(socket: LiveSocket, code: number): void {
    if (socket.closed) return;
    this.forget(socket);
    if (socket.ws.readyState === WebSocket.OPEN || socket.ws.readyState === WebSocket.CONNECTING) {
      socket.ws.close(code);
    }
  }

  private forget(socket: LiveSocket): void {
    if (socket.closed) return;
    socket.closed = true;
    clearTimeout(socket.authTimer);
    this.sockets.delete(socket);
    this.unwatchAll(socket);
    if (socket.member) {
      const own = this.byMember.get(socket.member.id);
      own?.delete(socket);
      if (own?.size === 0) this.byMember.delete(socket.member.id);
    }
    if (socket.address !== undefined) {
      const left = (this.perAddress.get(socket.address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(socket.address, left);
      else this.perAddress.delete(socket.address);
    }
  }

  private send(socket: LiveSocket, message: LiveServerMessage): void {
    this.sendText(socket, JSON.stringify(message));
  }

  private sendText(socket: LiveSocket, text: string): void {
    if (socket.closed || socket.ws.readyState !== WebSocket.OPEN) return;
    if (socket.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      // Not reading what it is sent: dropped rather than held in memory.
      this.forget(socket);
      socket.ws.terminate();
      return;
    }
    socket.ws.send(text);
  }

  /** One message to many sockets, serialized once. */
  private sendAll(sockets: Iterable<LiveSocket> | undefined, message: LiveServerMessage): void {
    if (!sockets) return;
    const text = JSON.stringify(message);
    for (const socket of [...sockets]) this.sendText(socket, text);
  }

  private async route(event: DomainEvent): Promise<void> {
    switch (event.type) {
      case 'reactions.changed':
        // A post's messages in the events' order: each waits for its watchers' check.
        await this.inOrder(`post:${event.postId}`, async () => {
          this.sendAll(await this.watchersWhoMaySee(event.postId), {
            type: 'reactions',
            payload: { postId: event.postId, reactions: event.reactions },
          });
        });
        return;
      case 'comment.added': {
        const commenterId = event.comment.commentBy._id;
        await this.inOrder(`post:${event.postId}`, async () => {
          const watchers = await this.watchersWhoMaySee(event.postId);
          // A comment shows to whoever sees its post, unless a block stands with its author.
          this.sendAll(
            watchers.filter((socket) => !socket.member?.blocked.has(commenterId)),
            {
              type: 'comment',
              payload: {
                postId: event.postId,
                comment: event.comment,
                commentCount: event.commentCount,
              },
            },
          );
        });
        return;
      }
      case 'post.edited':
        // What it shows now, to the watchers who may see it (the others stop watching it).
        await this.inOrder(`post:${event.postId}`, async () => {
          this.sendAll(await this.watchersWhoMaySee(event.postId), {
            type: 'postEdited',
            payload: { postId: event.postId, ...event.edit },
          });
        });
        return;
      case 'post.audience':
        // Those who may no longer see it stop watching it.
        await this.inOrder(`post:${event.postId}`, async () => {
          await this.watchersWhoMaySee(event.postId);
        });
        return;
      case 'block.changed':
        // A block applies at once, before the next event is routed (the sets are read again
        // below, and an unblock waits for that read: another block may stand the other way).
        if (event.blocked) {
          this.hideFrom(event.blockerId, event.blockedId);
          this.hideFrom(event.blockedId, event.blockerId);
        }
        await Promise.all(
          [event.blockerId, event.blockedId].map((memberId) =>
            this.inOrder(`viewer:${memberId}`, () => this.refreshViewer(memberId)),
          ),
        );
        return;
      case 'post.created':
        await this.announcePost(event.postId, event.authorId);
        return;
      case 'friendship.changed':
        // Read after each change, in order: the last message a member gets is the last state.
        await this.inOrder([event.actorId, event.otherId].sort().join(':'), () =>
          Promise.all([
            this.sendFriendship(event.actorId, event.otherId),
            this.sendFriendship(event.otherId, event.actorId),
          ]).then(() => undefined),
        );
        return;
      case 'session.ended':
        this.endSession(event.userId, event.sessionId);
        return;
      case 'notification.created':
        await this.inOrder(`notifications:${event.userId}`, () =>
          this.sendNotification(event.userId, event.notificationId),
        );
        return;
      case 'notification.removed':
        await this.inOrder(`notifications:${event.userId}`, () =>
          this.sendNotificationRemoved(event.userId, event.notificationId),
        );
        return;
      case 'notifications.read':
        await this.inOrder(`notifications:${event.userId}`, () =>
          this.sendNotificationsRead(event.userId),
        );
        return;
      case 'post.trashed':
        // Shown to no one from now on: its watchers stop watching it.
        await this.inOrder(`post:${event.postId}`, async () => {
          for (const socket of [...(this.byPost.get(event.postId) ?? [])]) {
            this.unwatch(socket, event.postId);
          }
        });
        // Its notifications are hidden now: the author's unread count may have dropped.
        await this.inOrder(`notifications:${event.authorId}`, () =>
          this.sendNotificationsRead(event.authorId),
        );
        return;
      case 'message.sent': {
        const senderId = event.message.sender?._id;
        await this.toMembers(event.memberIds, senderId, async (memberId) => ({
          type: 'message',
          payload: { message: event.message, unread: await this.unreadOf(memberId) },
        }));
        return;
      }
      case 'message.removed':
        await this.toMembers(event.memberIds, event.senderId, async () => ({
          type: 'messageRemoved',
          payload: { conversationId: event.conversationId, messageId: event.messageId },
        }));
        return;
      case 'conversation.read':
        await this.toMembers(event.memberIds, event.userId, async (memberId) => ({
          type: 'messageRead',
          payload: {
            conversationId: event.conversationId,
            userId: event.userId,
            messageId: event.messageId,
            unread: await this.unreadOf(memberId),
          },
        }));
        return;
      case 'conversation.typing':
        await this.toMembers(
          event.memberIds.filter((id) => id !== event.userId),
          event.userId,
          async () => ({
            type: 'typing',
            payload: { conversationId: event.conversationId, userId: event.userId },
          }),
        );
        return;
      case 'conversation.changed':
        await this.toMembers(event.memberIds, undefined, async () => ({
          type: 'conversation',
          payload: { conversationId: event.conversationId },
        }));
        return;
      case 'profile.changed':
      case 'cards.stale':
        // Nothing on the socket: clients refetch what they show when they next ask.
        return;
    }
  }

  /**
   * To the sockets on this process of each of these members, in each member's messaging order,
   * leaving out the sockets of a member blocked either way with `actorId`; `messageFor` is asked
   * only for members connected here (it may read their figures).
   */
  private async toMembers(
    memberIds: readonly string[],
    actorId: string | undefined,
    messageFor: (memberId: string) => Promise<LiveServerMessage>,
  ): Promise<void> {
    if (!this.deps.messages) return;
    await Promise.all(
      memberIds
        .filter((memberId) => this.byMember.has(memberId))
        .map((memberId) =>
          this.inOrder(`messages:${memberId}`, async () => {
            const sockets = [...(this.byMember.get(memberId) ?? [])].filter(
              (socket) => actorId === undefined || !socket.member?.blocked.has(actorId),
            );
            if (sockets.length === 0) return;
            this.sendAll(sockets, await messageFor(memberId));
          }),
        ),
    );
  }

  private unreadOf(memberId: string): Promise<MessagesUnread> {
    const messages = this.deps.messages;
    if (!messages) throw new Error('no messaging module');
    return messages.unreadOf(memberId);
  }

  private track(work: Promise<void>): void {
    this.routing.add(work);
    void work.then(() => this.routing.delete(work));
  }

  /** Runs `work` after the earlier work on the same key, whether that failed or not. */
  private inOrder(key: string, work: () => Promise<void>): Promise<void> {
    const previous = this.chains.get(key) ?? Promise.resolve();
    const next = previous.then(work);
    const tail = next.catch(() => {});
    this.chains.set(key, tail);
    // Forgotten once nothing follows, so the map holds only keys with work under way.
    void tail.then(() => {
      if (this.chains.get(key) === tail) this.chains.delete(key);
    });
    return next;
  }

  /**
   * The post's watchers on this process who may see it now, by the rule (`canSeePost`) with the
   * post and friendships read in one statement and each member's blocks held by their socket;
   * the others stop watching it.
   */
  private async watchersWhoMaySee(postId: string): Promise<LiveSocket[]> {
    const sockets = [...(this.byPost.get(postId) ?? [])];
    if (sockets.length === 0) return [];
    const memberIds = [...new Set(sockets.map((socket) => socket.member?.id as string))];
    let post: PostFacts | undefined;
    const friends = new Set<string>();
    for (let i = 0; i < memberIds.length; i += QUERY_CHUNK) {
      const facts = await postFactsFor(this.deps.db, postId, memberIds.slice(i, i + QUERY_CHUNK));
      if (!facts) break;
      post = facts.post;
      for (const id of facts.friends) friends.add(id);
    }
    const allowed: LiveSocket[] = [];
    for (const socket of sockets) {
      const member = socket.member;
      // Gone, or no longer watching it, while the facts were read.
      if (socket.closed || !member || !socket.watched.has(postId)) continue;
      const relation = { friends: friends.has(member.id), blocked: false };
      if (post) relation.blocked = member.blocked.has(post.user_id);
      if (post && canSeePost(viewerOf(member), post, relation)) allowed.push(socket);
      else this.unwatch(socket, postId);
    }
    return allowed;
  }

  /**
   * The member's blocks read again, for every socket of theirs on this process; posts of a
   * member now blocked either way are no longer watched.
   */
  private async refreshViewer(memberId: string): Promise<void> {
    if (!this.byMember.has(memberId)) return;
    const blocked = await blockedSetOf(this.deps.db, memberId);
    for (const socket of [...(this.byMember.get(memberId) ?? [])]) {
      this.setBlocked(socket, blocked);
    }
  }

  /**
   * After the bus lost events, blocks may have changed unheard: every connected member's are
   * read again (one statement per thousand members), each applied in that member's order.
   */
  private async refreshViewers(): Promise<void> {
    const memberIds = [...this.byMember.keys()];
    if (memberIds.length === 0) return;
    const loading = (async () => {
      const sets = new Map<string, Set<string>>();
      for (let i = 0; i < memberIds.length; i += QUERY_CHUNK) {
        const chunk = memberIds.slice(i, i + QUERY_CHUNK);
        for (const [id, set] of await blockedSetsOf(this.deps.db, chunk)) sets.set(id, set);
      }
      return sets;
    })();
    // Read from now on, so a block heard later is applied after this, in the member's order.
    await Promise.all(
      memberIds.map((memberId) =>
        this.inOrder(`viewer:${memberId}`, async () => {
          const blocked = (await loading).get(memberId) ?? new Set<string>();
          for (const socket of [...(this.byMember.get(memberId) ?? [])]) {
            this.setBlocked(socket, blocked);
          }
        }),
      ),
    );
  }

  /** `otherId` is blocked either way for every socket of `memberId` on this process, from now. */
  private hideFrom(memberId: string, otherId: string): void {
    for (const socket of [...(this.byMember.get(memberId) ?? [])]) {
      if (socket.member && !socket.member.blocked.has(otherId)) {
        this.setBlocked(socket, new Set([...socket.member.blocked, otherId]));
      }
    }
  }

  private setBlocked(socket: LiveSocket, blocked: ReadonlySet<string>): void {
    if (!socket.member) return;
    socket.member.blocked = blocked;
    for (const [postId, authorId] of [...socket.watched]) {
      if (blocked.has(authorId)) this.unwatch(socket, postId);
    }
  }

  /**
   * To the author's sockets and those of connected followers who may see the post, by the rule
   * (`canSeePost`) with the post and friendships read in one statement per thousand members.
   */
  private async announcePost(postId: string, authorId: string): Promise<void> {
    const candidates = [...this.byMember.keys()].filter((id) => id !== authorId);
    const recipients = this.byMember.has(authorId) ? [authorId] : [];
    for (let i = 0; i < candidates.length; i += QUERY_CHUNK) {
      const chunk = candidates.slice(i, i + QUERY_CHUNK);
      for (const follower of await followersAmong(this.deps.db, postId, authorId, chunk)) {
        const sockets = [...(this.byMember.get(follower.memberId) ?? [])];
        const blocked = sockets.some((socket) => socket.member?.blocked.has(authorId));
        const viewer = { id: follower.memberId, hasBlocks: blocked };
        if (canSeePost(viewer, follower.post, { friends: follower.friends, blocked })) {
          recipients.push(follower.memberId);
        }
      }
    }
    const message: LiveServerMessage = { type: 'post', payload: { postId, authorId } };
    for (const memberId of recipients) this.sendAll(this.byMember.get(memberId), message);
  }

  /** `viewerId`'s flags with `otherId`, to the viewer's sockets. */
  private async sendFriendship(viewerId: string, otherId: string): Promise<void> {
    if (!this.byMember.has(viewerId)) return;
    const friendship = await this.deps.friendships.flagsBetween(viewerId, otherId);
    this.sendAll(this.byMember.get(viewerId), {
      type: 'friendship',
      payload: { userId: otherId, friendship },
    });
  }

  private endSession(userId: string, sessionId: string | null): void {
    for (const socket of [...(this.byMember.get(userId) ?? [])]) {
      if (sessionId === null || socket.member?.sessionId === sessionId) {
        this.closeSocket(socket, LIVE_CLOSE_CODES.unauthorized);
      }
    }
  }

  private async sendNotification(userId: string, notificationId: string): Promise<void> {
    const reader = this.deps.notifications;
    if (!reader || !this.byMember.has(userId)) return;
    const [notification, unreadCount] = await Promise.all([
      reader.one(userId, notificationId),
      reader.unreadCount(userId),
    ]);
    // Gone again already (a reaction withdrawn at once): its removal follows.
    if (!notification) return;
    this.sendAll(this.byMember.get(userId), {
      type: 'notification',
      payload: { notification, unreadCount },
    });
  }

  private async sendNotificationRemoved(userId: string, notificationId: string): Promise<void> {
    const reader = this.deps.notifications;
    if (!reader || !this.byMember.has(userId)) return;
    const unreadCount = await reader.unreadCount(userId);
    this.sendAll(this.byMember.get(userId), {
      type: 'notificationRemoved',
      payload: { notificationId, unreadCount },
    });
  }

  private async sendNotificationsRead(userId: string): Promise<void> {
    const reader = this.deps.notifications;
    if (!reader || !this.byMember.has(userId)) return;
    const unreadCount = await reader.unreadCount(userId);
    this.sendAll(this.byMember.get(userId), {
      type: 'notificationsRead',
      payload: { unreadCount },
    });
  }

  private broadcastStale(): void {
    const ready = [...this.sockets].filter((socket) => socket.member);
    this.sendAll(ready, { type: 'stale' });
  }

  /**
   * After the bus lost events, sessions may have ended unheard: the sockets of those no longer
   * in the database close as if their end had been heard.
   */
  private async closeEndedSessions(): Promise<void> {
    const ready = [...this.sockets].filter((socket) => socket.member);
    const sessionIds = [...new Set(ready.map((socket) => socket.member?.sessionId as string))];
    const nowIso = this.deps.clock.now().toISOString();
    const live = new Set<string>();
    for (let i = 0; i < sessionIds.length; i += QUERY_CHUNK) {
      const chunk = sessionIds.slice(i, i + QUERY_CHUNK);
      for (const id of await liveSessionsAmong(this.deps.db, chunk, nowIso)) live.add(id);
    }
    for (const socket of ready) {
      if (socket.member && !live.has(socket.member.sessionId)) {
        this.closeSocket(socket, LIVE_CLOSE_CODES.unauthorized);
      }
    }
  }

  /** Sockets whose session token expired close as an ended session's do. */
  private closeExpired(): void {
    const now = this.deps.clock.now().getTime() / 1000;
    for (const socket of [...this.sockets]) {
      if (socket.member && socket.member.expiresAt <= now) {
        this.closeSocket(socket, LIVE_CLOSE_CODES.unauthorized);
      }
    }
  }
}

/** The rule's viewer for a connected member: their blocks are known, so `hasBlocks` is exact. */
function viewerOf(member: LiveMember): Viewer {
  return { id: member.id, hasBlocks: member.blocked.size > 0 };
}

/** Resolves once every socket is closed, cutting those still open after the grace time. */
async function closedOrCut(sockets: WebSocket[]): Promise<void> {
  const open = sockets.filter((ws) => ws.readyState !== WebSocket.CLOSED);
  if (open.length === 0) return;
  await new Promise<void>((resolve) => {
    let left = open.length;
    const timer = setTimeout(() => {
      for (const ws of open) ws.terminate();
      resolve();
    }, SHUTDOWN_GRACE_MS);
    for (const ws of open) {
      ws.once('close', () => {
        left -= 1;
        if (left === 0) {
          clearTimeout(timer);
          resolve();
        }
      });
    }
  });
}

/** The client's message, or undefined when it is too large, not JSON or not one of them. */
function readMessage(data: RawData, maxBytes: number): LiveClientMessage | undefined {
  const bytes = Array.isArray(data)
    ? Buffer.concat(data)
    : Buffer.isBuffer(data)
      ? data
      : Buffer.from(data);
  if (bytes.byteLength > maxBytes) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = liveClientMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
