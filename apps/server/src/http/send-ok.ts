import type { FastifyReply } from 'fastify';

/**
 * The spec's 'ok', as the JSON string "ok". Fastify sends a string with a JSON content type as
 * already serialized text (and a bare string as text/plain), so it is serialized here.
 */
export async function sendOk(reply: FastifyReply, answer: Promise<'ok'>) {
  const ok = await answer;
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(ok) as typeof ok);
}
