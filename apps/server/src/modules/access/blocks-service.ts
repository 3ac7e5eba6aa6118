import { BLOCK_MESSAGES, type BlockedList, PROFILE_MESSAGES } from '@hearth/contract';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/users.js';
import { invalid, notFound } from '../../errors.js';
import type { EventBus } from '../../infra/bus/bus.js';
import type { Clock } from '../../infra/clock.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import type { NotificationsService } from '../notifications/service.js';
import type { FriendshipsService } from '../users/friendships-service.js';
import { toPublicUser } from '../users/present.js';
import { hasBlocked } from './blocks-repo.js';
import { BLOCK_PAIRS, deletePair, insertPairIfAbsent, pairedMembers } from './pair-table.js';

export interface BlocksServiceDeps {
  db: Db;
  clock: Clock;
  imageUrls: ImageUrls;
  friendships: FriendshipsService;
  notifications: NotificationsService;
  bus: EventBus;
}

/**
 * Blocking (API.md, Who sees what). A block ends friendship, requests and follows both ways in
 * its transaction and forgets the notifications between the two; from then on the visibility
 * rule (visibility.ts) hides each member from the other on every read path.
 */
export class BlocksService {
  constructor(private readonly deps: BlocksServiceDeps) {}

  async block(member: UserRow, targetId: string): Promise<'ok'> {
    const { db, clock, friendships, notifications } = this.deps;
    if (targetId === member.id) throw invalid(BLOCK_MESSAGES.self);
    const nowIso = clock.now().toISOString();
    const added = await db.transaction().execute(async (trx) => {
      if (!(await friendships.memberExists(trx, targetId))) {
        throw notFound(PROFILE_MESSAGES.memberNotFound);
      }
      if (!(await insertPairIfAbsent(trx, BLOCK_PAIRS, member.id, targetId, nowIso))) return false;
      // The member blocked the caller first: missing for the caller, like any hidden member.
      if (await hasBlocked(trx, targetId, member.id)) {
        throw notFound(PROFILE_MESSAGES.memberNotFound);
      }
      await friendships.severAll(trx, member.id, targetId);
      await notifications.forgetBetween(trx, member.id, targetId);
      return true;
    });
    if (added) await this.announce(member.id, targetId, true);
    return 'ok';
  }

  async unblock(member: UserRow, targetId: string): Promise<'ok'> {
    const { db } = this.deps;
    if (targetId === member.id) throw invalid(BLOCK_MESSAGES.self);
    if (await deletePair(db, BLOCK_PAIRS, member.id, targetId)) {
      await this.announce(member.id, targetId, false);
    }
    return 'ok';
  }

  async blocked(member: UserRow): Promise<BlockedList> {
    const { db, imageUrls } = this.deps;
    const rows = await pairedMembers(db, BLOCK_PAIRS, member.id);
    return rows.map((row) => ({
      ...toPublicUser(row, imageUrls),
      blockedAt: row.created_at,
    }));
  }

  private async announce(blockerId: string, blockedId: string, blocked: boolean): Promise<void> {
    const { bus } = this.deps;
    await bus.publish({ type: 'block.changed', blockerId, blockedId, blocked });
    if (!blocked) return;
    // Both members' flags and bells change: friendship ended, notifications forgotten.
    await bus.publish({
      type: 'friendship.changed',
      change: 'unfriended',
      actorId: blockerId,
      otherId: blockedId,
    });
    await bus.publish({ type: 'notifications.read', userId: blockerId });
    await bus.publish({ type: 'notifications.read', userId: blockedId });
  }
}
