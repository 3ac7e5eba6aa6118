import { SERVER_MESSAGES } from '@hearth/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/users.js';
import { unauthenticated } from '../../errors.js';
import type { Clock } from '../../infra/clock.js';
import { touchStaffActivity } from '../community/staff-activity.js';
import type { AuthService } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member behind a valid bearer token, fresh from the database. */
    member: UserRow | null;
    /** The session that token names, while it lives (logout ends it). */
    sessionId: string | null;
    /** Why a bearer token was refused, for the 401 of a route that needs a member. */
    authFailure: string | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Reads the bearer token, if any, for every API request; refusing is left to requireMember.
 * A moderator's or admin's request also notes their activity in `staff.db` (at most every few
 * minutes; members' requests write nothing), which keeps `open` sign-up open.
 */
export function identifyMember(auth: AuthService, staff: { db: Db; clock: Clock }) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    if (header === undefined) return;
    const token = BEARER.exec(header)?.[1];
    if (!token) {
      request.authFailure = SERVER_MESSAGES.unauthenticated;
      return;
    }
    const result = await auth.authenticate(token, { ip: request.ip, log: request.log });
    if ('member' in result) {
      request.member = result.member;
      request.sessionId = result.sessionId;
      await noteStaffActivity(staff, request);
    } else {
      request.authFailure = result.failure;
    }
  };
}

/** A failed write is logged, never the request's failure. */
async function noteStaffActivity(
  staff: { db: Db; clock: Clock },
  request: FastifyRequest,
): Promise<void> {
  if (!request.member) return;
  try {
    await touchStaffActivity(staff.db, request.member, staff.clock.now());
  } catch (error) {
    request.log.error({ err: error }, 'could not note staff activity');
  }
}

export async function requireMember(request: FastifyRequest): Promise<void> {
  if (!request.member)
    throw unauthenticated(request.authFailure ?? SERVER_MESSAGES.unauthenticated);
}

/** The session of the signed-in member; only for routes guarded by requireMember. */
export function sessionOf(request: FastifyRequest): string {
  if (!request.sessionId) throw unauthenticated(SERVER_MESSAGES.unauthenticated);
  return request.sessionId;
}

/** The signed-in member; only for routes guarded by requireMember. */
export function memberOf(request: FastifyRequest): UserRow {
  if (!request.member) throw unauthenticated(SERVER_MESSAGES.unauthenticated);
  return request.member;
}
