import { randomBytes } from 'node:crypto';
import {
  API_PREFIX,
  callPath,
  ROUTES,
  type Route,
  type SessionUser,
  STREAMING_PATH,
} from '@hearth/contract';
import { Redis } from 'ioredis';
import { expect } from 'vitest';

// The calls of the endpoint table over real HTTP, as the web client makes them, for the tests
// that talk to built server processes (directly or through a proxy) rather than `app.inject`.

/** Where the calls go: a server process, or a proxy in front of several. */
export interface Target {
  url: string;
}

export interface CallAnswer {
  status: number;
  body: unknown;
}

/** One call of the endpoint table, as the web client makes it. */
export async function call(
  target: Target,
  route: Route,
  options: {
    token?: string;
    params?: Record<string, string>;
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
): Promise<CallAnswer> {
  const res = await fetch(`${target.url}${API_PREFIX}${callPath(route, options)}`, {
    method: route.method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** The live-updates socket's address on the target. */
export function streamingUrl(target: Target): string {
  return `${target.url.replace(/^http:/, 'ws:')}${API_PREFIX}${STREAMING_PATH}`;
}

/** The call's answer, failing the test unless its status is the expected one. */
export async function expectStatus(status: number, answer: Promise<CallAnswer>): Promise<unknown> {
  const res = await answer;
  if (res.status !== status) {
    throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return res.body;
}

export interface Member {
  id: string;
  token: string;
  email: string;
  username: string;
}

export const MEMBER_PASSWORD = 'a-good-password';

/** An e-mail no other member of the run has. */
export function freshEmail(first: string): string {
  return `${first.toLowerCase()}.${randomBytes(4).toString('hex')}@example.test`;
}

/** The register call's body, as the sign-up form sends it. */
export function signUpForm(first: string, last: string, email: string) {
  return {
    first_name: first,
    last_name: last,
    email,
    password: MEMBER_PASSWORD,
    bYear: 1990,
    bMonth: 1,
    bDay: 1,
    gender: 'female',
  };
}

/** A sign-up (201) with an e-mail of its own; the member is not activated yet. */
export async function signUp(
  target: Target,
  first: string,
  last: string,
  headers: Record<string, string> = {},
): Promise<Member> {
  const email = freshEmail(first);
  const body = (await expectStatus(
    201,
    call(target, ROUTES.register, { body: signUpForm(first, last, email), headers }),
  )) as SessionUser;
  return { id: body.id, token: body.token, email, username: body.username };
}

/**
 * Waits, with the socket's deadline, for the message the action causes: the deadline runs from
 * before the request is sent, so it covers the request, the commit and the trip through Redis to
 * whichever process holds the socket.
 */
export async function heardWithin<T>(
  heard: Promise<T>,
  action: () => Promise<unknown>,
): Promise<T> {
  const [message] = await Promise.all([heard, action()]);
  return message;
}

/**
 * Health answers before a process's bus has subscribed: waits until Redis counts `count`
 * subscribers of the run's channel, since pub/sub keeps nothing for a process not yet listening.
 */
export async function waitForBusSubscribers(
  redisUrl: string,
  keyPrefix: string,
  count: number,
): Promise<void> {
  const admin = new Redis(redisUrl);
  try {
    const channel = `${keyPrefix}events`;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [, subscribers] = (await admin.pubsub('NUMSUB', channel)) as [string, number];
      if (Number(subscribers) === count) return;
      if (Date.now() > deadline) throw new Error(`${channel}: ${subscribers} subscribers`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    admin.disconnect();
  }
}

/** Deletes the keys a run wrote under its own prefix (rate limits…). */
export async function deleteRedisKeys(redisUrl: string, keyPrefix: string): Promise<void> {
  const admin = new Redis(redisUrl);
  try {
    const keys = await admin.keys(`${keyPrefix}*`);
    if (keys.length > 0) await admin.del(...keys);
  } finally {
    admin.disconnect();
  }
}

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** What others do to a member, through some process, and the notification it must bring her. */
export interface NotifyingStep {
  act: () => Promise<unknown>;
  /** What the notification message's payload must contain. */
  heard: Record<string, unknown>;
}

/**
 * The three notifications the author of `postId` gets in turn, each call made through `via` and
 * answered 200: a love from `reactor`, a comment from `commenter`, a friend request from `asker`.
 * Her unread count climbs 1, 2, 3.
 */
export function reactCommentAsk(options: {
  via: Target;
  author: Member;
  postId: string;
  reactor: Member;
  commenter: Member;
  asker: Member;
  comment: string;
}): NotifyingStep[] {
  const { via, author, postId, reactor, commenter, asker, comment } = options;
  return [
    {
      act: () =>
        expectStatus(
          200,
          call(via, ROUTES.react, { token: reactor.token, body: { postId, react: 'love' } }),
        ),
      heard: {
        unreadCount: 1,
        notification: { type: 'react', react: 'love', actor: { _id: reactor.id } },
      },
    },
    {
      act: () =>
        expectStatus(
          200,
          call(via, ROUTES.comment, { token: commenter.token, body: { postId, comment } }),
        ),
      heard: {
        unreadCount: 2,
        notification: { type: 'comment', comment, actor: { _id: commenter.id } },
      },
    },
    {
      act: () =>
        expectStatus(
          200,
          call(via, ROUTES.addFriend, { token: asker.token, params: { id: author.id } }),
        ),
      heard: { unreadCount: 3, notification: { type: 'friendRequest', actor: { _id: asker.id } } },
    },
  ];
}

/**
 * Runs the steps in turn. `listen` is called before each step's request is sent and gives the
 * messages that step must cause (one per socket listening); each must carry the step's payload.
 */
export async function expectHeardInTurn(
  listen: () => Promise<{ payload?: unknown }[]>,
  steps: NotifyingStep[],
): Promise<void> {
  for (const step of steps) {
    const messages = await heardWithin(listen(), step.act);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message.payload).toMatchObject(step.heard);
  }
}
