import { SERVER_MESSAGES } from '@hearth/contract';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/users.js';
import { unauthenticated } from '../../errors.js';
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

/** Reads the bearer token, if any, for every API request; refusing is left to requireMember. */
export function identifyMember(auth: AuthService) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    if (header === undefined) return;
    const token = BEARER.exec(header)?.[1];
    if (!token) {
      request.authFailure = SERVER_MESSAGES.unauthenticated;
      return;
    }
    const result = await auth.authenticate(token);
    if ('member' in result) {
      request.member = result.member;
      request.sessionId = result.sessionId;
    } else {
      request.authFailure = result.failure;
    }
  };
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
