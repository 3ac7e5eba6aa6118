import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import { signupForm } from '../test-support/factories.js';
import { TestSmtpServer } from '../test-support/smtp-server.js';
import { post } from '../test-support/test-app.js';
import { TestClock } from '../test-support/test-clock.js';
import { testConfig } from '../test-support/test-config.js';
import {
  createTestDatabase,
  type TestDatabase,
  testEngine,
} from '../test-support/test-database.js';
import { scaled } from './budget.js';

const MEMBERS = scaled(12, 100);
const HOUR_MS = 60 * 60_000;

describe(`an SMTP outage across a server restart (${testEngine()})`, () => {
  const smtp = new TestSmtpServer();
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    await smtp.start();
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-outage-'));
  });
  afterAll(async () => {
    if (smtp.running) await smtp.stop();
    await database?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A server process's app on the shared database and mail server, as after a restart. */
  async function serverOn(clock: TestClock): Promise<App> {
    const config = testConfig({ dataDir, smtpUrl: smtp.url });
    const app = await buildApp({ config, db: database.db, clock });
    await app.ready();
    return app;
  }

  it('mail queued while the SMTP server is down arrives exactly once after it is back', async () => {
    const clock = new TestClock();
    await smtp.stop();
    const before = await serverOn(clock);
    const emails: string[] = [];
    for (let n = 0; n < MEMBERS; n++) {
      const form = signupForm();
      const res = await post(before, '/api/v1/auth/register', form);
      expect(res.statusCode).toBe(201);
      emails.push(form.email);
    }
    // Every attempt fails while the server is down; the mail stays queued.
    await before.mailDelivery.idle();
    expect(smtp.received).toEqual([]);
    await before.close();

    await smtp.start();
    const after = await serverOn(clock);
    try {
      // Past every retry's wait: the restarted server sends what the first one queued.
      clock.advance(HOUR_MS);
      after.mailDelivery.kick();
      await after.mailDelivery.idle();
      // A second pass (another poll, another process) finds nothing left to send.
      after.mailDelivery.kick();
      await after.mailDelivery.idle();

      const delivered = emails.map((email) => smtp.mailsTo(email).length);
      console.info(
        `[reliability] smtp outage (${testEngine()}): ${emails.length} mails queued, ` +
          `${delivered.filter((n) => n === 1).length} delivered once, ` +
          `${delivered.filter((n) => n > 1).length} more than once`,
      );
      expect(delivered).toEqual(emails.map(() => 1));
      const rows = await database.db.selectFrom('mail_outbox').select('status').execute();
      expect(rows.map((r) => r.status)).toEqual(emails.map(() => 'sent'));
    } finally {
      await after.close();
    }
  });
});
