import { MUTE_MESSAGES, type MutedList, PROFILE_MESSAGES } from '@hearth/contract';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/users.js';
import { invalid, notFound } from '../../errors.js';
import type { Clock } from '../../infra/clock.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import { memberExists } from '../users/repo.js';
import { deleteMute, insertMuteIfAbsent, mutedBy } from './mutes-repo.js';
import { blockedEitherWay, viewerOfMember } from './visibility.js';

export interface MutesServiceDeps {
  db: Db;
  clock: Clock;
  imageUrls: ImageUrls;
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
      await insertMuteIfAbsent(trx, member.id, targetId, nowIso);
    });
    return 'ok';
  }

  async unmute(member: UserRow, targetId: string): Promise<'ok'> {
    if (targetId === member.id) throw invalid(MUTE_MESSAGES.self);
    await deleteMute(this.deps.db, member.id, targetId);
    return 'ok';
  }

  async muted(member: UserRow): Promise<MutedList> {
    const { db, imageUrls } = this.deps;
    const rows = await mutedBy(db, viewerOfMember(member));
    return rows.map((row) => ({
      _id: row.id,
      username: row.username,
      picture: imageUrls.url(row.picture),
      first_name: row.first_name,
      last_name: row.last_name,
      mutedAt: row.created_at,
    }));
  }
}
