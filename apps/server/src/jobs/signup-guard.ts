import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { Clock } from '../infra/clock.js';
import {
  checkStaffActivity,
  type StaffActivityReport,
} from '../modules/community/staff-activity.js';
import type { MailQueue } from '../modules/mail/service.js';
import { PeriodicJob } from './periodic-job.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Switches `open` sign-up to `approval` when no staff was active (SIGNUP_AUTO_APPROVAL_DAYS);
     * main.ts starts it, closing the app stops it. Once an hour across every process (a lease).
     */
    signupGuard: SignupGuard;
  }
}

/** Its lease in job_leases: one check per hour across every process. */
export const SIGNUP_GUARD_LEASE = 'signup-guard';

export interface SignupGuardOptions {
  db: Db;
  clock: Clock;
  /** Where the admins' mail about a switch is queued. */
  mail: MailQueue;
  /** SIGNUP_AUTO_APPROVAL_DAYS (0: never switches). */
  days: number;
  /** Links in the admins' mail start with it. */
  appUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Hourly, checks whether any moderator or admin made a request within the configured days;
 * if none did, `open` sign-up turns to `approval` and the admins are mailed
 * (modules/community/staff-activity.ts checkStaffActivity decides and does it).
 */
export class SignupGuard extends PeriodicJob<StaffActivityReport> {
  constructor(private readonly options: SignupGuardOptions) {
    super(options.log, {
      done: 'sign-up switched from open to approval: no moderator or admin was active',
      failed: 'the staff-activity check failed',
    });
  }

  protected worthLogging(report: StaffActivityReport): boolean {
    return report.outcome === 'switched';
  }

  runOnce(): Promise<StaffActivityReport> {
    return checkStaffActivity(this.options);
  }
}
