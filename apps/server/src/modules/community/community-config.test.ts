import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { STAFF_INACTIVE_DAYS } from '@hearth/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("who may join: the host's settings", () => {
  it(`SIGNUP_AUTO_APPROVAL_DAYS is ${STAFF_INACTIVE_DAYS} unless set, 0 turns it off, a whole number`, () => {
    expect(loadConfig({ DATA_DIR: dir }).signupAutoApprovalDays).toBe(STAFF_INACTIVE_DAYS);
    expect(
      loadConfig({ DATA_DIR: dir, SIGNUP_AUTO_APPROVAL_DAYS: '0' }).signupAutoApprovalDays,
    ).toBe(0);
    expect(
      loadConfig({ DATA_DIR: dir, SIGNUP_AUTO_APPROVAL_DAYS: '30' }).signupAutoApprovalDays,
    ).toBe(30);
    for (const bad of ['-1', '1.5', 'week']) {
      expect(() => loadConfig({ DATA_DIR: dir, SIGNUP_AUTO_APPROVAL_DAYS: bad }), bad).toThrow(
        /SIGNUP_AUTO_APPROVAL_DAYS/,
      );
    }
  });

  it('the moderation limits have defaults and RATE_LIMIT_ variables like the others', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.limits.moderationWritesPerAccount).toEqual({ max: 60, windowMs: 60_000 });
    expect(config.limits.invitesPerAccount).toEqual({ max: 20, windowMs: 3_600_000 });
    expect(config.limits.reportsPerAccount).toEqual({ max: 20, windowMs: 3_600_000 });
    const set = loadConfig({
      DATA_DIR: dir,
      RATE_LIMIT_MODERATION_WRITES_ACCOUNT: '5',
      RATE_LIMIT_INVITES_ACCOUNT_WINDOW_SECONDS: '60',
      RATE_LIMIT_REPORTS_ACCOUNT: '3',
    });
    expect(set.limits.moderationWritesPerAccount.max).toBe(5);
    expect(set.limits.invitesPerAccount).toEqual({ max: 20, windowMs: 60_000 });
    expect(set.limits.reportsPerAccount).toEqual({ max: 3, windowMs: 3_600_000 });
  });
});
