import {
  type Audience,
  BUILTIN_BACKGROUNDS,
  DEFAULT_PICTURE,
  REACTIONS,
  SEARCH_HISTORY_MAX,
} from '@hearth/contract';
import {
  type DatabaseHandle,
  type Db,
  detailsToStore,
  insertComments,
  insertFollows,
  insertHistoryEntries,
  insertMedia,
  insertPosts,
  insertReactions,
  insertRelations,
  insertSavedPosts,
  insertUsers,
  markFriendFollows,
  type NewComment,
  type NewFollow,
  type NewFriendship,
  type NewPost,
  type NewPostImage,
  type NewReaction,
  type NewSavedPost,
  type NewSearchHistoryRow,
  type NewUser,
  recountAllReactions,
  type Storage,
  searchKeysOf,
} from '@hearth/server/seeding';
import { sql } from 'kysely';
import { type PictureLibrary, type StoredPictures, storePictures } from './images.js';
import { withIndexesBuiltAfter } from './indexes.js';
import {
  apportion,
  areFriends,
  type NetworkPlan,
  planNetwork,
  planPostSchedule,
} from './network.js';
import { Random, timeOrderedId, WeightedPicker } from './random.js';
import { DAY_MS, DEMO_LOGIN, type NetworkSize, SEED_END } from './sizes.js';
import {
  backgroundText,
  commentText,
  memberDetails,
  postText,
  REACTION_WEIGHTS,
} from './vocabulary.js';

export interface SeedOptions {
  /** A migrated, empty database. */
  handle: DatabaseHandle;
  /** Where the shared pictures go (the server's media storage). */
  storage: Storage;
  /** Where drawn pictures are kept between seeds. */
  cacheDir: string;
  size: NetworkSize;
  /** One hash for every member (hashing is slow on purpose): the demo password's. */
  passwordHash: string;
  seed?: string;
  log?: (line: string) => void;
}

export type SeedCounts = Record<
  | 'users'
  | 'media'
  | 'friendships'
  | 'follows'
  | 'blocks'
  | 'posts'
  | 'post_images'
  | 'reactions'
  | 'comments'
  | 'saved_posts'
  | 'search_history',
  number
>;

export interface SeedSummary {
  counts: SeedCounts;
  demo: { email: string; password: string; username: string };
  seconds: number;
}

/** The seed every benchmark and demo network is made from. */
export const DEFAULT_SEED = 'hearth';
// Rows per transaction: big enough to amortise the commit, small enough to keep memory flat.
const ROWS_PER_COMMIT = 20_000;

/**
 * Who each post is shared with, and how often: most with every member (the default), some
 * public, some with friends only, a few kept to their author.
 */
const AUDIENCE_MIX: ReadonlyArray<readonly [Audience, number]> = [
  ['members', 70],
  ['public', 15],
  ['friends', 12],
  ['only_me', 3],
];
const AUDIENCE_PICKER = new WeightedPicker(AUDIENCE_MIX.map(([, weight]) => weight));
const MEMBERS = AUDIENCE_MIX.findIndex(([name]) => name === 'members');
const FRIENDS = AUDIENCE_MIX.findIndex(([name]) => name === 'friends');
const ONLY_ME = AUDIENCE_MIX.findIndex(([name]) => name === 'only_me');

const email = (username: string, index: number) =>
  index === 0 ? DEMO_LOGIN.email : `${username}@hearth.example`;

/**
 * Fills an empty database with a whole network through the server's own repositories, the same
 * rows for the same seed and size every time.
 */
export async function seedNetwork(options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const seed = new Random(options.seed ?? DEFAULT_SEED);
  const { handle } = options;
  await tuneForBulkLoad(handle);
  const plan = planNetwork(seed, options.size);
  log(
    `planned ${plan.members.length} members, ${plan.relations.low.length} relations, ` +
      `${plan.follows.follower.length} follows (${seconds(started)} s)`,
  );
  const counts = await withIndexesBuiltAfter(handle, async () => {
    const writer = new Writer(handle.db, await postgresSettings(handle));
    const pictureOwners = plan.members.slice(1, 31);
    const pictures = await storePictures(
      options.storage,
      options.cacheDir,
      pictureOwners,
      seed.fork('pictures'),
    );
    const counts: SeedCounts = {
      users: await writeUsers(writer, plan, pictures.library, options.passwordHash, seed),
      media: pictures.mediaRows.length,
      friendships: 0,
      follows: 0,
      blocks: 0,
      posts: 0,
      post_images: 0,
      reactions: 0,
      comments: 0,
      saved_posts: 0,
      search_history: 0,
    };
    await writer.commit((trx) => insertMedia(trx, pictures.mediaRows));
    counts.friendships = await writeRelations(writer, plan);
    counts.follows = await writeFollows(writer, plan);
    await writer.commit((trx) => markFriendFollows(trx));
    counts.blocks = await writeBlocks(writer, plan);
    log(`members and their network written (${seconds(started)} s)`);
    const posts = await writePosts(writer, plan, pictures, seed.fork('posts'));
    counts.posts = posts.ids.length;
    counts.post_images = posts.images;
    log(`${counts.posts} posts written (${seconds(started)} s)`);
    counts.reactions = await writeReactions(writer, plan, posts, seed.fork('reactions'));
    // The kept counts, from the reactions themselves, as the server would have counted them.
    await writer.commit((trx) => recountAllReactions(trx));
    log(`${counts.reactions} reactions written (${seconds(started)} s)`);
    counts.comments = await writeComments(
      writer,
      plan,
      posts,
      pictures.library,
      seed.fork('comments'),
    );
    log(`${counts.comments} comments written (${seconds(started)} s)`);
    counts.saved_posts = await writeSaved(writer, plan, posts, seed.fork('saved'));
    counts.search_history = await writeSearchHistory(writer, plan, seed.fork('search-history'));
    await writer.drain();
    return counts;
  });
  log(`indexes built (${seconds(started)} s)`);
  await finishBulkLoad(handle);
  return {
    counts,
    demo: { ...DEMO_LOGIN, username: plan.members[0]!.username },
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

const cpuAtStart = process.cpuUsage();

/** Wall-clock seconds since `since`, and this process's CPU seconds so far. */
function seconds(since: number): string {
  const cpu = process.cpuUsage(cpuAtStart);
  return `${((performance.now() - since) / 1000).toFixed(1)}, cpu ${((cpu.user + cpu.system) / 1e6).toFixed(1)}`;
}

/** Another process (a running server, say) has the SQLite file open, and a seed needs it alone. */
export class DatabaseInUseError extends Error {
  constructor() {
    super('the database file is open in another process');
    this.name = 'DatabaseInUseError';
  }
}

/**
 * Checks, before anything is changed, that the seed can have an SQLite file to itself: it leaves
 * WAL mode while it loads, which SQLite refuses while another connection has the file open.
 * Throws DatabaseInUseError if not. A PostgreSQL database is seeded alongside other connections.
 * The handle must be opened without the WAL checkpointer (`walCheckpointer: false`).
 */
export async function claimForSeeding(handle: DatabaseHandle): Promise<void> {
  if (handle.engine !== 'sqlite') return;
  await leaveWal(handle, 'delete');
  await sql`pragma journal_mode = wal`.execute(handle.db);
}

async function leaveWal(handle: DatabaseHandle, mode: 'delete' | 'memory'): Promise<void> {
  const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(handle.db);
  const timeout = Number(rows[0]?.timeout ?? 0);
  // Asked at once: another process's hold on the file does not end by waiting.
  await sql`pragma busy_timeout = 0`.execute(handle.db);
  try {
    await sql.raw(`pragma journal_mode = ${mode}`).execute(handle.db);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') throw new DatabaseInUseError();
    throw error;
  } finally {
    await sql.raw(`pragma busy_timeout = ${timeout}`).execute(handle.db);
  }
}

/**
 * The seed's own connection neither waits for the disk on each commit nor re-checks foreign keys
 * row by row (the generator only writes rows whose parents exist; its test checks that): a seed
 * that dies halfway is thrown away anyway. The server's connections keep their own settings.
 */
async function tuneForBulkLoad(handle: DatabaseHandle): Promise<void> {
  if (handle.engine === 'sqlite') {
    await sql`pragma foreign_keys = off`.execute(handle.db);
    await leaveWal(handle, 'memory');
    await sql`pragma synchronous = off`.execute(handle.db);
    await sql`pragma cache_size = -262144`.execute(handle.db);
    await sql`pragma temp_store = memory`.execute(handle.db);
  }
}

async function postgresSettings(handle: DatabaseHandle) {
  if (handle.engine !== 'postgres') return undefined;
  const { rows } = await sql<{ superuser: boolean }>`
    select rolsuper as superuser from pg_roles where rolname = current_user
  `.execute(handle.db);
  return { skipForeignKeyChecks: rows[0]?.superuser === true };
}

/** Back to the server's journal; fresh planner statistics and visibility maps on PostgreSQL. */
async function finishBulkLoad(handle: DatabaseHandle): Promise<void> {
  if (handle.engine === 'sqlite') {
    await sql`pragma journal_mode = wal`.execute(handle.db);
    await sql`pragma foreign_keys = on`.execute(handle.db);
    return;
  }
  await sql`vacuum analyze`.execute(handle.db);
}

/**
 * Commits rows in transactions of ROWS_PER_COMMIT, and lets the next batch be generated while
 * the previous one is written (PostgreSQL works in its own process meanwhile).
 */
class Writer {
  private inFlight: Promise<void> = Promise.resolve();
  private failure: unknown;

  /** `skipForeignKeyChecks`: PostgreSQL only, and only a superuser may. */
  constructor(
    private readonly db: Db,
    private readonly pgSettings: { skipForeignKeyChecks: boolean } | undefined,
  ) {}

  async commit(work: (trx: Db) => Promise<void>): Promise<void> {
    await this.inFlight;
    if (this.failure) throw this.failure;
    const settings = this.pgSettings;
    this.inFlight = this.db
      .transaction()
      .execute(async (trx) => {
        if (settings) {
          await sql`set local synchronous_commit = off`.execute(trx);
          // Replica mode skips the foreign keys' triggers, as the SQLite seed skips their checks.
          if (settings.skipForeignKeyChecks) {
            await sql`set local session_replication_role = replica`.execute(trx);
          }
        }
        await work(trx);
      })
      .catch((error: unknown) => {
        this.failure = error;
      });
  }

  async drain(): Promise<void> {
    await this.inFlight;
    if (this.failure) throw this.failure;
  }

  /** Collects rows and commits them ROWS_PER_COMMIT at a time. */
  batcher<T>(insert: (trx: Db, rows: T[]) => Promise<void>) {
    let rows: T[] = [];
    let total = 0;
    return {
      add: async (row: T) => {
        rows.push(row);
        total += 1;
        if (rows.length >= ROWS_PER_COMMIT) {
          const full = rows;
          rows = [];
          await this.commit((trx) => insert(trx, full));
        }
      },
      flush: async () => {
        const rest = rows;
        rows = [];
        if (rest.length > 0) await this.commit((trx) => insert(trx, rest));
        return total;
      },
    };
  }
}

const dayPrefixes = new Map<number, string>();
const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** `new Date(ms).toISOString()`, without a Date per row: millions of rows call this. */
function iso(ms: number): string {
  const whole = Math.floor(ms);
  const day = Math.floor(whole / DAY_MS);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  const inDay = whole - day * DAY_MS;
  const millis = inDay % 1000;
  const secondsOfDay = (inDay - millis) / 1000;
  const hours = Math.floor(secondsOfDay / 3600);
  const minutes = Math.floor((secondsOfDay % 3600) / 60);
  const pad3 = millis < 10 ? `00${millis}` : millis < 100 ? `0${millis}` : `${millis}`;
  return `${prefix}${two(hours)}:${two(minutes)}:${two(secondsOfDay % 60)}.${pad3}Z`;
}

async function writeUsers(
  writer: Writer,
  plan: NetworkPlan,
  library: PictureLibrary,
  passwordHash: string,
  seed: Random,
): Promise<number> {
  const random = seed.fork('users');
  const users = writer.batcher(insertUsers);
  for (const [index, member] of plan.members.entries()) {
    const hasPicture = index === 0 || random.chance(0.85);
    const hasCover = index === 0 || random.chance(0.4);
    const row: NewUser = {
      id: member.id,
      email: email(member.username, index),
      password_hash: passwordHash,
      first_name: member.firstName,
      last_name: member.lastName,
      // The server's own key function, as sign-up fills them, or search would not find them.
      ...searchKeysOf({ first_name: member.firstName, last_name: member.lastName }),
      username: member.username,
      picture: hasPicture ? random.pick(library.avatar) : DEFAULT_PICTURE,
      cover: hasCover ? random.pick(library.cover) : '',
      gender: member.gender,
      birth_year: random.int(1955, 2008),
      birth_month: random.int(1, 12),
      birth_day: random.int(1, 28),
      verified: 1,
      details: JSON.stringify(detailsToStore(memberDetails(random))),
      created_at: iso(member.joinedMs),
      updated_at: iso(member.joinedMs),
    };
    await users.add(row);
  }
  return users.flush();
}

async function writeRelations(writer: Writer, plan: NetworkPlan): Promise<number> {
  const { relations, members } = plan;
  const rows = writer.batcher(insertRelations);
  for (let e = 0; e < relations.low.length; e++) {
    const low = members[relations.low[e]!]!.id;
    const high = members[relations.high[e]!]!.id;
    const row: NewFriendship = {
      low_id: low,
      high_id: high,
      requester_id: relations.askedByHigh[e] === 1 ? high : low,
      status: relations.requested[e] === 1 ? 'requested' : 'friends',
      created_at: iso(relations.createdMs[e]!),
      updated_at: iso(relations.updatedMs[e]!),
    };
    await rows.add(row);
  }
  return rows.flush();
}

async function writeFollows(writer: Writer, plan: NetworkPlan): Promise<number> {
  const { follows, members } = plan;
  const rows = writer.batcher(insertFollows);
  for (let f = 0; f < follows.follower.length; f++) {
    const row: NewFollow = {
      follower_id: members[follows.follower[f]!]!.id,
      followee_id: members[follows.followee[f]!]!.id,
      created_at: iso(follows.createdMs[f]!),
    };
    await rows.add(row);
  }
  return rows.flush();
}

/** A block as the blocks table keeps it (`NewBlock` on the server). */
interface NewBlockRow {
  blocker_id: string;
  blocked_id: string;
  created_at: string;
}

/**
 * Many blocks at once. `@hearth/server/seeding` has no bulk insert of blocks yet (it would be
 * `insertBlocks`, `insertRows(db, 'blocks', rows)` beside the others): until it does, Kysely's
 * builder, whose per-value cost does not matter for a few hundred to a few thousand rows.
 */
async function insertBlocks(db: Db, rows: readonly NewBlockRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 5_000) {
    await db
      .insertInto('blocks')
      .values(rows.slice(start, start + 5_000))
      .execute();
  }
}

async function writeBlocks(writer: Writer, plan: NetworkPlan): Promise<number> {
  const { blocks, members } = plan;
  const rows = writer.batcher(insertBlocks);
  for (let b = 0; b < blocks.blocker.length; b++) {
    await rows.add({
      blocker_id: members[blocks.blocker[b]!]!.id,
      blocked_id: members[blocks.blocked[b]!]!.id,
      created_at: iso(blocks.createdMs[b]!),
    });
  }
  return rows.flush();
}

/** The written posts, oldest first, with what later tables need to know of them. */
interface WrittenPosts {
  ids: string[];
  author: Int32Array;
  createdMs: Float64Array;
  /** Each post's audience, an index into AUDIENCE_MIX. */
  audience: Uint8Array;
  images: number;
}

/** Whether `member` may see post `p` (blocks come later: what was written before them stays). */
function maySee(plan: NetworkPlan, posts: WrittenPosts, p: number, member: number): boolean {
  const author = posts.author[p]!;
  if (member === author) return true;
  const audience = posts.audience[p]!;
  if (audience === ONLY_ME) return false;
  return audience !== FRIENDS || areFriends(plan, member, author);
}

/**
 * The newest post in the demo member's feed (their own or of someone they follow): it shows a
 * full-size phone photo, so the first screen of the demo's home weighs what a real one does.
 */
function demoFeedTop(plan: NetworkPlan, schedule: { author: Int32Array; createdMs: Float64Array }) {
  const { start, list } = plan.followers;
  const inDemoFeed = (author: number) => {
    if (author === 0) return true;
    for (let i = start[author]!; i < start[author + 1]!; i++) if (list[i] === 0) return true;
    return false;
  };
  let top = -1;
  for (let p = 0; p < schedule.author.length; p++) {
    if (
      (top < 0 || schedule.createdMs[p]! > schedule.createdMs[top]!) &&
      inDemoFeed(schedule.author[p]!)
    ) {
      top = p;
    }
  }
  return top;
}

async function writePosts(
  writer: Writer,
  plan: NetworkPlan,
  pictures: Pick<StoredPictures, 'library' | 'fullSizePhotos'>,
  random: Random,
): Promise<WrittenPosts> {
  const { library } = pictures;
  const schedule = planPostSchedule(random.fork('schedule'), plan);
  const demoTop = demoFeedTop(plan, schedule);
  const content = random.fork('content');
  // Its own stream, so the posts' content is the same as without audiences.
  const audiences = random.fork('audience');
  const audience = new Uint8Array(schedule.author.length);
  const ids: string[] = [];
  let posts: NewPost[] = [];
  let images: NewPostImage[] = [];
  let imageCount = 0;
  const flush = async () => {
    const [p, i] = [posts, images];
    posts = [];
    images = [];
    await writer.commit((trx) => insertPosts(trx, p, i));
  };
  for (let index = 0; index < schedule.author.length; index++) {
    const createdMs = schedule.createdMs[index]!;
    const id = timeOrderedId(createdMs, content);
    ids.push(id);
    const showsFullSizePhoto = index === demoTop && pictures.fullSizePhotos.length > 0;
    // The demo's newest post stays where the demo member sees it.
    audience[index] = index === demoTop ? MEMBERS : AUDIENCE_PICKER.pick(audiences);
    const withImages = content.chance(0.15) || showsFullSizePhoto;
    const withBackground = !withImages && content.chance(0.1);
    let text: string | null = null;
    if (withBackground) text = backgroundText(content);
    else if (!withImages || content.chance(0.5)) text = postText(content);
    posts.push({
      id,
      user_id: plan.members[schedule.author[index]!]!.id,
      type: null,
      text,
      background: withBackground ? content.pick(BUILTIN_BACKGROUNDS) : null,
      created_at: iso(createdMs),
      deleted_at: null,
      audience: AUDIENCE_MIX[audience[index]!]![0],
    });
    if (withImages) {
      const count = showsFullSizePhoto ? 1 : content.pick([1, 1, 1, 1, 1, 1, 2, 2, 3, 4]);
      for (let position = 0; position < count; position++) {
        const storageKey = showsFullSizePhoto
          ? content.pick(pictures.fullSizePhotos)
          : content.pick(library.photo);
        images.push({ post_id: id, position, storage_key: storageKey });
      }
      imageCount += count;
    }
    if (posts.length >= ROWS_PER_COMMIT) await flush();
  }
  await flush();
  return {
    ids,
    author: schedule.author,
    createdMs: schedule.createdMs,
    audience,
    images: imageCount,
  };
}

/** How much attention each post gets: more for authors with more followers, then luck. */
function attention(random: Random, plan: NetworkPlan, posts: WrittenPosts): Float64Array {
  const { start } = plan.followers;
  const weights = new Float64Array(posts.ids.length);
  for (let p = 0; p < weights.length; p++) {
    const author = posts.author[p]!;
    const followers = start[author + 1]! - start[author]!;
    weights[p] = (1 + followers) ** 0.8 * random.logNormal(1, 0.7);
  }
  return weights;
}

/**
 * Someone who reacts to or comments on post `p`, among those who may see it: mostly the author's
 * followers, some strangers; only friends on a friends-only post. -1 when no one else may see it.
 */
function audienceMember(
  random: Random,
  plan: NetworkPlan,
  posts: WrittenPosts,
  p: number,
  fromFollowers: number,
): number {
  const author = posts.author[p]!;
  const audience = posts.audience[p]!;
  if (audience === ONLY_ME) return -1;
  if (audience === FRIENDS) {
    const from = plan.friends.start[author]!;
    const friends = plan.friends.start[author + 1]! - from;
    return friends > 0 ? plan.friends.list[from + random.int(0, friends - 1)]! : -1;
  }
  const { start, list } = plan.followers;
  const from = start[author]!;
  const followers = start[author + 1]! - from;
  if (followers > 0 && random.chance(fromFollowers))
    return list[from + random.int(0, followers - 1)]!;
  return random.int(0, plan.members.length - 1);
}

async function writeReactions(
  writer: Writer,
  plan: NetworkPlan,
  posts: WrittenPosts,
  random: Random,
): Promise<number> {
  const counts = apportion(plan.size.reactions, attention(random.fork('attention'), plan, posts));
  const names = new WeightedPicker(REACTIONS.map((name) => REACTION_WEIGHTS[name]));
  const memberCount = plan.members.length;
  const rows = writer.batcher(insertReactions);
  // One reaction per member per post: a post that cannot take its share passes it on.
  let carried = 0;
  for (let p = 0; p < posts.ids.length; p++) {
    const author = posts.author[p]!;
    const audience = posts.audience[p]!;
    // Only those who may see the post react to it.
    const reach =
      audience === ONLY_ME
        ? 0
        : audience === FRIENDS
          ? plan.friends.start[author + 1]! - plan.friends.start[author]!
          : memberCount;
    const wanted = Math.min(reach, counts[p]! + carried);
    const reactors = new Set<number>();
    for (let tries = 0; reactors.size < wanted && tries < wanted * 4; tries++) {
      reactors.add(audienceMember(random, plan, posts, p, 0.75));
    }
    carried = counts[p]! + carried - reactors.size;
    for (const reactor of [...reactors].sort((a, b) => a - b)) {
      const row: NewReaction = {
        post_id: posts.ids[p]!,
        user_id: plan.members[reactor]!.id,
        react: REACTIONS[names.pick(random)]!,
        created_at: iso(Math.min(SEED_END, posts.createdMs[p]! + random.exponential(DAY_MS))),
      };
      await rows.add(row);
    }
  }
  return rows.flush();
}

async function writeComments(
  writer: Writer,
  plan: NetworkPlan,
  posts: WrittenPosts,
  library: PictureLibrary,
  random: Random,
): Promise<number> {
  const counts = apportion(plan.size.comments, attention(random.fork('attention'), plan, posts));
  const rows = writer.batcher(insertComments);
  const blockedBy = blocksOfBlockers(plan);
  // A post no one else may see passes its comments on to the next one.
  let carried = 0;
  for (let p = 0; p < posts.ids.length; p++) {
    const wanted = counts[p]! + carried;
    const reach = audienceMember(random, plan, posts, p, 0.8);
    if (reach < 0) {
      carried = wanted;
      continue;
    }
    carried = 0;
    const times: number[] = [];
    for (let c = 0; c < wanted; c++) {
      times.push(Math.min(SEED_END, posts.createdMs[p]! + random.exponential(DAY_MS / 4)));
    }
    times.sort((a, b) => a - b);
    const author = posts.author[p]!;
    const blocked = posts.audience[p] === FRIENDS ? undefined : blockedBy.get(author);
    for (const [k, ms] of times.entries()) {
      const withImage = random.chance(0.03);
      let commenter = k === 0 ? reach : audienceMember(random, plan, posts, p, 0.8);
      // Blocks often follow unwanted comments: in the weeks before a block, the member blocked
      // later wrote some of the comments on the blocker's posts (which the server then hides
      // from the blocker alone).
      const before = blocked?.filter((b) => ms < b.ms && ms > b.ms - BLOCK_REASON_MS);
      if (before && before.length > 0 && random.chance(BLOCK_REASON_SHARE)) {
        commenter = random.pick(before).member;
      }
      const row: NewComment = {
        id: timeOrderedId(ms, random),
        post_id: posts.ids[p]!,
        user_id: plan.members[commenter]!.id,
        comment: withImage && random.chance(0.5) ? '' : commentText(random),
        image: withImage ? random.pick(library.photo) : '',
        created_at: iso(ms),
      };
      await rows.add(row);
    }
  }
  return rows.flush();
}

/** Comments in this time before a block may be by the member blocked later… */
const BLOCK_REASON_MS = 30 * DAY_MS;
/** …this share of the comments on the blocker's posts then. */
const BLOCK_REASON_SHARE = 0.3;

/** Whom each blocker blocked, and when. */
function blocksOfBlockers(plan: NetworkPlan): Map<number, Array<{ member: number; ms: number }>> {
  const { blocks } = plan;
  const byBlocker = new Map<number, Array<{ member: number; ms: number }>>();
  for (let b = 0; b < blocks.blocker.length; b++) {
    const blocker = blocks.blocker[b]!;
    const list = byBlocker.get(blocker) ?? [];
    list.push({ member: blocks.blocked[b]!, ms: blocks.createdMs[b]! });
    byBlocker.set(blocker, list);
  }
  return byBlocker;
}

async function writeSaved(
  writer: Writer,
  plan: NetworkPlan,
  posts: WrittenPosts,
  random: Random,
): Promise<number> {
  const rows = writer.batcher(insertSavedPosts);
  const postCount = posts.ids.length;
  for (const [index, member] of plan.members.entries()) {
    const wanted = Math.min(postCount, Math.round(random.exponential(5)));
    const chosen = new Set<number>();
    // Only posts the member may see.
    for (let tries = 0; chosen.size < wanted && tries < wanted * 20; tries++) {
      const p = random.int(0, postCount - 1);
      if (maySee(plan, posts, p, index)) chosen.add(p);
    }
    for (const p of [...chosen].sort((a, b) => a - b)) {
      const saved = Math.max(posts.createdMs[p]!, member.joinedMs);
      const row: NewSavedPost = {
        user_id: plan.members[index]!.id,
        post_id: posts.ids[p]!,
        created_at: iso(saved + random.next() * (SEED_END - saved)),
      };
      await rows.add(row);
    }
  }
  return rows.flush();
}

/** Whom each member looked up lately: mostly friends and people they follow, some strangers. */
async function writeSearchHistory(
  writer: Writer,
  plan: NetworkPlan,
  random: Random,
): Promise<number> {
  const rows = writer.batcher(insertHistoryEntries);
  const { follows, members } = plan;
  // follows is sorted by follower: each member's followees are one run of it.
  let run = 0;
  for (const [index, member] of members.entries()) {
    const from = run;
    while (run < follows.follower.length && follows.follower[run] === index) run += 1;
    const wanted = Math.min(
      members.length - 1,
      SEARCH_HISTORY_MAX,
      Math.round(random.exponential(4)),
    );
    const searched = new Set<number>();
    for (let tries = 0; searched.size < wanted && tries < wanted * 4; tries++) {
      const someone =
        run > from && random.chance(0.7)
          ? follows.followee[random.int(from, run - 1)]!
          : random.int(0, members.length - 1);
      if (someone !== index) searched.add(someone);
    }
    const times = [...searched].map(
      () => member.joinedMs + random.next() * (SEED_END - member.joinedMs),
    );
    for (const [k, someone] of [...searched].entries()) {
      const row: NewSearchHistoryRow = {
        id: timeOrderedId(times[k]!, random),
        user_id: member.id,
        searched_id: members[someone]!.id,
        created_at: iso(times[k]!),
      };
      await rows.add(row);
    }
  }
  return rows.flush();
}
