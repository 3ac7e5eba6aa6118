import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/database.js';
import type { MailTransport, OutgoingMail } from '../infra/mail/mail-transport.js';
import { createMailQueue } from '../modules/mail/service.js';
import { TestClock } from '../test-support/test-clock.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { exponentialBackoff, MailDelivery, type MailDeliveryOptions } from './mail-delivery.js';

// Fastify's logger when logging is off: a no-op with the full interface.
const silent = Fastify({ logger: false }).log;

/** A transport that remembers what it sent; with `held`, each send waits until `release()`. */
class FakeTransport implements MailTransport {
  readonly sent: OutgoingMail[] = [];
  private startedSending: (() => void) | undefined;
  private gate: Promise<void> | undefined;
  private openGate: (() => void) | undefined;

  constructor(held = false) {
    if (held) this.hold();
  }

  async send(mail: OutgoingMail): Promise<void> {
    this.startedSending?.();
    // One turn of the event loop (no timer), so several deliveries interleave their queries.
    await new Promise((resolve) => setImmediate(resolve));
    await this.gate;
    this.sent.push(mail);
  }

  close(): void {}

  /** Resolves when a send starts (it is then held until `release()`, if held). */
  sending(): Promise<void> {
    return new Promise((resolve) => {
      this.startedSending = resolve;
    });
  }

  hold(): void {
    this.gate = new Promise((resolve) => {
      this.openGate = resolve;
    });
  }

  release(): void {
    this.openGate?.();
    this.gate = undefined;
  }
}

async function queue(db: Db, clock: TestClock, count: number): Promise<void> {
  // No kick: the mail is queued as another process would, the delivery only finds it.
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

  /** A delivery job (a server process) on the test database, sending through `transport`. */
  function delivery(
    transport: MailTransport,
    options: Partial<MailDeliveryOptions> = {},
  ): MailDelivery {
    return new MailDelivery({ db: database.db, transport, clock, log: silent, ...options });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  beforeEach(async () => {
    await database.clear();
    clock = new TestClock();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('two server processes delivering the same outbox send every mail exactly once', async () => {
    await queue(database.db, clock, 12);
    const transport = new FakeTransport();
    const workers = [1, 2, 3].map(() => delivery(transport, { batchSize: 4 }));
    for (const worker of workers) worker.kick();
    await Promise.all(workers.map((w) => w.idle()));

    expect(transport.sent).toHaveLength(12);
    expect(new Set(transport.sent.map((m) => m.to)).size).toBe(12);
    expect((await statuses(database.db)).every((r) => r.status === 'sent')).toBe(true);
  });

  it('a mail held by a process that died is sent once its lease runs out', async () => {
    await queue(database.db, clock, 1);
    const leaseUntil = new Date(clock.now().getTime() + 120_000).toISOString();
    await database.db
      .updateTable('mail_outbox')
      .set({ lease_owner: 'dead-process', lease_until: leaseUntil })
      .execute();
    const transport = new FakeTransport();
    const worker = delivery(transport);

    expect(await worker.deliverDue()).toBe(0);
    clock.advance(120_000);
    expect(await worker.deliverDue()).toBe(1);
    expect(transport.sent).toHaveLength(1);
  });

  it('stopping waits for the mail being sent and leaves the rest queued for later', async () => {
    await queue(database.db, clock, 5);
    const transport = new FakeTransport(true);
    const worker = delivery(transport);
    const sending = transport.sending();
    worker.kick();
    await sending;

    // The first mail is in the transport's hands: stopping waits for it.
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await statuses(database.db); // a round trip to the database, time for a stop not waiting
    expect(stopped).toBe(false);
    transport.release();
    await stopping;

    const rows = await statuses(database.db);
    expect(transport.sent.map((m) => m.to)).toEqual(['m0@example.test']);
    expect(rows.filter((r) => r.status === 'sent').map((r) => r.recipient)).toEqual([
      'm0@example.test',
    ]);
    // The four others are queued again, held by no one.
    expect(rows.every((r) => r.lease_owner === null)).toBe(true);

    // Another process picks the rest up.
    const next = delivery(transport);
    expect(await next.deliverDue()).toBe(4);
    expect(transport.sent).toHaveLength(5);
  });

  it('after stop, kicks and polling do nothing', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const transport = new FakeTransport();
    const worker = delivery(transport);
    worker.start(5_000);
    await worker.stop();
    expect(vi.getTimerCount()).toBe(0);
    await queue(database.db, clock, 1);

    const queriesBefore = database.queryCount();
    worker.kick();
    vi.advanceTimersByTime(60_000);
    // A pass started by either would be running now: waiting for it, it would claim the mail.
    await worker.idle();
    expect(database.queryCount()).toBe(queriesBefore);
    expect(transport.sent).toHaveLength(0);
    expect((await statuses(database.db)).map((r) => r.status)).toEqual(['pending']);
  });

  it('polling picks up mail queued by another process', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const transport = new FakeTransport();
    const worker = delivery(transport);
    worker.start(5_000);
    try {
      await worker.idle(); // the first pass, at start: nothing queued yet
      await queue(database.db, clock, 2);
      vi.advanceTimersByTime(4_999);
      await worker.idle();
      expect(transport.sent).toHaveLength(0);

      vi.advanceTimersByTime(1);
      await worker.idle();
      expect(transport.sent.map((m) => m.to).sort()).toEqual([
        'm0@example.test',
        'm1@example.test',
      ]);
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
