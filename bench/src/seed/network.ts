import type { GENDERS } from '@hearth/contract';
import { usernameBase } from '@hearth/server/seeding';
import { type Random, timeOrderedId, WeightedPicker } from './random.js';
import { DAY_MS, NETWORK_AGE_MS, type NetworkSize, SEED_END } from './sizes.js';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES, UNISEX_NAMES } from './vocabulary.js';

/** One seeded member, before it is written. Index order is join order is id order. */
export interface MemberPlan {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  gender: (typeof GENDERS)[number];
  joinedMs: number;
}

/** Friend relations as parallel arrays, sorted by (low, high) member index. */
export interface Relations {
  low: Int32Array;
  high: Int32Array;
  /** 1 for a pending request, 0 for friends. */
  requested: Uint8Array;
  /** 1 when the high side asked. */
  askedByHigh: Uint8Array;
  createdMs: Float64Array;
  updatedMs: Float64Array;
}

/** Who follows whom, sorted by (follower, followee). */
export interface Follows {
  follower: Int32Array;
  followee: Int32Array;
  createdMs: Float64Array;
}

/** Who blocked whom, sorted by (blocker, blocked); one row per direction, as the server keeps them. */
export interface Blocks {
  blocker: Int32Array;
  blocked: Int32Array;
  createdMs: Float64Array;
}

/** Members of each member, as one list: list[start[i] .. start[i+1]) belong to member i. */
export interface MemberLists {
  start: Int32Array;
  list: Int32Array;
}

/** The shape of the network: who its members are, who knows whom, and when things happen. */
export interface NetworkPlan {
  size: NetworkSize;
  members: MemberPlan[];
  celebrities: number[];
  relations: Relations;
  follows: Follows;
  /** followersOf[start[i] .. start[i+1]) are the members following member i. */
  followers: MemberLists;
  /** friends.list[start[i] .. start[i+1]) are member i's friends (accepted, not requested). */
  friends: MemberLists;
  /** Pairs with no friendship, request or follow either way: a block ends those on the server. */
  blocks: Blocks;
  /** How much each member posts, relative to the others. */
  activity: Float64Array;
}

export const DEMO_MEMBER = { firstName: 'Demo', lastName: 'Member', gender: 'female' } as const;

// Most members have tens to a few hundred friends; a few (0.1 %, at least two) have thousands.
const FRIENDS_MEDIAN = 35;
const FRIENDS_SIGMA = 0.9;
const FRIENDS_MAX_ORDINARY = 400;
const CELEBRITY_SHARE = 0.001;
const CELEBRITY_FRIENDS = [2_000, 5_000] as const;
const DEMO_FRIENDS = 150;
const PENDING_SHARE = 0.04;
const DEMO_PENDING_RECEIVED = 3;
/** Members who are not friends with a celebrity still follow each one with this probability. */
const CELEBRITY_FOLLOW = 0.15;
/** About 2 % of members block someone (at least one member in any network)… */
const BLOCKER_SHARE = 0.02;
/** …one to three members each, most often one. */
const BLOCKS_PER_BLOCKER = [1, 1, 1, 2, 2, 3] as const;
/** How long ago blocks were made, on average: most are recent. */
const BLOCK_AGE_MEAN_MS = 90 * DAY_MS;

export function planNetwork(seed: Random, size: NetworkSize): NetworkPlan {
  const members = planMembers(seed.fork('members'), size.members);
  const celebrities = pickCelebrities(seed.fork('celebrities'), size.members);
  const relations = planRelations(seed.fork('relations'), members, celebrities);
  const follows = planFollows(seed.fork('follows'), members, celebrities, relations);
  const followers = followersIndex(members.length, follows);
  const activity = planActivity(seed.fork('activity'), members.length, celebrities);
  const friends = friendsIndex(members.length, relations);
  // Its own stream: the rest of the network is the same with or without blocks.
  const blocks = planBlocks(seed.fork('blocks'), members, relations, follows, activity);
  return { size, members, celebrities, relations, follows, followers, friends, blocks, activity };
}

function planMembers(random: Random, count: number): MemberPlan[] {
  const joined = new Float64Array(count);
  const start = SEED_END - NETWORK_AGE_MS;
  // Everyone joined at least 30 days before the end, so each has a history.
  for (let i = 0; i < count; i++)
    joined[i] = start + random.next() * (NETWORK_AGE_MS - 30 * DAY_MS);
  joined.sort();
  const taken = new Map<string, number>();
  const members: MemberPlan[] = [];
  for (let i = 0; i < count; i++) {
    // Strictly increasing milliseconds keep index order and id order the same.
    const previous = members[i - 1]?.joinedMs ?? 0;
    const joinedMs = Math.max(Math.floor(joined[i]!), previous + 1);
    const { firstName, lastName, gender } = i === 0 ? DEMO_MEMBER : randomName(random);
    const base = usernameBase(firstName, lastName);
    // The server's own rule: the base, then base1, base2… (nextFreeUsername).
    const seen = taken.get(base) ?? 0;
    taken.set(base, seen + 1);
    members.push({
      id: timeOrderedId(joinedMs, random),
      firstName,
      lastName,
      username: seen === 0 ? base : `${base}${seen}`,
      gender,
      joinedMs,
    });
  }
  return members;
}

function randomName(random: Random): Omit<MemberPlan, 'id' | 'username' | 'joinedMs'> {
  const roll = random.next();
  const lastName = random.pick(SURNAMES);
  if (roll < 0.48) return { firstName: random.pick(FEMALE_NAMES), lastName, gender: 'female' };
  if (roll < 0.96) return { firstName: random.pick(MALE_NAMES), lastName, gender: 'male' };
  return { firstName: random.pick(UNISEX_NAMES), lastName, gender: 'custom' };
}

function pickCelebrities(random: Random, count: number): number[] {
  const wanted = Math.min(count - 1, Math.max(2, Math.round(count * CELEBRITY_SHARE)));
  const chosen = new Set<number>();
  // Never the demo member (index 0): its network is fixed in size.
  while (chosen.size < wanted) chosen.add(random.int(1, count - 1));
  return [...chosen].sort((a, b) => a - b);
}

function friendTargets(random: Random, count: number, celebrities: number[]): Int32Array {
  const degree = new Int32Array(count);
  // In a small network nobody knows everyone: at most 30 % of the members.
  const cap = Math.max(1, Math.floor((count - 1) * 0.3));
  for (let i = 0; i < count; i++) {
    const ordinary = Math.round(random.logNormal(FRIENDS_MEDIAN, FRIENDS_SIGMA));
    degree[i] = Math.min(cap, Math.max(1, Math.min(FRIENDS_MAX_ORDINARY, ordinary)));
  }
  for (const celebrity of celebrities) {
    degree[celebrity] = Math.min(cap, random.int(...CELEBRITY_FRIENDS));
  }
  degree[0] = Math.min(cap, DEMO_FRIENDS);
  return degree;
}

/**
 * Pairs members by the configuration model: each member gets as many "stubs" as friends wanted,
 * the stubs are shuffled and paired; loops and repeated pairs are dropped.
 */
function planRelations(random: Random, members: MemberPlan[], celebrities: number[]): Relations {
  const count = members.length;
  const degree = friendTargets(random, count, celebrities);
  let stubCount = 0;
  for (const d of degree) stubCount += d;
  const stubs = new Int32Array(stubCount);
  let at = 0;
  for (let i = 0; i < count; i++) for (let k = 0; k < degree[i]!; k++) stubs[at++] = i;
  random.shuffle(stubs);
  const keys = new Set<number>();
  for (let k = 0; k + 1 < stubs.length; k += 2) {
    const a = stubs[k]!;
    const b = stubs[k + 1]!;
    if (a === b) continue;
    keys.add(a < b ? a * count + b : b * count + a);
  }
  const sorted = Float64Array.from(keys).sort();
  const size = sorted.length;
  const relations: Relations = {
    low: new Int32Array(size),
    high: new Int32Array(size),
    requested: new Uint8Array(size),
    askedByHigh: new Uint8Array(size),
    createdMs: new Float64Array(size),
    updatedMs: new Float64Array(size),
  };
  let demoPendingReceived = 0;
  for (let e = 0; e < size; e++) {
    const key = sorted[e]!;
    const low = Math.floor(key / count);
    const high = key - low * count;
    relations.low[e] = low;
    relations.high[e] = high;
    relations.askedByHigh[e] = random.chance(0.5) ? 1 : 0;
    // The demo member has a few requests waiting, so the friends page shows some.
    const demoReceives = low === 0 && demoPendingReceived < DEMO_PENDING_RECEIVED;
    const pending = demoReceives || (low !== 0 && random.chance(PENDING_SHARE));
    if (demoReceives) {
      demoPendingReceived += 1;
      relations.askedByHigh[e] = 1;
    }
    const bothJoined = Math.max(members[low]!.joinedMs, members[high]!.joinedMs);
    if (pending) {
      relations.requested[e] = 1;
      const created = Math.max(bothJoined, SEED_END - random.exponential(10 * DAY_MS));
      relations.createdMs[e] = created;
      relations.updatedMs[e] = created;
    } else {
      const created = bothJoined + random.next() * (SEED_END - bothJoined) * 0.5;
      relations.createdMs[e] = created;
      relations.updatedMs[e] = Math.min(SEED_END, created + random.exponential(2 * DAY_MS));
    }
  }
  return relations;
}

/** Friends follow each other, a requester follows whom they asked, and many follow celebrities. */
function planFollows(
  random: Random,
  members: MemberPlan[],
  celebrities: number[],
  relations: Relations,
): Follows {
  const count = members.length;
  // Each directed pair comes up once: relations are distinct pairs, celebrity follows skip them.
  const keys: number[] = [];
  const times: number[] = [];
  const add = (follower: number, followee: number, ms: number) => {
    keys.push(follower * count + followee);
    times.push(ms);
  };
  const related = new Set<number>();
  for (let e = 0; e < relations.low.length; e++) {
    const low = relations.low[e]!;
    const high = relations.high[e]!;
    related.add(low * count + high);
    if (relations.requested[e] === 1) {
      const asker = relations.askedByHigh[e] === 1 ? high : low;
      add(asker, asker === low ? high : low, relations.createdMs[e]!);
    } else {
      add(low, high, relations.updatedMs[e]!);
      add(high, low, relations.updatedMs[e]!);
    }
  }
  for (const celebrity of celebrities) {
    for (let member = 0; member < count; member++) {
      if (member === celebrity) continue;
      const pair = member < celebrity ? member * count + celebrity : celebrity * count + member;
      if (related.has(pair) || !random.chance(CELEBRITY_FOLLOW)) continue;
      const since = Math.max(members[member]!.joinedMs, members[celebrity]!.joinedMs);
      add(member, celebrity, since + random.next() * (SEED_END - since));
    }
  }
  const order = Int32Array.from(keys.keys()).sort((a, b) => keys[a]! - keys[b]!);
  const follows: Follows = {
    follower: new Int32Array(order.length),
    followee: new Int32Array(order.length),
    createdMs: new Float64Array(order.length),
  };
  for (let f = 0; f < order.length; f++) {
    const key = keys[order[f]!]!;
    const follower = Math.floor(key / count);
    follows.follower[f] = follower;
    follows.followee[f] = key - follower * count;
    follows.createdMs[f] = times[order[f]!]!;
  }
  return follows;
}

function followersIndex(count: number, follows: Follows): MemberLists {
  const start = new Int32Array(count + 1);
  for (const followee of follows.followee) start[followee + 1]! += 1;
  for (let i = 0; i < count; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, count);
  const list = new Int32Array(follows.followee.length);
  for (let f = 0; f < follows.followee.length; f++) {
    const followee = follows.followee[f]!;
    list[fill[followee]!++] = follows.follower[f]!;
  }
  return { start, list };
}

function friendsIndex(count: number, relations: Relations): MemberLists {
  const start = new Int32Array(count + 1);
  for (let e = 0; e < relations.low.length; e++) {
    if (relations.requested[e] === 1) continue;
    start[relations.low[e]! + 1]! += 1;
    start[relations.high[e]! + 1]! += 1;
  }
  for (let i = 0; i < count; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, count);
  const list = new Int32Array(start[count]!);
  for (let e = 0; e < relations.low.length; e++) {
    if (relations.requested[e] === 1) continue;
    const low = relations.low[e]!;
    const high = relations.high[e]!;
    list[fill[low]!++] = high;
    list[fill[high]!++] = low;
  }
  return { start, list };
}

/** Where (a, b) is in two parallel arrays sorted by (first, second), or -1. */
function pairIndex(first: Int32Array, second: Int32Array, a: number, b: number): number {
  let low = 0;
  let high = first.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const order = first[middle]! - a || second[middle]! - b;
    if (order === 0) return middle;
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** Whether members a and b are friends (an accepted relation, not a request). */
export function areFriends(plan: Pick<NetworkPlan, 'relations'>, a: number, b: number): boolean {
  const { relations } = plan;
  const e = pairIndex(relations.low, relations.high, Math.min(a, b), Math.max(a, b));
  return e >= 0 && relations.requested[e] === 0;
}

/**
 * A few members block one to three others. The blocked are met through posts and comments, so
 * drawn by activity; only pairs with nothing between them (no friendship, request or follow
 * either way), as the server's block call leaves them. The demo member neither blocks nor is
 * blocked: their pages show the network without the rule's block clauses.
 */
function planBlocks(
  random: Random,
  members: MemberPlan[],
  relations: Relations,
  follows: Follows,
  activity: Float64Array,
): Blocks {
  const count = members.length;
  const rows: Array<{ blocker: number; blocked: number; ms: number }> = [];
  if (count < 3) return toBlocks(rows);
  const wanted = Math.min(count - 1, Math.max(1, Math.round(count * BLOCKER_SHARE)));
  const blockers = new Set<number>();
  while (blockers.size < wanted) blockers.add(random.int(1, count - 1));
  const picker = new WeightedPicker(activity);
  const unrelated = (a: number, b: number) =>
    pairIndex(relations.low, relations.high, Math.min(a, b), Math.max(a, b)) < 0 &&
    pairIndex(follows.follower, follows.followee, a, b) < 0 &&
    pairIndex(follows.follower, follows.followee, b, a) < 0;
  for (const blocker of [...blockers].sort((a, b) => a - b)) {
    const chosen = new Set<number>();
    const target = random.pick(BLOCKS_PER_BLOCKER);
    for (let tries = 0; chosen.size < target && tries < target * 50; tries++) {
      const blocked = picker.pick(random);
      if (blocked === 0 || blocked === blocker || chosen.has(blocked)) continue;
      if (!unrelated(blocker, blocked)) continue;
      chosen.add(blocked);
    }
    for (const blocked of [...chosen].sort((a, b) => a - b)) {
      const since = Math.max(members[blocker]!.joinedMs, members[blocked]!.joinedMs);
      const ms = Math.max(since, SEED_END - random.exponential(BLOCK_AGE_MEAN_MS));
      rows.push({ blocker, blocked, ms: Math.floor(ms) });
    }
  }
  return toBlocks(rows);
}

function toBlocks(rows: Array<{ blocker: number; blocked: number; ms: number }>): Blocks {
  const blocks: Blocks = {
    blocker: new Int32Array(rows.length),
    blocked: new Int32Array(rows.length),
    createdMs: new Float64Array(rows.length),
  };
  for (const [k, row] of rows.entries()) {
    blocks.blocker[k] = row.blocker;
    blocks.blocked[k] = row.blocked;
    blocks.createdMs[k] = row.ms;
  }
  return blocks;
}

function planActivity(random: Random, count: number, celebrities: number[]): Float64Array {
  const activity = new Float64Array(count);
  for (let i = 0; i < count; i++) activity[i] = random.logNormal(1, 1);
  for (const celebrity of celebrities) activity[celebrity]! *= 4;
  activity[0] = Math.max(activity[0]!, 2);
  return activity;
}

/** Post authors and times, oldest first: authors drawn by activity, times after they joined. */
export function planPostSchedule(
  random: Random,
  plan: NetworkPlan,
): { author: Int32Array; createdMs: Float64Array } {
  const total = plan.size.posts;
  const picker = new WeightedPicker(plan.activity);
  const order = new Array<{ author: number; ms: number }>(total);
  for (let p = 0; p < total; p++) {
    const author = picker.pick(random);
    const joined = plan.members[author]!.joinedMs;
    order[p] = { author, ms: Math.floor(joined + random.next() * (SEED_END - joined)) };
  }
  order.sort((a, b) => a.ms - b.ms);
  const author = new Int32Array(total);
  const createdMs = new Float64Array(total);
  for (let p = 0; p < total; p++) {
    author[p] = order[p]!.author;
    createdMs[p] = order[p]!.ms;
  }
  return { author, createdMs };
}

/**
 * Splits `total` among items in proportion to their weights, in whole numbers that add up to
 * exactly `total` (rounding the running sum).
 */
export function apportion(total: number, weights: Float64Array): Int32Array {
  let sum = 0;
  for (const w of weights) sum += w;
  const counts = new Int32Array(weights.length);
  let running = 0;
  let given = 0;
  for (let i = 0; i < weights.length; i++) {
    running += weights[i]!;
    const upTo = Math.round((running / sum) * total);
    counts[i] = upTo - given;
    given = upTo;
  }
  return counts;
}
