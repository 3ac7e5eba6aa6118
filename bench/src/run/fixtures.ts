import { NEXT_CURSOR_HEADER } from '@hearth/contract';
import { type Db, openSessions, SessionTokens, systemClock } from '@hearth/server/seeding';
import { Random, WeightedPicker } from '../seed/random.js';
import { BENCH_JWT_SECRET } from './server-process.js';

/** A member the load acts as, with a session opened the way login opens one. */
export interface Actor {
  id: string;
  username: string;
  token: string;
}

export interface MemberName {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  picture: string;
}

/** A session of each member, as login would open it (a `sessions` row and its token). */
export function openBenchSessions(db: Db, userIds: readonly string[]): Promise<string[]> {
  return openSessions(db, new SessionTokens(BENCH_JWT_SECRET, systemClock), userIds);
}

/** What the scenarios pick their members, posts and targets from. */
export interface Fixtures {
  actors: Actor[];
  members: MemberName[];
  /** Picks profile targets: half uniformly, half by followers (popular profiles get visited). */
  popularity: WeightedPicker;
  /**
   * The newest posts every actor may see: what members see, react to and comment on (shared with
   * every member, by authors outside any block).
   */
  recentPosts: string[];
  /** Pairs of members with a block between them (`a|b`, the smaller id first). */
  blockedPairs: Set<string>;
  /** Second feed pages: a member and the cursor their first page ended with. */
  cursors: Array<{ actor: Actor; cursor: string }>;
  /** Pairs of actors with no relation yet, each to be used once. */
  strangerPairs: Array<[Actor, Actor]>;
  /**
   * Conversations of two the load sends messages in (the sender a member of it): one per
   * actor of the first `CONVERSATION_ACTORS`, with the next actor, started before the load.
   */
  conversations: Array<{ sender: Actor; conversationId: string }>;
  /** Seeded pending requests: the receiver (signed in) may accept the requester. */
  pendingRequests: Array<{ receiver: Actor; requesterId: string }>;
  searchTerms: string[];
}

const ACTORS = 3_000;
const RECENT_POSTS = 20_000;
const CURSOR_ACTORS = 300;
/**
 * Actors who each start a conversation with the next one before the load: every idle socket's
 * member (the first 1 000 actors) is then in two conversations.
 */
const CONVERSATION_ACTORS = 1_000;
const PENDING = 5_000;
const STRANGER_PAIRS = 20_000;
const SEARCH_TERMS = 5_000;

/** Reads what the load needs from the run's database and opens sessions for the actors. */
export async function loadFixtures(db: Db, baseUrl: string): Promise<Fixtures> {
  const random = new Random('bench/fixtures');
  const sign = async (
    chosen: ReadonlyArray<{ id: string; username: string }>,
  ): Promise<Actor[]> => {
    const tokens = await openBenchSessions(
      db,
      chosen.map((member) => member.id),
    );
    return chosen.map((member, i) => ({
      id: member.id,
      username: member.username,
      token: tokens[i]!,
    }));
  };

  const members = await db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'picture'])
    .orderBy('id')
    .execute();
  const actorIndexes = new Set<number>();
  while (actorIndexes.size < Math.min(ACTORS, members.length)) {
    actorIndexes.add(random.int(0, members.length - 1));
  }
  const actors = await sign([...actorIndexes].map((i) => members[i]!));

  const followerCounts = new Map(
    (
      await db
        .selectFrom('follows')
        .select(['followee_id', (eb) => eb.fn.countAll<number>().as('followers')])
        .groupBy('followee_id')
        .execute()
    ).map((row) => [row.followee_id, Number(row.followers)]),
  );
  const meanFollowers = Math.max(
    1,
    [...followerCounts.values()].reduce((a, b) => a + b, 0) / members.length,
  );
  const popularity = new WeightedPicker(
    members.map((m) => 1 + (followerCounts.get(m.id) ?? 0) / meanFollowers),
  );

  const blockedPairs = new Set(
    (await db.selectFrom('blocks').select(['blocker_id', 'blocked_id']).execute()).map((row) =>
      pairKey(row.blocker_id, row.blocked_id),
    ),
  );
  const recentPosts = (
    await db
      .selectFrom('posts')
      .select('id')
      .where('deleted_at', 'is', null)
      .where('audience', 'in', ['public', 'members'])
      .where((eb) =>
        eb.not(
          eb.or([
            eb('user_id', 'in', eb.selectFrom('blocks').select('blocker_id')),
            eb('user_id', 'in', eb.selectFrom('blocks').select('blocked_id')),
          ]),
        ),
      )
      .orderBy('id', 'desc')
      .limit(RECENT_POSTS)
      .execute()
  ).map((row) => row.id);

  const actorIds = actors.map((a) => a.id);
  const related = new Set(
    (
      await db
        .selectFrom('friendships')
        .select(['low_id', 'high_id'])
        .where('low_id', 'in', actorIds)
        .where('high_id', 'in', actorIds)
        .execute()
    ).map((row) => `${row.low_id}|${row.high_id}`),
  );
  const strangerPairs: Array<[Actor, Actor]> = [];
  // A block answers a friend request with an error: blocked pairs are not strangers to ask.
  const used = new Set<string>([...related, ...blockedPairs]);
  for (
    let tries = 0;
    strangerPairs.length < STRANGER_PAIRS && tries < STRANGER_PAIRS * 5;
    tries++
  ) {
    const a = random.pick(actors);
    const b = random.pick(actors);
    const key = pairKey(a.id, b.id);
    if (a.id === b.id || used.has(key)) continue;
    used.add(key);
    strangerPairs.push([a, b]);
  }

  const byId = new Map(members.map((m) => [m.id, m]));
  const pendingRows = await db
    .selectFrom('friendships')
    .select(['low_id', 'high_id', 'requester_id'])
    .where('status', '=', 'requested')
    .orderBy('low_id')
    .orderBy('high_id')
    .limit(PENDING)
    .execute();
  const receivers = await sign(
    pendingRows.map((row) => byId.get(row.requester_id === row.low_id ? row.high_id : row.low_id)!),
  );
  const pendingRequests = pendingRows.map((row, i) => ({
    receiver: receivers[i]!,
    requesterId: row.requester_id,
  }));

  const searchTerms = Array.from({ length: SEARCH_TERMS }, () =>
    searchTerm(random, random.pick(members)),
  );
  const cursors = await firstPageCursors(baseUrl, actors.slice(0, CURSOR_ACTORS));
  const conversations = await startConversations(
    baseUrl,
    actors.slice(0, CONVERSATION_ACTORS + 1),
    blockedPairs,
  );
  return {
    actors,
    members,
    popularity,
    recentPosts,
    blockedPairs,
    cursors,
    strangerPairs,
    pendingRequests,
    searchTerms,
    conversations,
  };
}

/**
 * Each actor but the last starts a conversation with the next (a pair blocked either way is
 * skipped) and sends one message in it, a few at a time, through the API.
 */
async function startConversations(
  baseUrl: string,
  actors: Actor[],
  blockedPairs: ReadonlySet<string>,
): Promise<Fixtures['conversations']> {
  const pairs: Array<[Actor, Actor]> = [];
  for (let i = 0; i + 1 < actors.length; i += 1) {
    const [a, b] = [actors[i]!, actors[i + 1]!];
    if (!blockedPairs.has(pairKey(a.id, b.id))) pairs.push([a, b]);
  }
  const call = async (actor: Actor, path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${actor.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { _id: string };
  };
  const conversations: Fixtures['conversations'] = [];
  for (let start = 0; start < pairs.length; start += 8) {
    const batch = pairs.slice(start, start + 8);
    conversations.push(
      ...(await Promise.all(
        batch.map(async ([sender, other]) => {
          const { _id } = await call(sender, '/messages/conversations', { memberIds: [other.id] });
          await call(sender, `/messages/conversations/${_id}/messages`, { text: 'Hello!' });
          return { sender, conversationId: _id };
        }),
      )),
    );
  }
  return conversations;
}

/** Two members' ids as one key, the smaller first (as friendships key their pairs). */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** What a member types while looking someone up: the first letters of a name. */
function searchTerm(random: Random, member: MemberName): string {
  const roll = random.next();
  const name =
    roll < 0.45
      ? member.first_name
      : roll < 0.8
        ? member.last_name
        : roll < 0.9
          ? member.username
          : `${member.first_name} ${member.last_name}`;
  return name.slice(0, Math.min(name.length, random.int(1, 6)));
}

async function firstPageCursors(baseUrl: string, actors: Actor[]) {
  const cursors: Fixtures['cursors'] = [];
  // A few at a time: the server is warming up, not under load yet.
  for (let start = 0; start < actors.length; start += 8) {
    const batch = actors.slice(start, start + 8);
    const answers = await Promise.all(
      batch.map(async (actor) => {
        const res = await fetch(`${baseUrl}/api/v1/posts?limit=20`, {
          headers: { authorization: `Bearer ${actor.token}` },
        });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`feed for the cursor fixtures answered ${res.status}`);
        return { actor, cursor: res.headers.get(NEXT_CURSOR_HEADER) };
      }),
    );
    for (const { actor, cursor } of answers) if (cursor) cursors.push({ actor, cursor });
  }
  if (cursors.length === 0) throw new Error('no member has a second feed page');
  return cursors;
}
