import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { UploadAccess } from '../../infra/storage/media-paths.js';
import {
  canSeePost,
  liveComment,
  livePost,
  type Viewer,
  visibleCommentAuthor,
  visibleMember,
  visiblePost,
} from '../access/visibility.js';
import { conversationShown, messageShown } from '../messages/repo.js';

/**
 * What shows an uploaded file: the one list of the rows that may hold an upload's storage key,
 * each saying how to find its rows by that key and who may see them (access/visibility.ts decides;
 * nothing here says it again). Everything that asks about an upload's uses is built from it:
 *
 * - `uploadAccess`: how `/media` serves its files (open, signed only, hidden);
 * - `shownTo`: whether listImages lists it to a viewer;
 * - `unreferenced`: whether the purge may delete it.
 *
 * A new kind of row holding uploads (a post's earlier versions did, a message's images will)
 * registers in MEDIA_SOURCES, and every one of those follows. Each source is probed by the index
 * on its key column (post_images_storage_key, post_edit_images_storage_key, comments_image,
 * users_picture, users_cover), then the post by its primary key and the rule's own primary-key
 * probes: cheap enough to ask per request and per row of a listing page.
 */

/**
 * A member related to no one: what they may see, every member may, so its files need no
 * signature. Its id matches no author and no friendship.
 */
export const ANY_MEMBER: Viewer = { id: '', hasBlocks: false };

/**
 * Which rows of a source count: any at all, whatever their state (the upload is still used);
 * those shown to someone (`live`); those shown to every member (`open`); those this viewer may
 * see.
 */
export type Use = 'any' | 'live' | 'open' | Viewer;

export interface MediaSource {
  /** Where the key is kept, and whose visibility its rows follow. */
  readonly name: string;
  /** SQL: some row of this source keeps the storage key in column `key` and counts for `use`. */
  uses(key: string, use: Use): RawBuilder<SqlBool>;
}

/**
 * Rows of `table` keeping an upload's key in `column`, each belonging to the post in
 * `postColumn` and seen by whoever sees that post; `alsoShown` adds what the row itself needs
 * (a comment: its author not blocked either way), `rowLive` what keeps the row itself shown to
 * anyone (a comment: not removed by a moderator).
 */
function onPost(
  name: string,
  table: string,
  column: string,
  postColumn: string,
  alsoShown?: (viewer: Viewer, alias: string) => RawBuilder<SqlBool>,
  rowLive?: (alias: string) => RawBuilder<SqlBool>,
): MediaSource {
  return {
    name,
    uses(key, use) {
      const holds = sql<SqlBool>`${sql.ref(`r.${column}`)} = ${sql.ref(key)}`;
      if (use === 'any') {
        return sql<SqlBool>`exists (select 1 from ${sql.table(table)} as r where ${holds})`;
      }
      let shown: RawBuilder<SqlBool>;
      if (use === 'live') shown = livePost('p');
      else if (use === 'open') shown = visiblePost(ANY_MEMBER, 'p');
      else if (alsoShown) shown = sql<SqlBool>`${visiblePost(use, 'p')} and ${alsoShown(use, 'r')}`;
      else shown = visiblePost(use, 'p');
      if (rowLive) shown = sql<SqlBool>`${shown} and ${rowLive('r')}`;
      return sql<SqlBool>`exists (select 1 from ${sql.table(table)} as r
        inner join posts as p on p.id = ${sql.ref(`r.${postColumn}`)}
        where ${holds} and ${shown})`;
    },
  };
}

/** A member's own picture (`users.{column}`): shown wherever the member is, to every member. */
function ofMember(name: string, column: string): MediaSource {
  return {
    name,
    uses(key, use) {
      const holds = sql<SqlBool>`${sql.ref(`r.${column}`)} = ${sql.ref(key)}`;
      const shown = typeof use === 'string' ? sql<SqlBool>`1 = 1` : visibleMember(use, 'r.id');
      return sql<SqlBool>`exists (select 1 from users as r where ${holds} and ${shown})`;
    },
  };
}

/**
 * A message's photo (`messages.image`): shown only to its conversation's current members who may
 * read the message (messages/repo.ts says who), so never to every member: its files are always
 * signed, and the signed addresses go only to them.
 */
const ofMessage: MediaSource = {
  name: "messages.image: a message's photo, to its conversation's members",
  uses(key, use) {
    const holds = sql<SqlBool>`r.image = ${sql.ref(key)}`;
    if (use === 'any') return sql<SqlBool>`exists (select 1 from messages as r where ${holds})`;
    // An unsent message keeps its photo's key and shows it to no one: /media hides the file
    // (signed only for the moderators of a report that kept it).
    if (use === 'live') {
      return sql<SqlBool>`exists (select 1 from messages as r where ${holds} and r.removed = 0)`;
    }
    if (use === 'open') return sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`exists (select 1 from messages as r
      inner join conversation_members as rm
        on rm.conversation_id = r.conversation_id and rm.user_id = ${use.id}
      inner join conversations as rc on rc.id = r.conversation_id
      where ${holds} and r.removed = 0 and ${messageShown(use, 'r', 'rm')}
        and ${conversationShown(use, 'rc')})`;
  },
};

/** Every kind of row that may show an upload. */
export const MEDIA_SOURCES: readonly MediaSource[] = [
  onPost('post_images.storage_key: a photo of its post', 'post_images', 'storage_key', 'post_id'),
  // Kept until the post is purged (its history shows them to whoever sees the post).
  onPost(
    'post_edit_images.storage_key: a photo of an earlier version of its post',
    'post_edit_images',
    'storage_key',
    'post_id',
  ),
  onPost(
    "comments.image: a comment's image, on the comment's post",
    'comments',
    'image',
    'post_id',
    visibleCommentAuthor,
    liveComment,
  ),
  ofMember("users.picture: a member's profile picture", 'picture'),
  ofMember("users.cover: a member's cover", 'cover'),
  ofMessage,
];

/**
 * SQL: a report's snapshot keeps the upload whose key is in column `key` (`report_images`). Not
 * a source above: it shows the photo to no member (no listing, not even the owner's) and keeps
 * no file from the purge; it only lets the media route serve it with a signature, which the
 * reports queue alone hands out (to moderators), while the post or comment that showed it is
 * trashed, removed or hidden with its suspended author. Once the post is purged, so is the file.
 */
function keptByReport(key: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from report_images as ri where ri.storage_key = ${sql.ref(key)})`;
}

/** SQL: some source shows the upload whose key is in column `key`, counting for `use`. */
function usedAs(key: string, use: Use): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    MEDIA_SOURCES.map((source) => source.uses(key, use)),
    sql` or `,
  )})`;
}

/**
 * SQL: how `/media` serves the upload whose key is in column `key` (UploadAccess): `open` while
 * some row shows it to every member, or nothing uses it yet (just uploaded); else `signed` while
 * some row is live (only some members see it) or a report keeps it (moderators see it); else
 * `hidden` (every use is trashed). Most uploads are decided by their first probe.
 */
export function uploadAccess(key: string): RawBuilder<UploadAccess> {
  return sql<UploadAccess>`(case when ${usedAs(key, 'open')} then 'open'
    when ${usedAs(key, 'live')} then 'signed'
    when ${keptByReport(key)} then 'signed'
    when ${usedAs(key, 'any')} then 'hidden'
    else 'open' end)`;
}

/**
 * SQL: `uploadAccess` is not `hidden`, asked the cheaper way: nothing uses the upload, or
 * something live does (the owner's own listing).
 */
export function notHidden(key: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(not ${usedAs(key, 'any')} or ${usedAs(key, 'live')})`;
}

/** SQL: something the viewer may see shows the upload whose key is in column `key`. */
export function shownTo(viewer: Viewer, key: string): RawBuilder<SqlBool> {
  return usedAs(key, viewer);
}

/** SQL: nothing shows the upload whose key is in column `key`, live or trashed: the purge's. */
export function unreferenced(key: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`not ${usedAs(key, 'any')}`;
}

/**
 * Whether the files a post shows (its photos, its comments' images) are answered with signed
 * addresses: not every member may see it (friends, only me). The rule's own answer for a member
 * related to no one, as `uploadAccess` asks it in SQL.
 */
export function signsFilesOf(post: { user_id: string; audience: string }): boolean {
  const relation = { friends: false, blocked: false };
  return !canSeePost(ANY_MEMBER, { ...post, deleted_at: null, author_suspended: false }, relation);
}
