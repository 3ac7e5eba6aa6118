import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import type { MailTransport, OutgoingMail } from '../infra/mail/mail-transport.js';
import { createMailQueue } from '../modules/mail/service.js';
import { TestClock } from '../test-support/test-clock.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { exponentialBackoff, MailDelivery } from './mail-delivery.js';

// Fastify's logger when logging is off: a no-op with the full interface.
const silent = Fastify({ logger: false }).log;

/** Takes `delayMs` per mail and remembers what it sent. */
function slowTransport(sent: OutgoingMail[], delayMs = 5): MailTransport {
  return {
    async send(mail) {
      await sleep(delayMs);
      sent.push(mail);
    },
    close: () => {},
  };
}

async function queue(db: Db, clock: TestClock, count: number): Promise<void> {
  const mail = createMailQueue(clock, () => {});
  for (let i = 0; i < count; i++) {
    await mail.enqueue(db, {
      to: `m${i}@example.test`,
      subject: `Mail ${i}`,
      text: 't',
      html: 'h',
    });
  }
}

async function statuses(db: Db) {
  return db.selectFrom('mail_outbox').select(['recipient', 'status', 'lease_owner']).execute();
}

describe('mail delivery job', () => {
  let database: TestDatabase;
  let clock: TestClock;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  beforeEach(async () => {
    await database.clear();
    clock = new TestClock();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('two server processes delivering the same outbox send every mail exactly once', async () => {
    await queue(database.db, clock, 12);
    const sent: OutgoingMail[] = [];
    const workers = [1, 2, 3].map(
      () =>
        new MailDelivery({
          db: database.db,
          transport: slowTransport(sent),
          clock,
          log: silent,
          batchSize: 4,
        }),
    );
    for (const worker of workers) worker.kick();
    await Promise.all(workers.map((w) => w.idle()));

    expect(sent).toHaveLength(12);
    expect(new Set(sent.map((m) => m.to)).size).toBe(12);
    expect((await statuses(database.db)).every((r) => r.status === 'sent')).toBe(true);
  });

  it('a mail held by a process that died is sent once its lease runs out', async () => {
    await queue(database.db, clock, 1);
    const leaseUntil = new Date(clock.now().getTime() + 120_000).toISOString();
    await database.db
      .updateTable('mail_outbox')
      .set({ lease_owner: 'dead-process', lease_until: leaseUntil })
      .execute();
    const sent: OutgoingMail[] = [];
    const worker = new MailDelivery({
      db: database.db,
      transport: slowTransport(sent, 0),
      clock,
      log: silent,
    });

    expect(await worker.deliverDue()).toBe(0);
    clock.advance(120_000);
    expect(await worker.deliverDue()).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it('stopping waits for the mail being sent and leaves the rest queued for later', async () => {
    await queue(database.db, clock, 5);
    const sent: OutgoingMail[] = [];
    const worker = new MailDelivery({
      db: database.db,
      transport: slowTransport(sent, 30),
      clock,
      log: silent,
    });
    worker.kick();
    while (sent.length === 0) await sleep(5);
    await worker.stop();

    const rows = await statuses(database.db);
    const sentCount = rows.filter((r) => r.status === 'sent').length;
    expect(sentCount).toBe(sent.length);
    expect(sentCount).toBeGreaterThan(0);
    expect(sentCount).toBeLessThan(5);
    expect(rows.every((r) => r.lease_owner === null)).toBe(true);

    // Another process picks the rest up.
    const next = new MailDelivery({
      db: database.db,
      transport: slowTransport(sent, 0),
      clock,
      log: silent,
    });
    await next.deliverDue();
    expect(sent).toHaveLength(5);
  });

  it('after stop, kicks and polling do nothing', async () => {
    const sent: OutgoingMail[] = [];
    const worker = new MailDelivery({
      db: database.db,
      transport: slowTransport(sent, 0),
      clock,
      log: silent,
    });
    worker.start(5);
    await worker.stop();
    await queue(database.db, clock, 1);
    worker.kick();
    await sleep(30);
    expect(sent).toHaveLength(0);
  });

  it('polling picks up mail queued by another process', async () => {
    const sent: OutgoingMail[] = [];
    const worker = new MailDelivery({
      db: database.db,
      transport: slowTransport(sent, 0),
      clock,
      log: silent,
    });
    worker.start(10);
    try {
      await queue(database.db, clock, 2);
      const deadline = Date.now() + 2_000;
      while (sent.length < 2 && Date.now() < deadline) await sleep(10);
      expect(sent).toHaveLength(2);
    } finally {
      await worker.stop();
    }
  });

  it('waits grow from 30 seconds and stop growing at an hour', () => {
    expect([1, 2, 3, 4, 5].map(exponentialBackoff)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000,
    ]);
    expect(exponentialBackoff(50)).toBe(3_600_000);
  });
});
