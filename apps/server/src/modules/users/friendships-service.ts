import { FRIENDSHIP_MESSAGES, type Friendship, PROFILE_MESSAGES } from '@hearth/contract';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/users.js';
import { invalid, notFound } from '../../errors.js';
import type { EventBus } from '../../infra/bus/bus.js';
import type { EventOf } from '../../infra/bus/events.js';
import type { Clock } from '../../infra/clock.js';
import { blockedEitherWay } from '../access/visibility.js';
import type { NotificationEvent, NotificationsService } from '../notifications/service.js';
import {
  deleteFollow,
  deletePair,
  findPair,
  insertFollowIfAbsent,
  insertRequestIfAbsent,
  isFollowing,
  lockPair,
  makeFriends,
  memberAcceptsRequest,
  type Pair,
  pairOf,
} from './friendships-repo.js';
import { friendshipFlags } from './present.js';
import { memberExists } from './repo.js';

export interface FriendshipsServiceDeps {
  db: Db;
  clock: Clock;
  /** Notifies of friend requests and acceptances, in their transaction. */
  notifications: NotificationsService;
  /** Where each change is announced once committed (live updates). */
  bus: EventBus;
}

type FriendshipChange = EventOf<'friendship.changed'>['change'];

/** What one call works with, inside its transaction. */
interface Move {
  trx: Db;
  me: string;
  them: string;
  pair: Pair;
  nowIso: string;
  /** Notification changes made, published once the transaction has committed. */
  notified: Array<NotificationEvent | null>;
  /** What the call did, as announced; a call may set another than it meant (a crossed request). */
  change: FriendshipChange;
}

// A relation removed by a concurrent call between our insert and our read: try again.
const ADD_ATTEMPTS = 5;

/**
 * The friendship calls of API.md, from the caller's side. Each runs in one transaction holding
 * the pair's single row (locked on PostgreSQL; SQLite runs one writer at a time), so concurrent
 * calls queue up and a pair is always in one whole state: none, a request, or friends.
 */
export class FriendshipsService {
  constructor(private readonly deps: FriendshipsServiceDeps) {}

  /**
   * none -> request sent (and the caller follows them); accepts when they had asked first. A
   * member who takes requests only from friends of friends is missing for anyone else.
   */
  addFriend(member: UserRow, targetId: string): Promise<'ok'> {
    return this.move(
      member,
      targetId,
      FRIENDSHIP_MESSAGES.requestToSelf,
      'requestSent',
      async (m) => {
        // Their privacy setting refuses the caller: the answer an unknown member gets.
        if (!(await memberAcceptsRequest(m.trx, m.them, m.me))) {
          throw notFound(PROFILE_MESSAGES.memberNotFound);
        }
        for (let attempt = 1; attempt <= ADD_ATTEMPTS; attempt++) {
          if (await insertRequestIfAbsent(m.trx, m.pair, m.me, m.nowIso)) {
            await insertFollowIfAbsent(m.trx, m.me, m.them, m.nowIso);
            m.notified.push(
              await this.deps.notifications.friendRequestSent(m.trx, {
                fromId: m.me,
                toId: m.them,
                nowIso: m.nowIso,
              }),
            );
            return;
          }
          const relation = await lockPair(m.trx, m.pair);
          if (!relation) continue;
          if (relation.status === 'friends') throw invalid(FRIENDSHIP_MESSAGES.alreadyFriends);
          if (relation.requester_id === m.me) throw invalid(FRIENDSHIP_MESSAGES.alreadySent);
          m.change = 'requestAccepted';
          await this.befriend(m);
          return;
        }
        throw new Error('friendship kept changing under concurrent requests');
      },
    );
  }

  /** request sent -> none; the caller stops following them. */
  cancelFriendRequest(member: UserRow, targetId: string): Promise<'ok'> {
    return this.move(member, targetId, FRIENDSHIP_MESSAGES.self, 'requestCancelled', async (m) => {
      const relation = await lockPair(m.trx, m.pair);
      if (relation?.status !== 'requested' || relation.requester_id !== m.me) {
        throw invalid(FRIENDSHIP_MESSAGES.noSentRequest);
      }
      await deletePair(m.trx, m.pair);
      await deleteFollow(m.trx, m.me, m.them);
      m.notified.push(
        await this.deps.notifications.friendRequestWithdrawn(m.trx, { fromId: m.me, toId: m.them }),
      );
    });
  }

  /** request received -> friends; both follow each other. */
  acceptRequest(member: UserRow, targetId: string): Promise<'ok'> {
    return this.move(member, targetId, FRIENDSHIP_MESSAGES.self, 'requestAccepted', async (m) => {
      await this.lockReceivedRequest(m);
      await this.befriend(m);
    });
  }

  /** request received -> none; the one who asked stops following the caller. */
  deleteRequest(member: UserRow, targetId: string): Promise<'ok'> {
    return this.move(member, targetId, FRIENDSHIP_MESSAGES.self, 'requestDeclined', async (m) => {
      await this.lockReceivedRequest(m);
      await deletePair(m.trx, m.pair);
      await deleteFollow(m.trx, m.them, m.me);
      m.notified.push(
        await this.deps.notifications.friendRequestWithdrawn(m.trx, { fromId: m.them, toId: m.me }),
      );
    });
  }

  /** friends -> none; neither follows the other any more. */
  unfriend(member: UserRow, targetId: string): Promise<'ok'> {
    return this.move(member, targetId, FRIENDSHIP_MESSAGES.self, 'unfriended', async (m) => {
      const relation = await lockPair(m.trx, m.pair);
      if (relation?.status !== 'friends') throw invalid(FRIENDSHIP_MESSAGES.notFriends);
      await deletePair(m.trx, m.pair);
      await this.unfollowEachOther(m);
    });
  }

  /** The caller follows them (already following: nothing changes). */
  follow(member: UserRow, targetId: string): Promise<'ok'> {
    return this.move(member, targetId, FRIENDSHIP_MESSAGES.followSelf, 'followed', async (m) => {
      // With the pair held, so the row's friend flag cannot miss a friendship made meanwhile.
      await lockPair(m.trx, m.pair);
      await insertFollowIfAbsent(m.trx, m.me, m.them, m.nowIso);
    });
  }

  /** The caller stops following them (not following: nothing changes). */
  unfollow(member: UserRow, targetId: string): Promise<'ok'> {
    return this.move(member, targetId, FRIENDSHIP_MESSAGES.followSelf, 'unfollowed', (m) =>
      deleteFollow(m.trx, m.me, m.them),
    );
  }

  /**
   * Refuses oneself (400) and unknown members (404), then runs `work` in one transaction and
   * announces the change once committed.
   */
  private async move(
    member: UserRow,
    targetId: string,
    selfMessage: string,
    change: FriendshipChange,
    work: (move: Move) => Promise<void>,
  ): Promise<'ok'> {
    const { db, clock } = this.deps;
    if (targetId === member.id) throw invalid(selfMessage);
    const nowIso = clock.now().toISOString();
    const notified: Move['notified'] = [];
    const done = await db.transaction().execute(async (trx) => {
      // A block either way: the member is missing for the caller (API.md, Who sees what).
      if (
        !(await memberExists(trx, targetId)) ||
        (await blockedEitherWay(trx, member.id, targetId))
      ) {
        throw notFound(PROFILE_MESSAGES.memberNotFound);
      }
      const m: Move = {
        trx,
        me: member.id,
        them: targetId,
        pair: pairOf(member.id, targetId),
        nowIso,
        change,
        notified,
      };
      await work(m);
      return m.change;
    });
    await this.deps.bus.publish({
      type: 'friendship.changed',
      change: done,
      actorId: member.id,
      otherId: targetId,
    });
    await this.deps.notifications.publish(notified);
    return 'ok';
  }

  /** Whether a member has this id (a block's target). */
  memberExists(db: Db, id: string): Promise<boolean> {
    return memberExists(db, id);
  }

  /** The caller's flags with the other member, as getProfile gives them. */
  async flagsBetween(viewerId: string, otherId: string): Promise<Friendship> {
    const { db } = this.deps;
    const [relation, following] = await Promise.all([
      findPair(db, pairOf(viewerId, otherId)),
      isFollowing(db, viewerId, otherId),
    ]);
    return friendshipFlags(viewerId, relation, following);
  }

  /**
   * In a block's transaction: the pair's request or friendship and both follows end at once.
   */
  async severAll(trx: Db, a: string, b: string): Promise<void> {
    const pair = pairOf(a, b);
    await lockPair(trx, pair);
    await deletePair(trx, pair);
    for (const [x, y] of [
      [pair.low_id, pair.high_id],
      [pair.high_id, pair.low_id],
    ] as const) {
      await deleteFollow(trx, x, y);
    }
  }

  private async lockReceivedRequest(m: Move): Promise<void> {
    const relation = await lockPair(m.trx, m.pair);
    if (relation?.status !== 'requested' || relation.requester_id !== m.them) {
      throw invalid(FRIENDSHIP_MESSAGES.noReceivedRequest);
    }
  }

  /** Accepts the request they sent: they are notified. */
  private async befriend(m: Move): Promise<void> {
    await makeFriends(m.trx, m.pair, m.nowIso);
    m.notified.push(
      await this.deps.notifications.friendRequestAccepted(m.trx, {
        accepterId: m.me,
        requesterId: m.them,
        nowIso: m.nowIso,
      }),
    );
    // Always in the pair's order, so two transactions never wait on each other's follow rows.
    for (const [a, b] of followOrder(m)) await insertFollowIfAbsent(m.trx, a, b, m.nowIso);
  }

  private async unfollowEachOther(m: Move): Promise<void> {
    for (const [a, b] of followOrder(m)) await deleteFollow(m.trx, a, b);
  }
}

function followOrder({ pair }: Move): Array<[string, string]> {
  return [
    [pair.low_id, pair.high_id],
    [pair.high_id, pair.low_id],
  ];
}
