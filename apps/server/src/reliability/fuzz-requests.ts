import {
  API_PREFIX,
  ENDPOINTS,
  type EndpointName,
  REPORT_ACTIONS,
  REPORT_REASONS,
  ROLES,
  SIGNUP_MODES,
  UPLOAD_FILES_MAX,
} from '@hearth/contract';
import type { InjectOptions } from 'fastify';
import type { z } from 'zod';
import { multipartBody } from '../test-support/uploads.js';

/** What the fuzzer knows of the server's state, so some values are real and reach deep code. */
export interface FuzzWorld {
  ownerToken: string;
  /** Another verified member's session, and an unverified member's. */
  otherToken: string;
  unverifiedToken: string;
  /**
   * The host's staff (API.md, Hosts in charge): the moderation calls answer anyone else 404
   * before reading the request, so most of their requests are sent as one of these.
   */
  moderatorToken: string;
  adminToken: string;
  /** An applicant waiting for approval, and an admin's invite code. */
  applicantId: string;
  inviteCode: string;
  /**
   * Reports and moderation actions: the owner's open report of another member's post, that post,
   * and another member's comment on the owner's post, so the moderation calls reach their
   * handlers with ids that exist.
   */
  reportId: string;
  reportedPostId: string;
  commentId: string;
  ownerId: string;
  /**
   * A session of the owner's no token of the run uses (Where you're logged in): ending it
   * reaches the call's whole path, and leaves the run's members signed in.
   */
  spareSessionId: string;
  ownerEmail: string;
  ownerUsername: string;
  otherId: string;
  otherUsername: string;
  postId: string;
  /** The owner's conversation with the other member (API.md, Messages), and a message in it. */
  conversationId: string;
  messageId: string;
  uploadUrl: string;
  /** A small real JPEG: most uploads send junk, a few send this. */
  jpeg: Buffer;
}

/** One generated request and a short description of how it was made, for the failure report. */
export interface FuzzRequest {
  call: EndpointName;
  how: string[];
  options: InjectOptions;
}

type Random = () => number;

const int = (random: Random, below: number) => Math.floor(random() * below);
const pick = <T>(random: Random, items: readonly T[]): T => items[int(random, items.length)]!;
const chance = (random: Random, p: number) => random() < p;

/** Nested `depth` times: `[[[…]]]` or `{"a":{"a":…}}`, built iteratively. */
function nested(depth: number, asObject: boolean): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = asObject ? { a: value } : [value];
  return value;
}

const LONE_SURROGATES = ['\uD800', '\uDFFF', 'a\uD83Db', '\uDC00\uD800', 'x\uDBFF'];

/** Strings that have broken servers: control characters, lone surrogates, sizes, encodings. */
function badString(random: Random): string {
  switch (int(random, 24)) {
    case 0:
      return '';
    case 1:
      return 'x'.repeat(pick(random, [65, 201, 256, 2049, 8001, 100_000]));
    case 2:
      return `a\u0000b`;
    case 3:
      return '\u0000';
    case 4:
      return pick(random, LONE_SURROGATES);
    case 5:
      return `${'é'.repeat(50)}\uD800`;
    case 6:
      return '   ';
    case 7:
      return "' OR 1=1 --";
    case 8:
      return '../../../etc/passwd';
    case 9:
      return '%00%ff%';
    case 10:
      return '<script>alert(1)</script>';
    case 11:
      return '\u202e\u200b\ufeff';
    case 12:
      return '🙂'.repeat(int(random, 300) + 1);
    case 13:
      return '00000000-0000-0000-0000-000000000000';
    case 14:
      return '018f0000-0000-7000-8000-000000000000';
    case 15:
      return 'NaN';
    case 16:
      return '1e309';
    case 17:
      return '\r\n\t\u0007\u001b[31m';
    case 18:
      return 'a'.repeat(int(random, 70));
    case 19:
      return '*/*';
    case 20:
      return 'ünïcödé/*';
    case 21:
      return pick(random, ['%', '_', '\\', '%_\\%', 'a%b_c']);
    case 22:
      return pick(random, ['Zoé Benali', 'ZOE', 'zoé', ' z ', 'ǅemal', 'ﬀ', 'İ']);
    default:
      return Buffer.from(JSON.stringify({ t: 'x', id: 1, c: null })).toString('base64url');
  }
}

/** Any value of the wrong kind, or of the right kind and a bad content. */
function badValue(random: Random): unknown {
  switch (int(random, 14)) {
    case 0:
      return null;
    case 1:
      return pick(random, [true, false]);
    case 2:
      return pick(random, [0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 2 ** 31, -0]);
    case 3:
      return [];
    case 4:
      return {};
    case 5:
      return nested(pick(random, [50, 500, 3000]), chance(random, 0.5));
    case 6:
      return Array.from({ length: pick(random, [11, 1000, 20_000]) }, (_, i) => i);
    case 7:
      return { url: badString(random) };
    case 8:
      return [{ url: badString(random) }, badString(random)];
    case 9:
      return JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}');
    default:
      return badString(random);
  }
}

/** A plausible value for a field the table's schemas name, so a request gets past the first check. */
function plausible(field: string, world: FuzzWorld, random: Random): unknown {
  switch (field) {
    case 'email':
      return pick(random, [world.ownerEmail, 'nobody@example.test']);
    case 'password':
    case 'confPassword':
      return 'secret-pass1';
    // The members' own password (test factories), or a wrong one.
    case 'currentPassword':
      return pick(random, ['secret-pass1', 'not-the-password']);
    case 'first_name':
    case 'last_name':
      return 'Zoé';
    case 'bYear':
      return 1990;
    case 'bMonth':
    case 'bDay':
      return 2;
    case 'gender':
      return 'female';
    // A reset code, an authenticator's code, a recovery code.
    case 'code':
      return pick(random, ['ABCDE', '123456', 'ABCDE-FGHJK']);
    // A login's second step: no ticket the run sends is valid (they would need the password).
    case 'ticket':
      return pick(random, ['not-a-ticket', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln']);
    case 'token':
      return 'not-a-link-token';
    // One of the login footer's languages, a tag the list lacks, or a near miss.
    case 'language':
      return pick(random, ['fr', 'ar', 'ja', 'en', 'pt-br', 'xx']);
    case 'postId':
      return world.postId;
    case 'react':
      return pick(random, ['like', 'love', 'haha', 'sad', 'angry', 'wow']);
    case 'comment':
    case 'text':
      return 'Hello';
    case 'image':
    case 'url':
      return pick(random, [world.uploadUrl, '']);
    case 'images':
      return pick(random, [[], [{ url: world.uploadUrl }], null]);
    case 'background':
      return pick(random, [null, '/backgrounds/3.svg', '../../images/3.jpg']);
    case 'type':
      return null;
    case 'user':
    case 'searchUser':
      return pick(random, [world.otherId, world.ownerId]);
    case 'infos':
      return { bio: 'Hi', relationship: pick(random, ['Single', '', 'nope']) };
    case 'path':
      return pick(random, [`${world.ownerUsername}/*`, `${world.otherUsername}/*`]);
    case 'sort':
      return pick(random, ['asc', 'desc']);
    case 'max':
      return pick(random, [1, 30]);
    case 'cursor':
      return badCursor(random, world);
    case 'on':
    case 'muted':
      return pick(random, [true, false]);
    // Messages: members to start a conversation with or to add, a folder of the list.
    case 'memberIds':
    case 'add':
      return pick(random, [
        [world.otherId],
        [world.ownerId],
        [world.otherId, world.applicantId],
        [],
      ]);
    case 'folder':
      return pick(random, ['inbox', 'requests', 'spam']);
    case 'audience':
    case 'defaultAudience':
      return pick(random, ['public', 'members', 'friends', 'only_me', 'everyone']);
    case 'friendRequestsFrom':
      return pick(random, ['everyone', 'friends_of_friends', 'public']);
    case 'friendsListVisibleTo':
      return pick(random, ['public', 'friends', 'only_me', 'members']);
    // Who may join: the settings, roles, invites and decisions.
    case 'signupMode':
      return pick(random, [...SIGNUP_MODES, 'nope']);
    case 'name':
      return pick(random, ['Hearth', 'Riverside neighbours']);
    case 'description':
    case 'privacyPolicy':
      return 'About us.';
    case 'rules':
      return pick(random, [[], ['Be kind'], ['Be kind', 'No ads']]);
    case 'blockedEmailDomains':
      return pick(random, [[], ['spam.test'], ['@Spam.TEST', 'spam.test', 'mail.spam.test.']]);
    case 'membersMayInvite':
    case 'approve':
      return pick(random, [true, false]);
    case 'role':
      return pick(random, [...ROLES, 'owner']);
    case 'uses':
      return pick(random, [1, 5, 0]);
    case 'expiresInDays':
      return pick(random, [1, 7, 31]);
    // An application's or an action's reason (any text), or a report's (one of the list).
    case 'reason':
      return pick(random, ['My neighbours are here.', ...REPORT_REASONS, 'nope']);
    case 'details':
      return pick(random, ['Sells watches.', '']);
    case 'action':
      return pick(random, [...REPORT_ACTIONS, 'ban']);
    case 'target':
      return pick<unknown>(random, [
        { postId: pick(random, [world.postId, world.reportedPostId]) },
        { commentId: world.commentId },
        { userId: pick(random, [world.otherId, world.ownerId]) },
        { messageId: pick(random, [world.messageId, world.postId]) },
        { postId: world.postId, userId: world.otherId },
        { messageId: world.messageId, postId: world.postId },
        { postId: badString(random) },
        { messageId: badValue(random) },
        { commentId: badValue(random) },
      ]);
    case 'invite':
      return pick(random, [world.inviteCode, world.inviteCode.toLowerCase(), 'NOPE1234']);
    default:
      return 'x';
  }
}

function badCursor(random: Random, world: FuzzWorld): string {
  return pick(random, [
    world.postId,
    '2026-01-01T00:00:00.000Z',
    `2026-01-01T00:00:00.000Z|${world.postId}`,
    `9999-99-99T99:99:99.999Z_${world.postId}`,
    Buffer.from(JSON.stringify({ createdAt: 'x', id: 1 })).toString('base64url'),
    Buffer.from('\u0000\uD800').toString('base64'),
    '!!!!',
    '-1',
    'x'.repeat(199),
    'x'.repeat(201),
    badString(random),
  ]);
}

/** The field names of a body schema of the table (objects, refined objects, intersections). */
export function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const s = schema as unknown as {
    shape?: Record<string, unknown>;
    _zod?: { def?: { left?: z.ZodType; right?: z.ZodType; innerType?: z.ZodType; in?: z.ZodType } };
  };
  if (s.shape) return Object.keys(s.shape);
  const def = s._zod?.def;
  if (!def) return [];
  if (def.left && def.right) return [...fieldsOf(def.left), ...fieldsOf(def.right)];
  return fieldsOf(def.innerType ?? def.in);
}

/** An object from the schema's fields, each plausible or bad, some left out, some added. */
function fuzzObject(fields: string[], world: FuzzWorld, random: Random, how: string[]): unknown {
  const body: Record<string, unknown> = {};
  if (fields.length > 0 && chance(random, 0.5)) {
    // All plausible but one field, mostly a string of bad content: reaches the handler and SQL.
    const target = pick(random, fields);
    for (const field of fields) body[field] = plausible(field, world, random);
    body[target] = chance(random, 0.7) ? badString(random) : badValue(random);
    how.push(`${target}: the one bad field`);
    return body;
  }
  for (const field of fields) {
    const roll = random();
    if (roll < 0.1) {
      how.push(`${field}: left out`);
    } else if (roll < 0.45) {
      body[field] = badValue(random);
      how.push(`${field}: bad`);
    } else {
      body[field] = plausible(field, world, random);
    }
  }
  if (chance(random, 0.1)) {
    body[badString(random).slice(0, 40) || 'extra'] = badValue(random);
    how.push('extra field');
  }
  return body;
}

/** Bodies no schema can describe: broken JSON, other types, sizes, encodings. */
function rawBody(
  random: Random,
  how: string[],
): { payload: string | Buffer; contentType?: string } {
  const kind = int(random, 16);
  how.push(`raw body ${kind}`);
  switch (kind) {
    case 0:
      return { payload: '{', contentType: 'application/json' };
    case 1:
      return { payload: '{"a":', contentType: 'application/json' };
    case 2:
      return { payload: 'nul', contentType: 'application/json' };
    case 3:
      return { payload: '[1,2,]', contentType: 'application/json' };
    case 4:
      return { payload: '"\\ud800"', contentType: 'application/json' };
    case 5:
      return { payload: '{"a":"\\u0000"}', contentType: 'application/json; charset=utf-16' };
    case 6:
      return {
        payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
        contentType: 'application/json',
      };
    case 7:
      return {
        payload: pick(random, ['[]', '1', '"x"', 'null', 'true']),
        contentType: 'application/json',
      };
    case 8:
      // Over Fastify's 1 MiB body limit.
      return {
        payload: JSON.stringify({ text: 'x'.repeat(1_100_000) }),
        contentType: 'application/json',
      };
    case 9:
      return { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' };
    case 10:
      return { payload: '<a>1</a>', contentType: pick(random, ['application/xml', 'text/plain']) };
    case 11:
      return { payload: 'garbage', contentType: 'multipart/form-data' };
    case 12:
      return {
        payload: Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
        contentType: 'application/json',
      };
    case 13:
      return {
        payload: Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28]),
        contentType: 'application/json',
      };
    case 14:
      return {
        payload: '{}',
        contentType: pick(random, ['', 'application/json; charset=latin1', 'x/y; a=']),
      };
    default:
      return { payload: '{"a":1}' };
  }
}

/** A multipart body for the upload call: paths, files and framing, right and wrong. */
function fuzzUpload(world: FuzzWorld, random: Random, how: string[]) {
  const paths = [
    `${world.ownerUsername}/post_images`,
    `${world.ownerUsername}/post_images/${world.postId}`,
    `${world.ownerUsername}/profile_pictures`,
    `${world.otherUsername}/post_images`,
    `${world.ownerUsername}/../${world.otherUsername}/post_images`,
    badString(random),
  ];
  const parts: Parameters<typeof multipartBody>[0] = [];
  if (!chance(random, 0.1)) parts.push({ name: 'path', value: pick(random, paths) });
  const files = pick(random, [0, 1, 1, 2, UPLOAD_FILES_MAX + 1]);
  for (let i = 0; i < files; i++) {
    const bytes = pick(random, [
      Buffer.alloc(0),
      Buffer.from('not an image'),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      Buffer.from('GIF89a\u0001\u0000\u0001\u0000'),
      world.jpeg.subarray(0, Math.max(1, int(random, world.jpeg.length))),
      world.jpeg,
    ]);
    parts.push({
      name: chance(random, 0.9) ? 'file' : badString(random).slice(0, 30) || 'other',
      filename: pick(random, ['photo.jpg', '', '../../x.png', 'a\u0000b.gif', 'é.webp']),
      bytes,
      contentType: pick(random, ['image/jpeg', 'application/octet-stream', 'text/html']),
    });
  }
  if (chance(random, 0.3)) parts.push({ name: 'path', value: pick(random, paths) });
  const { payload, contentType } = multipartBody(parts);
  how.push(`multipart: ${parts.length} parts`);
  const framing = int(random, 8);
  if (framing === 0) {
    how.push('truncated');
    return { payload: payload.subarray(0, int(random, payload.length)), contentType };
  }
  if (framing === 1) {
    how.push('wrong boundary');
    return { payload, contentType: 'multipart/form-data; boundary=nope' };
  }
  return { payload, contentType };
}

/** Real values of the path parameters the table names, so handlers are reached. */
function realParameter(param: string, world: FuzzWorld, random: Random): string {
  switch (param) {
    case 'postId':
      return pick(random, [world.postId, world.reportedPostId]);
    case 'commentId':
      return world.commentId;
    case 'reportId':
      return world.reportId;
    case 'conversationId':
      return world.conversationId;
    case 'messageId':
      return world.messageId;
    case 'userId':
    case 'id':
      return pick(random, [world.otherId, world.ownerId, world.applicantId]);
    case 'code':
      return world.inviteCode;
    case 'sessionId':
      return world.spareSessionId;
    // No address is refused when the run starts (the run deletes no member it acts as).
    case 'blockId':
      return '018f0000-0000-7000-8000-000000000000';
    case 'username':
    case 'searchTerm':
      return pick(random, [world.ownerUsername, world.otherUsername]);
    default:
      return world.postId;
  }
}

/** Path parameters: real ids, junk, broken percent-encodings, too long. */
function fuzzSegment(param: string, world: FuzzWorld, random: Random, how: string[]): string {
  const roll = int(random, 12);
  switch (roll) {
    case 0:
      return encodeURIComponent(realParameter(param, world, random));
    case 1:
      return encodeURIComponent(world.otherId);
    case 2:
      return encodeURIComponent(
        pick(random, [
          world.ownerUsername,
          world.applicantId,
          world.inviteCode,
          world.reportId,
          world.commentId,
        ]),
      );
    case 3:
      how.push('bad %-encoding');
      return pick(random, ['%', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%FF', '%2F..%2F']);
    case 4:
      how.push('NUL segment');
      return '%00';
    case 5:
      how.push('long segment');
      return 'a'.repeat(pick(random, [65, 101, 600, 5000]));
    case 6:
      return '..';
    default: {
      how.push('bad segment');
      const text = badString(random);
      // A lone surrogate cannot be URI-encoded: send its UTF-8 bytes as they would arrive.
      try {
        return encodeURIComponent(text) || '%20';
      } catch {
        return '%ED%A0%80';
      }
    }
  }
}

/** A query string: the call's own keys with bad values, repeated keys, keys it does not know. */
function fuzzQuery(world: FuzzWorld, random: Random, how: string[], keys: string[]): string {
  if (chance(random, 0.3)) return '';
  const pairs: string[] = [];
  const value = () => {
    const v = pick(random, [
      '0',
      '-1',
      '1.5',
      'abc',
      '1e309',
      '99999999999999999999',
      '',
      '%00',
      '%ED%A0%80',
      '%',
    ]);
    return v;
  };
  if (chance(random, 0.7)) pairs.push(`limit=${value()}`);
  if (chance(random, 0.7)) {
    const cursor = badCursor(random, world);
    let encoded: string;
    try {
      encoded = encodeURIComponent(cursor);
    } catch {
      encoded = '%ED%A0%80';
    }
    pairs.push(`cursor=${encoded}`);
  }
  // A search term of the call's own (the moderation's member search), bad or not.
  if (keys.includes('q') && chance(random, 0.6)) {
    let term: string;
    try {
      term = encodeURIComponent(badString(random));
    } catch {
      term = '%ED%A0%80';
    }
    pairs.push(`q=${term}`);
  }
  // The reports queue's status, right or wrong.
  if (keys.includes('status') && chance(random, 0.7)) {
    pairs.push(`status=${pick(random, ['open', 'resolved', 'closed', '', '%00'])}`);
  }
  if (chance(random, 0.2)) pairs.push('limit=1', 'limit=2');
  if (chance(random, 0.2)) pairs.push('cursor[]=a', 'limit[x]=1');
  if (chance(random, 0.1)) pairs.push(`x=${'y'.repeat(10_000)}`);
  how.push(`query ${pairs.length}`);
  return pairs.join('&');
}

/**
 * Who the request claims to be: mostly the owner, sometimes nobody or a broken header; for a
 * call of the host's staff, half the time a moderator or an admin, so bad input reaches it.
 */
function fuzzAuthorization(
  world: FuzzWorld,
  random: Random,
  how: string[],
  staffCall: boolean,
): string | undefined {
  if (staffCall && chance(random, 0.5)) {
    const admin = chance(random, 0.6);
    how.push(admin ? 'as the admin' : 'as the moderator');
    return `Bearer ${admin ? world.adminToken : world.moderatorToken}`;
  }
  const roll = random();
  if (roll < 0.65) return `Bearer ${world.ownerToken}`;
  if (roll < 0.7) return `Bearer ${world.otherToken}`;
  if (roll < 0.75) return `Bearer ${world.unverifiedToken}`;
  if (roll < 0.85) return undefined;
  how.push('bad authorization');
  return pick(random, [
    'Bearer ',
    'Bearer x.y.z',
    `Bearer ${world.ownerToken}x`,
    `Bearer ${world.ownerToken.split('.').slice(0, 2).join('.')}.`,
    'Bearer eyJhbGciOiJub25lIn0.eyJ1c2VySWQiOiJ4In0.',
    `Basic ${Buffer.from('a:b').toString('base64')}`,
    `bearer ${world.ownerToken}`,
    'Bearer a'.repeat(2000),
  ]);
}

/** Headers beside the body's: encodings, origins, cookies, proxies, what the client accepts. */
function fuzzHeaders(random: Random, how: string[]): Record<string, string> {
  if (chance(random, 0.8)) return {};
  const header = pick<Record<string, string>>(random, [
    { 'content-encoding': pick(random, ['gzip', 'deflate', 'br', 'x-nope']) },
    {
      'accept-encoding': pick(random, [
        'gzip;q=abc, *',
        'br, gzip, deflate',
        'identity;q=0',
        '*;q=0',
      ]),
    },
    { accept: pick(random, ['text/html', 'application/xml', '*/*;q=x', '']) },
    { origin: pick(random, ['null', 'http://evil.test', 'http://hearth.test', '%%%']) },
    { 'x-forwarded-for': pick(random, ['garbage', '1.2.3.4, ::1', '']) },
    {
      cookie: pick(random, [
        'hearth_device=%%%',
        'hearth_device=',
        `hearth_device=${'a'.repeat(5000)}`,
        'hearth_device=a.b.c; hearth_device=d',
      ]),
    },
  ]);
  how.push(`header ${Object.keys(header)[0]}`);
  return header;
}

const NAMES = Object.keys(ENDPOINTS) as EndpointName[];
/** Access of the calls only the host's staff (or an allowed inviter) get past. */
const STAFF_ACCESS: readonly string[] = ['moderator', 'admin', 'inviter'];

/**
 * Calls that delete the member their path names, for good, or suspend them (every session
 * ended, everything they made hidden) (API.md, Hosts in charge).
 */
const ENDS_ACCOUNTS: ReadonlySet<EndpointName> = new Set(['deleteMember', 'suspendMember']);

/** Calls that delete the caller's own account when their password is right. */
const ENDS_OWN_ACCOUNT: ReadonlySet<EndpointName> = new Set(['deleteAccount']);

/**
 * The run acts as its members to the end: a call deleting the caller's own account never
 * carries the members' password (the handler is still reached: a wrong password is its 400).
 */
function spareOwnAccount(call: EndpointName, body: unknown): unknown {
  if (!ENDS_OWN_ACCOUNT.has(call) || typeof body !== 'object' || body === null) return body;
  const fields = body as Record<string, unknown>;
  // The members' own password (test factories), as `plausible` sends it.
  if (fields.currentPassword !== 'secret-pass1') return body;
  return { ...fields, currentPassword: 'not-the-password' };
}

/** The i-th request of a run: a call of the table and every part of it fuzzed. */
export function fuzzRequest(world: FuzzWorld, random: Random): FuzzRequest {
  const call = pick(random, NAMES);
  const spec = ENDPOINTS[call] as (typeof ENDPOINTS)[EndpointName] & {
    body?: z.ZodType;
    query?: z.ZodType;
    multipart?: true;
  };
  const how: string[] = [];
  const path = spec.path.replace(/:([A-Za-z]+)/g, (_, param: string) => {
    const segment = fuzzSegment(param, world, random, how);
    // The run acts as its members to the end: a deletion or a suspension names the applicant
    // (404) instead.
    const spared = ENDS_ACCOUNTS.has(call) && [world.ownerId, world.otherId].includes(segment);
    return spared ? world.applicantId : segment;
  });
  const query =
    'query' in spec || chance(random, 0.1)
      ? fuzzQuery(world, random, how, fieldsOf(spec.query))
      : '';
  const url = `${API_PREFIX}${path}${query ? `?${query}` : ''}`;

  const headers: Record<string, string> = fuzzHeaders(random, how);
  const staffCall = STAFF_ACCESS.includes(spec.access);
  const authorization = fuzzAuthorization(world, random, how, staffCall);
  if (authorization) headers.authorization = authorization;

  let payload: string | Buffer | undefined;
  if (spec.multipart && chance(random, 0.8)) {
    const body = fuzzUpload(world, random, how);
    payload = body.payload;
    headers['content-type'] = body.contentType;
  } else if (
    chance(random, 0.25) ||
    (spec.method !== 'GET' && spec.method !== 'DELETE' && !spec.body)
  ) {
    const body = rawBody(random, how);
    payload = body.payload;
    if (body.contentType !== undefined) headers['content-type'] = body.contentType;
  } else if (spec.body || chance(random, 0.1)) {
    payload = JSON.stringify(
      chance(random, 0.1)
        ? badValue(random)
        : spareOwnAccount(call, fuzzObject(fieldsOf(spec.body), world, random, how)),
    );
    headers['content-type'] = 'application/json';
  }
  // GET and DELETE carry a body only now and then (a client bug, or an attack).
  if ((spec.method === 'GET' || spec.method === 'DELETE') && payload !== undefined) {
    if (chance(random, 0.7)) {
      payload = undefined;
      delete headers['content-type'];
    } else {
      how.push('body on a GET/DELETE');
    }
  }
  // Now and then a method the path does not take.
  let method: InjectOptions['method'] = spec.method;
  if (chance(random, 0.03)) {
    method = pick(random, ['PATCH', 'OPTIONS', 'POST', 'DELETE'] as const);
    how.push(`method ${method}`);
  }
  return {
    call,
    how,
    options: {
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
    },
  };
}
