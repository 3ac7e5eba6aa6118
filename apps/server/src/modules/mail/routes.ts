import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { mailboxPage, toMailboxEntry } from './present.js';
import { recentMail } from './service.js';

const mailboxQuery = z.object({
  format: z.enum(['html', 'json']).default('html'),
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** GET /dev/mailbox: the outbox, newest first. Never registered in production. */
export function devMailboxRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/mailbox',
      { schema: { hide: true, querystring: mailboxQuery } },
      async (request, reply) => {
        const { format, to, limit } = request.query;
        const entries = (await recentMail(db, { limit, to })).map(toMailboxEntry);
        if (format === 'json') return entries;
        return reply.type('text/html; charset=utf-8').send(mailboxPage(entries));
      },
    );
  };
}
