import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { forbidden } from '../../errors.js';
import { mailboxPage, toMailboxEntry } from './present.js';
import { recentMail } from './service.js';

const mailboxQuery = z.object({
  format: z.enum(['html', 'json']).default('html'),
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const MAILBOX_LOOPBACK_ONLY =
  'The dev mailbox is only shown on the machine Hearth runs on (http://localhost). Set SMTP_URL to send real mail.';

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 addresses. */
function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * A client on this machine, talking to the server directly: the connection comes from loopback
 * and carries no proxy's forwarding header (a reverse proxy on the same machine connects from
 * loopback on behalf of anyone).
 */
function fromThisMachine(request: FastifyRequest): boolean {
  return (
    isLoopbackAddress(request.socket.remoteAddress) &&
    isLoopbackAddress(request.ip) &&
    FORWARDING_HEADERS.every((name) => request.headers[name] === undefined)
  );
}

/**
 * GET /dev/mailbox: the outbox, newest first. Registered only while mail goes to the dev
 * outbox (no SMTP_URL) outside production, and answered only to this machine.
 */
export function devMailboxRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/mailbox',
      {
        schema: { hide: true, querystring: mailboxQuery },
        onRequest: async (request) => {
          if (!fromThisMachine(request)) throw forbidden(MAILBOX_LOOPBACK_ONLY);
        },
      },
      async (request, reply) => {
        const { format, to, limit } = request.query;
        const entries = (await recentMail(db, { limit, to })).map(toMailboxEntry);
        if (format === 'json') return entries;
        return reply.type('text/html; charset=utf-8').send(mailboxPage(entries));
      },
    );
  };
}
