import rateLimit from '@fastify/rate-limit';
import { tooManyRequestsMessage } from '@hearth/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Limit } from '../../config.js';
import { DomainError } from '../../errors.js';

/** In-memory counters by default; shared through Redis across processes when one is given. */
export async function registerRateLimitStore(
  app: FastifyInstance,
  redis: Redis | undefined,
  keyPrefix: string,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // A Redis outage should slow nobody down: limits fail open rather than failing requests.
    skipOnError: true,
    cache: 50_000,
    ...(redis ? { redis, nameSpace: `${keyPrefix}rate-limit:` } : {}),
  });
}

/** What a limit counts by (an IP, an e-mail, a member id); undefined skips the limit. */
export type LimitKey = (request: FastifyRequest) => string | undefined;

export type LimitHook = (request: FastifyRequest) => Promise<void>;

/**
 * One named limit as a hook. Several can guard one route (per IP and per account): each keeps
 * its own counters because its name is part of every key.
 */
export function limitHook(
  app: FastifyInstance,
  name: string,
  limit: Limit,
  keyOf: LimitKey,
): LimitHook {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${name}:${keyOf(request) ?? ''}`,
  });
  return async (request) => {
    if (keyOf(request) === undefined) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new DomainError(
        'tooManyRequests',
        tooManyRequestsMessage(result.ttl),
        result.ttlInSeconds,
      );
    }
  };
}

export const byIp: LimitKey = (request) => request.ip;

/** The request body's e-mail, lower-cased; only meaningful after validation (preHandler). */
export const byBodyEmail: LimitKey = (request) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.toLowerCase() : undefined;
};
