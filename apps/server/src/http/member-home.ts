import {
  COOKIE_NAMES,
  firstPictureOf,
  type PictureRequest,
  type Post,
  type SessionUser,
  sessionUserSchema,
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
  /** The page's posts, for the home's first screen drawn into the page. */
  posts: Post[];
  /** When the page was made (ms since the epoch): its relative times are as of then. */
  renderedAt: number;
  /**
   * The member as the web app's `user` cookie holds them (what the app's own first render
   * draws the header with), its token left out; only when the cookie is this member's.
   */
  user: SessionUser | undefined;
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
    const session = cookieSession(request.headers.cookie);
    const token = session?.token;
    if (!token) return null;
    try {
      const result = await deps.auth.authenticate(token, { ip: request.ip, log: request.log });
      if (!('member' in result)) return null;
      const member = result.member;
      members.set(request, member.id);
      await limited(request);
      const page = await deps.reader.feed(member, { limit: WEB_FEED_PAGE_SIZE });
      const postsJson = page.json.toString('utf8');
      const posts = JSON.parse(postsJson) as Post[];
      const first = posts[0];
      const user = sessionUserSchema.safeParse(session);
      return {
        memberId: member.id,
        postsJson,
        nextCursor: page.nextCursor ?? null,
        firstPicture: first ? firstPictureOf(first) : undefined,
        posts,
        renderedAt: Date.now(),
        user: user.success && user.data.id === member.id ? { ...user.data, token: '' } : undefined,
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
  return cookieSession(cookieHeader)?.token;
}

/** The `user` cookie's session object when it carries a token. */
function cookieSession(
  cookieHeader: string | undefined,
): (Record<string, unknown> & { token: string }) | undefined {
  const session = cookieValue(cookieHeader, COOKIE_NAMES.user);
  if (session === undefined) return undefined;
  try {
    const parsed = JSON.parse(session) as unknown;
    if (!parsed || typeof parsed !== 'object') return undefined;
    const token = (parsed as { token?: unknown }).token;
    return typeof token === 'string' && token.length > 0
      ? (parsed as Record<string, unknown> & { token: string })
      : undefined;
  } catch {
    return undefined;
  }
}
