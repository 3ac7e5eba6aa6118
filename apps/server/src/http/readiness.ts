import type { FastifyInstance } from 'fastify';

/** What must answer for this process to take traffic; each resolves or rejects. */
export type ReadinessChecks = Partial<
  Record<'database' | 'redis' | 'storage' | 'cards', () => Promise<unknown>>
>;

/** A check that has not answered by then counts as failing (a load balancer must not wait). */
export const READY_CHECK_TIMEOUT_MS = 2000;

/**
 * `GET /ready` (outside /api/v1): 200 `{ ok: true }` when every check answers in time, else 503
 * `{ ok: false, failing }` naming the ones that did not. `/api/v1/health` stays the cheap liveness.
 */
export function registerReadiness(
  app: FastifyInstance,
  checks: ReadinessChecks,
  timeoutMs = READY_CHECK_TIMEOUT_MS,
): void {
  const entries = Object.entries(checks).filter(
    (entry): entry is [string, () => Promise<unknown>] => entry[1] !== undefined,
  );
  // Not part of the API document (/api/docs): an operator's route, like /metrics.
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    const results = await Promise.all(
      entries.map(async ([name, check]) => ((await passes(check, timeoutMs)) ? null : name)),
    );
    const failing = results.filter((name): name is string => name !== null);
    if (failing.length > 0) return reply.code(503).send({ ok: false, failing });
    return { ok: true };
  });
}

async function passes(check: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      Promise.resolve()
        .then(check)
        .then(
          () => true,
          () => false,
        ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
