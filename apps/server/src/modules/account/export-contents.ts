import { Readable } from 'node:stream';
import { DEFAULT_PICTURE } from '@hearth/contract';
import type { Db } from '../../db/database.js';
import { STORAGE_KEY, type Storage } from '../../infra/storage/storage.js';
import { imagesOf } from '../posts/cards-repo.js';
import { groupBy } from '../posts/reader.js';
import { detailsOf } from '../users/present.js';
import {
  accountRow,
  BLOCKED,
  commentsAfter,
  conversationsAfter,
  editsOfPosts,
  FOLLOWERS,
  FOLLOWING,
  type FriendshipKind,
  friendshipList,
  imagesOfEdits,
  type MemberList,
  type MemberRef,
  MUTED,
  membersAfter,
  membersOfConversations,
  messagesAfter,
  type NewestCursor,
  notificationsBefore,
  postsAfter,
  reactionsAfter,
  savedPostsAfter,
  searchesBefore,
  uploadsAfter,
} from './export-data-repo.js';
import { type JsonList, jsonDocument, keysetPages } from './export-json.js';

// What a 'Download your information' zip holds (API.md, One's own account) and how each file is
// read: the member's own rows only, other members named by what any member sees of them (id,
// username, names), never their e-mail or anything they keep to themselves.

/** Where the files go: a zip written one entry at a time (export-zip.ts). */
export interface ExportSink {
  /** A small file, whole. */
  addText(name: string, text: string, mtime: Date): void;
  /** A file read from `body`; resolves once it is written, so the next one may start. */
  addStream(
    name: string,
    body: Readable,
    options: { mtime: Date; size?: number; compress: boolean },
  ): Promise<void>;
}

export interface ExportSource {
  db: Db;
  storage: Storage;
  /** Rows per page of every list. */
  pageSize: number;
  /** Told of an uploaded image whose file the storage no longer has (left out of the zip). */
  onMissingImage: (storageKey: string) => void;
}

/** The path in the zip of an uploaded image: its storage key's last part (`{uuid}.{ext}`). */
export function imageFileOf(storageKey: string): string {
  return `images/${storageKey.slice(storageKey.lastIndexOf('/') + 1)}`;
}

/** A picture, cover or comment image as the zip names it: its file, or null for none. */
function imageReference(reference: string): string | null {
  if (reference === '' || reference === DEFAULT_PICTURE) return null;
  return STORAGE_KEY.test(reference) ? imageFileOf(reference) : reference;
}

function memberOf(row: MemberRef) {
  return {
    id: row.member_id,
    username: row.member_username,
    firstName: row.member_first_name,
    lastName: row.member_last_name,
  };
}

/** A repo's reader of one of the member's own lists, by key after the cursor. */
type ReadAfter<Row> = (
  db: Db,
  userId: string,
  after: string | undefined,
  limit: number,
) => Promise<Row[]>;

const byId = (row: { id: string }) => row.id;
const byMember = (row: MemberRef) => row.member_id;
const byPost = (row: { post_id: string }) => row.post_id;
const newestCursor = (row: { created_at: string; id: string }) => `${row.created_at}|${row.id}`;

function parseNewest(cursor: string | undefined): NewestCursor | undefined {
  if (cursor === undefined) return undefined;
  const at = cursor.indexOf('|');
  return { createdAt: cursor.slice(0, at), id: cursor.slice(at + 1) };
}

/** What README.txt says: the date, then each file and what it holds. */
export function readmeText(username: string, exportedAt: string): string {
  return [
    `Your information on Hearth (@${username}), as it was on ${exportedAt}.`,
    '',
    'Every .json file is UTF-8 JSON. Times are ISO 8601 in UTC. Other members are named as',
    'every member sees them: {id, username, firstName, lastName}. Images are named',
    'images/<file>, the files in the images folder.',
    '',
    'profile.json           Your account: e-mail, names, username, gender, birthday, profile',
    '                       picture and cover, profile details, privacy settings, role, when',
    '                       you joined.',
    'posts.json             Your posts (in trash or removed by a moderator too): text,',
    '                       background, audience, images, and the earlier versions of each',
    '                       edited post under "edits".',
    "comments.json          Your comments, on anyone's posts.",
    'reactions.json         Your reactions to posts.',
    'saved-posts.json       The posts you saved.',
    'friends.json           Your friends, the friend requests you sent and received, whom you',
    '                       follow and who follows you.',
    'blocks-and-mutes.json  The members you blocked and those you muted.',
    'search-history.json    The members you chose from search, newest first.',
    'notifications.json     Your notifications, newest first.',
    'messages.json          Your conversations (their names and members) and the messages',
    '                       you sent in them.',
    'images.json            Every image you uploaded: its file here, the folder it was',
    '                       uploaded to, its type, size in pixels and bytes, and when.',
    'images/                The images themselves, as stored.',
    '',
  ].join('\n');
}

/**
 * Writes every file of the member's zip to `sink`, one at a time. Answers nothing: the images
 * whose files are gone are told to `source.onMissingImage` and marked `file: null`.
 */
export async function writeExportContents(
  sink: ExportSink,
  source: ExportSource,
  memberId: string,
  now: Date,
): Promise<void> {
  const { db, pageSize } = source;
  const account = await accountRow(db, memberId);
  if (!account) throw new Error(`The member ${memberId} is gone`);
  sink.addText('README.txt', readmeText(account.username, now.toISOString()), now);
  sink.addText(
    'profile.json',
    `${JSON.stringify(
      {
        id: account.id,
        username: account.username,
        email: account.email,
        firstName: account.first_name,
        lastName: account.last_name,
        gender: account.gender,
        birthday: {
          year: Number(account.birth_year),
          month: Number(account.birth_month),
          day: Number(account.birth_day),
        },
        picture: imageReference(account.picture),
        cover: imageReference(account.cover),
        details: detailsOf(account.details),
        privacy: {
          defaultAudience: account.default_audience,
          friendRequestsFrom: account.friend_requests_from,
          friendsListVisibleTo: account.friends_list_visible_to,
        },
        role: account.role,
        createdAt: account.created_at,
        updatedAt: account.updated_at,
      },
      null,
      2,
    )}\n`,
    now,
  );

  const json = (name: string, lists: readonly JsonList[]) =>
    sink.addStream(name, readableOf(jsonDocument(lists)), { mtime: now, compress: true });
  /** A file holding one list. */
  const single = (name: string, list: JsonList[0], items: JsonList[1]) =>
    json(name, [[list, items]]);
  const pages = <Row, Item>(
    fetch: (cursor: string | undefined, limit: number) => Promise<Row[]>,
    cursorOf: (row: Row) => string,
    shape: (rows: Row[]) => Item[] | Promise<Item[]>,
  ) => keysetPages(pageSize, fetch, cursorOf, shape);
  /** Pages whose every row becomes one item on its own. */
  const items = <Row, Item>(
    fetch: (cursor: string | undefined, limit: number) => Promise<Row[]>,
    cursorOf: (row: Row) => string,
    itemOf: (row: Row) => Item,
  ) => pages(fetch, cursorOf, (rows) => rows.map(itemOf));
  /** One of the repo's lists of the member's own rows (by key, after the cursor), as a fetch. */
  const mine =
    <Row>(read: ReadAfter<Row>) =>
    (after: string | undefined, limit: number) =>
      read(db, memberId, after, limit);

  await single(
    'posts.json',
    'posts',
    pages(mine(postsAfter), byId, (posts) => withEditsAndImages(db, posts)),
  );
  await single(
    'comments.json',
    'comments',
    items(mine(commentsAfter), byId, (row) => ({
      id: row.id,
      postId: row.post_id,
      text: row.comment,
      image: imageReference(row.image),
      createdAt: row.created_at,
      removedAt: row.removed_at,
    })),
  );
  await single(
    'reactions.json',
    'reactions',
    items(mine(reactionsAfter), byPost, (row) => ({
      postId: row.post_id,
      reaction: row.react,
      createdAt: row.created_at,
    })),
  );
  await single(
    'saved-posts.json',
    'savedPosts',
    items(mine(savedPostsAfter), byPost, (row) => ({
      postId: row.post_id,
      savedAt: row.created_at,
    })),
  );

  const members = (list: MemberList, at: 'since' | 'sentAt' | 'receivedAt' = 'since') =>
    items(
      (after, limit) => membersAfter(db, list, memberId, after, limit),
      byMember,
      (row) => ({ member: memberOf(row), [at]: row.since }),
    );
  const friendships = (kind: FriendshipKind, at: 'since' | 'sentAt' | 'receivedAt') =>
    concat(
      (['low', 'high'] as const).map((side) => members(friendshipList(memberId, side, kind), at)),
    );
  await json('friends.json', [
    ['friends', friendships('friends', 'since')],
    ['requestsSent', friendships('sent', 'sentAt')],
    ['requestsReceived', friendships('received', 'receivedAt')],
    ['following', members(FOLLOWING)],
    ['followers', members(FOLLOWERS)],
  ]);
  await json('blocks-and-mutes.json', [
    ['blocked', members(BLOCKED)],
    ['muted', members(MUTED)],
  ]);
  await single(
    'search-history.json',
    'searches',
    items(
      (cursor, limit) => searchesBefore(db, memberId, parseNewest(cursor), limit),
      newestCursor,
      (row) => ({ member: memberOf(row), searchedAt: row.created_at }),
    ),
  );
  await single(
    'notifications.json',
    'notifications',
    items(
      (cursor, limit) => notificationsBefore(db, memberId, parseNewest(cursor), limit),
      newestCursor,
      (row) => ({
        id: row.id,
        type: row.type,
        from: memberOf(row),
        postId: row.post_id,
        reaction: row.react,
        commentId: row.comment_id,
        note: row.note,
        read: Number(row.read) === 1,
        createdAt: row.created_at,
      }),
    ),
  );

  await json('messages.json', [
    [
      'conversations',
      pages(mine(conversationsAfter), byId, async (rows) => {
        const members = groupBy(
          await membersOfConversations(
            db,
            rows.map((row) => row.id),
          ),
          (row) => row.conversation_id,
        );
        return rows.map((row) => ({
          id: row.id,
          name: row.name,
          isGroup: Number(row.is_group) === 1,
          members: (members.get(row.id) ?? []).map(memberOf),
          createdAt: row.created_at,
          joinedAt: row.joined_at,
        }));
      }),
    ],
    [
      'messages',
      items(mine(messagesAfter), byId, (row) => ({
        id: row.id,
        conversationId: row.conversation_id,
        text: row.text,
        // An unsent message's photo is hidden from everyone, as its text is gone.
        image: Number(row.removed) === 1 ? null : imageReference(row.image),
        unsent: Number(row.removed) === 1,
        sentAt: row.created_at,
      })),
    ],
  ]);

  // The images, one read stream at a time; a file the storage lost is left out and told.
  const missing = new Set<string>();
  for await (const uploads of pages(mine(uploadsAfter), byId, (rows) => rows)) {
    for (const upload of uploads) {
      const stored = await source.storage.getStream(upload.storage_key);
      if (!stored) {
        missing.add(upload.storage_key);
        source.onMissingImage(upload.storage_key);
        continue;
      }
      await sink.addStream(imageFileOf(upload.storage_key), stored.body, {
        mtime: new Date(upload.created_at),
        size: stored.bytes,
        // JPEG, PNG, WebP and GIF are compressed already: deflating them again gains nothing.
        compress: false,
      });
    }
  }
  await single(
    'images.json',
    'images',
    items(mine(uploadsAfter), byId, (row) => ({
      id: row.id,
      file: missing.has(row.storage_key) ? null : imageFileOf(row.storage_key),
      folder: row.folder,
      contentType: row.content_type,
      width: Number(row.width),
      height: Number(row.height),
      bytes: Number(row.bytes),
      uploadedAt: row.created_at,
    })),
  );
}

/** A page of posts with their photos and earlier versions: three queries for the page. */
async function withEditsAndImages(db: Db, posts: Awaited<ReturnType<typeof postsAfter>>) {
  const ids = posts.map((post) => post.id);
  const [imagesByPost, edits] = await Promise.all([imagesOf(db, ids), editsOfPosts(db, ids)]);
  const editImages = await imagesOfEdits(
    db,
    edits.map((edit) => edit.id),
  );
  const imagesByEdit = groupBy(editImages, (row) => row.edit_id);
  const editsByPost = groupBy(edits, (row) => row.post_id);
  return posts.map((post) => ({
    id: post.id,
    type: post.type,
    text: post.text,
    background: post.background,
    audience: post.audience,
    images: (imagesByPost.get(post.id) ?? []).map((storageKey) => imageFileOf(storageKey)),
    createdAt: post.created_at,
    editedAt: post.edited_at,
    trashedAt: post.deleted_at,
    removedAt: post.removed_at,
    edits: (editsByPost.get(post.id) ?? []).map((edit) => ({
      text: edit.text,
      background: edit.background,
      images: (imagesByEdit.get(edit.id) ?? []).map((row) => imageFileOf(row.storage_key)),
      createdAt: edit.created_at,
    })),
  }));
}

/** The pages of several lists, one list after the other. */
async function* concat<T>(lists: ReadonlyArray<AsyncIterable<T>>): AsyncGenerator<T> {
  for (const list of lists) yield* list;
}

/** A byte stream reading the chunks (and so the pages) only as the zip asks for them. */
function readableOf(chunks: AsyncIterable<Buffer>): Readable {
  return Readable.from(chunks, { objectMode: false });
}
