import { MUTE_MESSAGES, type MutedList, PROFILE_MESSAGES } from '@hearth/contract';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/users.js';
import { invalid, notFound } from '../../errors.js';
import type { EventBus } from '../../infra/bus/bus.js';
import type { Clock } from '../../infra/clock.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import { toPublicUser } from '../users/present.js';
import { memberExists } from '../users/repo.js';
import { deletePair, insertPairIfAbsent, MUTE_PAIRS, pairedMembers } from './pair-table.js';
import { blockedEitherWay, viewerOfMember } from './visibility.js';

export interface MutesServiceDeps {
  db: Db;
  clock: Clock;
  imageUrls: ImageUrls;
  bus: EventBus;
}

/**
 * Muting (API.md, Who sees what): the muted member's posts leave the muter's feed (the feed's
 * author list, posts/repo.ts `feedPostIds`, and live routing of new posts leave them out) and
 * their actions stop notifying the muter. The muted member is not told: nothing is announced.
 */
export class MutesService {
  constructor(private readonly deps: MutesServiceDeps) {}

  async mute(member: UserRow, targetId: string): Promise<'ok'> {
    const { db, clock } = this.deps;
    if (targetId === member.id) throw invalid(MUTE_MESSAGES.self);
    const nowIso = clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      // A member blocked either way is missing for the caller, as an unknown one is.
      if (
        !(await memberExists(trx, targetId)) ||
        (await blockedEitherWay(trx, member.id, targetId))
      ) {
        throw notFound(PROFILE_MESSAGES.memberNotFound);
      }
      await insertPairIfAbsent(trx, MUTE_PAIRS, member.id, targetId, nowIso);
    });
    // Only the muter's own feed changes (its first page, kept by every process, is dropped).
    await this.deps.bus.publish({
      type: 'mute.changed',
      muterId: member.id,
      mutedId: targetId,
      muted: true,
    });
    return 'ok';
  }

  async unmute(member: UserRow, targetId: string): Promise<'ok'> {
    if (targetId === member.id) throw invalid(MUTE_MESSAGES.self);
    await deletePair(this.deps.db, MUTE_PAIRS, member.id, targetId);
    await this.deps.bus.publish({
      type: 'mute.changed',
      muterId: member.id,
      mutedId: targetId,
      muted: false,
    });
    return 'ok';
  }

  async muted(member: UserRow): Promise<MutedList> {
    const { db, imageUrls } = this.deps;
    // One blocked either way since is left out, as every list leaves out a hidden member.
    const rows = await pairedMembers(db, MUTE_PAIRS, member.id, viewerOfMember(member));
    return rows.map((row) => ({ ...toPublicUser(row, imageUrls), mutedAt: row.created_at }));
  }
}
