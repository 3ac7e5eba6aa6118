import {
  COOKIE_NAMES,
  firstPictureOf,
  type PictureRequest,
  type Post,
  WEB_FEED_PAGE_SIZE,
} from '@hearth/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Limit } from '../config.js';
import { DomainError } from '../errors.js';
import { limitHook } from '../infra/limits/rate-limits.js';
import type { AuthService } from '../modules/auth/service.js';
import type { PostReader } from '../modules/posts/reader.js';
import { cookieValue } from './web-app.js';

/** What a signed-in member's home page carries for them (web-app.ts writes it into the page). */
export interface MemberHome {
  memberId: string;
  /** The first feed page exactly as `GET /api/v1/posts?limit=10` answers the member: JSON. */
  postsJson: string;
  nextCursor: string | null;
  /** How the first card asks for its first picture, preloaded by the page's head. */
  firstPicture: PictureRequest | undefined;
}

/** The member home of a page request, or null: no session cookie, a refused one, any failure. */
export type MemberHomeSource = (request: FastifyRequest) => Promise<MemberHome | null>;

/**
 * Reads the signed-in member's first feed page for their home page `/` (the phone issue): the
 * session from the `user` cookie the web app keeps (the token its API calls carry, checked as
 * those are: signature, expiry, a live session, a member neither suspended nor deleted), the page
 * through the same reader, the same visibility rule and the same card cache as the feed's API
 * call. Each page so made counts against its own per-member limit (the API's default figures);
 * over it, or on any failure, the page goes without, and the app asks the API as it always did.
 */
export function memberHomeSource(
  app: FastifyInstance,
  deps: { auth: AuthService; reader: PostReader; limit: Limit },
): MemberHomeSource {
  const members = new WeakMap<FastifyRequest, string>();
  const limited = limitHook(app, 'home', deps.limit, (request) => members.get(request));
  return async (request) => {
    const token = sessionToken(request.headers.cookie);
    if (!token) return null;
    try {
      const result = await deps.auth.authenticate(token, { ip: request.ip, log: request.log });
      if (!('member' in result)) return null;
      const member = result.member;
      members.set(request, member.id);
      await limited(request);
      const page = await deps.reader.feed(member, { limit: WEB_FEED_PAGE_SIZE });
      const postsJson = page.json.toString('utf8');
      const first = firstPostOf(postsJson);
      return {
        memberId: member.id,
        postsJson,
        nextCursor: page.nextCursor ?? null,
        firstPicture: first ? firstPictureOf(first) : undefined,
      };
    } catch (error) {
      // Over the limit, or the database is away: the page as for anyone, the app will ask.
      if (!(error instanceof DomainError && error.kind === 'tooManyRequests')) {
        request.log.warn({ err: error }, 'the home page goes without the member’s feed');
      }
      return null;
    }
  };
}

/** The token in the `user` cookie (the web app's session: JSON, URI-encoded), if any. */
export function sessionToken(cookieHeader: string | undefined): string | undefined {
  const session = cookieValue(cookieHeader, COOKIE_NAMES.user);
  if (session === undefined) return undefined;
  try {
    const token = (JSON.parse(session) as { token?: unknown } | null)?.token;
    return typeof token === 'string' && token.length > 0 ? token : undefined;
  } catch {
    return undefined;
  }
}

/** The first post of a page's JSON (an array of posts), without its comments or the others. */
function firstPostOf(json: string): Pick<Post, 'images' | 'type'> | undefined {
  const posts = JSON.parse(json) as Pick<Post, 'images' | 'type'>[];
  return posts[0];
}
