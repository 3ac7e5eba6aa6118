import type { PostNotificationsAnswer } from '@hearth/contract';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/users.js';
import type { EventBus } from '../../infra/bus/bus.js';
import type { Clock } from '../../infra/clock.js';
import { viewerOfMember } from '../access/visibility.js';
import type { PostReader } from './reader.js';

export interface PostNotificationsServiceDeps {
  db: Db;
  clock: Clock;
  /** Whether the member may see the post: the switch is for those who do. */
  reader: PostReader;
  /** Told of each switch: the member's kept card state drops it (feed-head-cache.ts). */
  bus: EventBus;
}

/**
 * A member's switch for one post's notifications (API.md, Who sees what; the post menu's 'Turn
 * off / Turn on notifications for this post'). Only a choice that differs from the default is
 * stored: the author's "off" (notify 0: no notification from the post at all) and anyone else's
 * "on" (notify 1: its new comments). Choosing the default again deletes the row, so each call is
 * idempotent and a post's table holds only its subscribers and, at most, its author's silence.
 * Cards read the switch with the viewer's reaction and save (cards-repo.ts `cardStateOf`); the
 * notifications service obeys it (notifications/repo.ts).
 */
export class PostNotificationsService {
  constructor(private readonly deps: PostNotificationsServiceDeps) {}

  /** Turns the post's notifications on or off for the member; 404 unless they may see it. */
  async set(member: UserRow, postId: string, on: boolean): Promise<PostNotificationsAnswer> {
    const { db, clock, reader, bus } = this.deps;
    const post = await reader.visiblePost(viewerOfMember(member), postId);
    const byDefault = post.user_id === member.id;
    if (on === byDefault) {
      await deleteSetting(db, postId, member.id);
    } else {
      await insertSettingIfAbsent(db, {
        post_id: postId,
        user_id: member.id,
        notify: on ? 1 : 0,
        created_at: clock.now().toISOString(),
      });
    }
    await bus.publish({ type: 'post.viewerState', postId, userId: member.id });
    return { on };
  }
}

/** A member's value for a post never changes (it follows from being its author or not). */
async function insertSettingIfAbsent(
  db: Db,
  row: { post_id: string; user_id: string; notify: number; created_at: string },
): Promise<void> {
  await db
    .insertInto('post_notification_settings')
    .values(row)
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .execute();
}

async function deleteSetting(db: Db, postId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('post_notification_settings')
    .where('post_id', '=', postId)
    .where('user_id', '=', userId)
    .execute();
}
