import { BUILTIN_BACKGROUNDS, REACTIONS } from '@hearth/contract';
import type autocannon from 'autocannon';
import { Random, WeightedPicker } from '../seed/random.js';
import { commentText, postText } from '../seed/vocabulary.js';
import { type Actor, type Fixtures, pairKey } from './fixtures.js';

export const SCENARIO_NAMES = [
  'health',
  'feed',
  'feedNext',
  'profile',
  'search',
  'getReacts',
  'react',
  'comment',
  'message',
  'createPost',
  'friendship',
  'mixed',
] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

export interface Scenario {
  name: ScenarioName;
  title: string;
  /** Each request of the list is sent in turn by every connection. */
  requests(): autocannon.Request[];
}

interface Call {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  actor?: Actor;
  body?: unknown;
}

/** What a browser sends (Chromium adds zstd and deflate, which the server need not speak). */
export const BROWSER_ACCEPT_ENCODING = 'br, gzip';

function toRequest(
  call: Call,
  context: Record<string, unknown>,
  acceptEncoding: string | null,
): autocannon.Request {
  context.sent = `${call.method} ${call.path}`;
  const headers: Record<string, string> = {};
  if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
  if (call.actor) headers.authorization = `Bearer ${call.actor.token}`;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  return {
    method: call.method,
    path: `/api/v1${call.path}`,
    headers,
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
  };
}

/** Takes each item once, in order; counts what it could not give. */
class Pool<T> {
  private next = 0;
  exhausted = 0;

  constructor(private readonly items: readonly T[]) {}

  take(): T {
    const item = this.items[this.next % this.items.length];
    this.next += 1;
    if (this.next > this.items.length) this.exhausted += 1;
    if (item === undefined) throw new Error('an empty pool');
    return item;
  }
}

/** Where non-2xx answers are kept (a few examples) so a report can say what went wrong. */
export interface Failures {
  examples: string[];
}

/**
 * Every scenario of the issue over one server's fixtures. Requests ask for compressed answers
 * as browsers do (`Accept-Encoding: br, gzip`) unless `acceptEncoding` is null.
 */
export function scenarios(
  fixtures: Fixtures,
  failures: Failures,
  options: { searchAvailable: boolean; acceptEncoding?: string | null },
): Map<ScenarioName, Scenario> {
  const encoding =
    options.acceptEncoding === undefined ? BROWSER_ACCEPT_ENCODING : options.acceptEncoding;
  const random = new Random('bench/load');
  const strangers = new Pool(fixtures.strangerPairs);
  const pending = new Pool(fixtures.pendingRequests);
  const actor = () => random.pick(fixtures.actors);
  const post = () => random.pick(fixtures.recentPosts);

  const reads = {
    feed: (): Call => ({ method: 'GET', path: '/posts?limit=20', actor: actor() }),
    feedNext: (): Call => {
      const { actor: reader, cursor } = random.pick(fixtures.cursors);
      return { method: 'GET', path: `/posts?limit=20&cursor=${cursor}`, actor: reader };
    },
    profile: (): Call => {
      const reader = actor();
      // A profile across a block answers 404, as an unknown name does: another target then.
      for (;;) {
        const target = random.chance(0.5)
          ? random.pick(fixtures.members)
          : fixtures.members[fixtures.popularity.pick(random)]!;
        if (fixtures.blockedPairs.has(pairKey(reader.id, target.id))) continue;
        return { method: 'GET', path: `/users/getProfile/${target.username}`, actor: reader };
      }
    },
    search: (): Call => ({
      method: 'POST',
      path: `/users/search/${encodeURIComponent(random.pick(fixtures.searchTerms))}`,
      actor: actor(),
    }),
    getReacts: (): Call => ({ method: 'GET', path: `/posts/getReacts/${post()}`, actor: actor() }),
  };
  const writes = {
    react: (): Call => ({
      method: 'PUT',
      path: '/posts/postReacts',
      actor: actor(),
      body: { react: random.pick(REACTIONS), postId: post() },
    }),
    comment: (): Call => ({
      method: 'PUT',
      path: '/posts/comment',
      actor: actor(),
      body: { comment: commentText(random), image: '', postId: post() },
    }),
    message: (): Call => {
      const { sender, conversationId } = random.pick(fixtures.conversations);
      return {
        method: 'POST',
        path: `/messages/conversations/${conversationId}/messages`,
        actor: sender,
        body: { text: commentText(random) },
      };
    },
    createPost: (): Call => {
      const background = random.chance(0.2) ? random.pick(BUILTIN_BACKGROUNDS) : null;
      return {
        method: 'POST',
        path: '/posts',
        actor: actor(),
        body: { type: null, text: postText(random), background, images: [] },
      };
    },
    addFriend: (context: Record<string, unknown>): Call => {
      const [asker, asked] = strangers.take();
      context.pair = [asker, asked];
      return { method: 'PUT', path: `/users/addFriend/${asked.id}`, actor: asker };
    },
    acceptPending: (): Call => {
      const { receiver, requesterId } = pending.take();
      return { method: 'PUT', path: `/users/acceptRequest/${requesterId}`, actor: receiver };
    },
  };

  const onResponse = (status: number, body: string, context: object) => {
    if (status >= 200 && status < 300) return;
    if (failures.examples.length < 5) {
      const sent = (context as Record<string, unknown>).sent;
      failures.examples.push(`${status} ${String(sent)}: ${body.slice(0, 200)}`);
    }
  };
  const single = (make: (context: Record<string, unknown>) => Call) => (): autocannon.Request[] => [
    {
      setupRequest: (_request, context) =>
        toRequest(
          make(context as Record<string, unknown>),
          context as Record<string, unknown>,
          encoding,
        ),
      onResponse,
    },
  ];

  // Roughly a social network's traffic: nine reads for one write.
  const searchShare = options.searchAvailable ? 10 : 0;
  const mixed = new WeightedPicker([35, 10, 20, searchShare, 15, 5, 3, 1, 0.5, 0.5]);
  const mixedCalls: Array<(context: Record<string, unknown>) => Call> = [
    reads.feed,
    reads.feedNext,
    reads.profile,
    reads.search,
    reads.getReacts,
    writes.react,
    writes.comment,
    writes.createPost,
    writes.addFriend,
    writes.acceptPending,
  ];

  const list: Scenario[] = [
    {
      name: 'health',
      title: 'ceiling: GET /health',
      requests: single(() => ({ method: 'GET', path: '/health' })),
    },
    { name: 'feed', title: 'home feed, 20 posts', requests: single(reads.feed) },
    { name: 'feedNext', title: 'feed next page (cursor)', requests: single(reads.feedNext) },
    { name: 'profile', title: 'getProfile', requests: single(reads.profile) },
    { name: 'search', title: 'search by prefix', requests: single(reads.search) },
    { name: 'getReacts', title: 'getReacts', requests: single(reads.getReacts) },
    { name: 'react', title: 'react (write)', requests: single(writes.react) },
    { name: 'comment', title: 'comment (write)', requests: single(writes.comment) },
    { name: 'message', title: 'send a message (write)', requests: single(writes.message) },
    { name: 'createPost', title: 'create post (write)', requests: single(writes.createPost) },
    {
      name: 'friendship',
      title: 'add + accept friend (writes)',
      // Each connection asks a stranger, then that stranger accepts.
      requests: () => [
        {
          setupRequest: (_request, context) => {
            const ctx = context as Record<string, unknown>;
            return toRequest(writes.addFriend(ctx), ctx, encoding);
          },
          onResponse,
        },
        {
          setupRequest: (_request, context) => {
            const ctx = context as Record<string, unknown>;
            const [asker, asked] = ctx.pair as [Actor, Actor];
            return toRequest(
              { method: 'PUT', path: `/users/acceptRequest/${asker.id}`, actor: asked },
              ctx,
              encoding,
            );
          },
          onResponse,
        },
      ],
    },
    {
      name: 'mixed',
      title: 'mixed: 90 % reads, 10 % writes',
      requests: single((context) => mixedCalls[mixed.pick(random)]!(context)),
    },
  ];
  return new Map(list.map((scenario) => [scenario.name, scenario]));
}
