import {
  ACCOUNT_MESSAGES,
  type AccountSessions,
  type MessageResponse,
  SERVER_MESSAGES,
  SESSION_ACTIVITY_WRITE_MS,
} from '@hearth/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/users.js';
import { notFound } from '../../errors.js';
import type { EventBus } from '../../infra/bus/bus.js';
import { addMs, type Clock } from '../../infra/clock.js';
import { deviceName } from './device-name.js';
import { endOwnSession, liveSessionsOf, noteSessionActivity } from './sessions-repo.js';

/** A use of a session: the address it came from (when known), and where a failed note goes. */
export interface SessionUse {
  ip?: string | undefined;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Notes a session's activity and address once a minute at most (SESSION_ACTIVITY_WRITE_MS):
 * `activeAt`, read with the session, says whether a minute has passed, so most requests write
 * nothing. A failed write is logged: it never costs the request that used the session.
 */
export async function noteSessionUse(
  db: Db,
  sessionId: string,
  activeAt: string | null,
  now: Date,
  use: SessionUse,
): Promise<void> {
  const cutoffIso = addMs(now, -SESSION_ACTIVITY_WRITE_MS).toISOString();
  if (activeAt !== null && activeAt >= cutoffIso) return;
  try {
    await noteSessionActivity(db, sessionId, { nowIso: now.toISOString(), cutoffIso, ip: use.ip });
  } catch (error) {
    use.log.error({ err: error, sessionId }, 'could not note session activity');
  }
}

export interface SessionListDeps {
  db: Db;
  clock: Clock;
  /** Where ended sessions are announced, so their sockets close on every process. */
  bus: EventBus;
}

/**
 * Where you're logged in (API.md, One's own account): the member's sessions with their devices,
 * and ending any one of them, on every process at once.
 */
export class SessionList {
  constructor(private readonly deps: SessionListDeps) {}

  /** GET /users/sessions: the member's live sessions, the most recently active first. */
  async list(member: UserRow, currentSessionId: string): Promise<AccountSessions> {
    const now = this.deps.clock.now().toISOString();
    const rows = await liveSessionsOf(this.deps.db, member.id, now);
    return {
      sessions: rows.map((row) => ({
        id: row.id,
        device: deviceName(row.user_agent),
        ip: row.ip,
        createdAt: row.created_at,
        lastActiveAt: row.last_active_at ?? row.created_at,
        current: row.id === currentSessionId,
      })),
    };
  }

  /**
   * DELETE /users/sessions/:sessionId: that session ends (its row, and its IP address, go at
   * once) and its sockets close wherever they are. Someone else's session is as unknown as one
   * that never was: 404, and nothing ends. Ending the caller's own session is a logout.
   */
  async end(member: UserRow, sessionId: string): Promise<MessageResponse> {
    if (!(await endOwnSession(this.deps.db, member.id, sessionId))) {
      throw notFound(SERVER_MESSAGES.notFound);
    }
    await this.deps.bus.publish({ type: 'session.ended', userId: member.id, sessionId });
    return { message: ACCOUNT_MESSAGES.sessionEnded };
  }
}
