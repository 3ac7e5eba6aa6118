import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogConfig, PostgresDialect, SqliteAdapter } from 'kysely';
import pg from 'pg';
import type { AuditLogTable } from './audit-log.js';
import type { BlocksTable } from './blocks.js';
import type { CommentsTable } from './comments.js';
import type { DataExportsTable } from './data-exports.js';
import type { EmailBlocksTable } from './email-blocks.js';
import type { EmailChangesTable } from './email-changes.js';
import type { EmailVerificationsTable } from './email-verifications.js';
import type { FollowsTable } from './follows.js';
import type { FriendshipsTable } from './friendships.js';
import type { InvitesTable } from './invites.js';
import type { JobLeasesTable } from './job-leases.js';
import type { MailOutboxTable } from './mail-outbox.js';
import type { MediaTable } from './media.js';
import type { ConversationMembersTable, ConversationsTable, MessagesTable } from './messages.js';
import type { MutesTable } from './mutes.js';
import { prepareStatements } from './named-statements.js';
import type { NotificationsTable } from './notifications.js';
import type { PasswordResetsTable } from './password-resets.js';
import type { PostEditImagesTable, PostEditsTable } from './post-edits.js';
import type { PostImagesTable } from './post-images.js';
import type { PostNotificationSettingsTable } from './post-notification-settings.js';
import type { PostsTable } from './posts.js';
import type { ReactionCountsTable } from './reaction-counts.js';
import type { ReactionsTable } from './reactions.js';
import type { ReportImagesTable } from './report-images.js';
import type { ReportsTable } from './reports.js';
import type { RetiredUsernamesTable } from './retired-usernames.js';
import type { SavedPostsTable } from './saved-posts.js';
import type { SearchHistoryTable } from './search-history.js';
import type { ServerSettingsTable } from './server-settings.js';
import type { SessionsTable } from './sessions.js';
import {
  FALLBACK_AUTOCHECKPOINT_PAGES,
  HearthSqliteDialect,
  startWalCheckpointer,
  withStatementCache,
} from './sqlite-tuning.js';
import type { SuspensionsTable } from './suspensions.js';
import type { RecoveryCodesTable, TwoFactorTable } from './two-factor.js';
import type { UsersTable } from './users.js';

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  email_verifications: EmailVerificationsTable;
  password_resets: PasswordResetsTable;
  mail_outbox: MailOutboxTable;
  media: MediaTable;
  posts: PostsTable;
  post_images: PostImagesTable;
  comments: CommentsTable;
  reactions: ReactionsTable;
  reaction_counts: ReactionCountsTable;
  saved_posts: SavedPostsTable;
  follows: FollowsTable;
  friendships: FriendshipsTable;
  search_history: SearchHistoryTable;
  notifications: NotificationsTable;
  job_leases: JobLeasesTable;
  blocks: BlocksTable;
  post_edits: PostEditsTable;
  post_edit_images: PostEditImagesTable;
  mutes: MutesTable;
  post_notification_settings: PostNotificationSettingsTable;
  server_settings: ServerSettingsTable;
  invites: InvitesTable;
  audit_log: AuditLogTable;
  reports: ReportsTable;
  report_images: ReportImagesTable;
  suspensions: SuspensionsTable;
  email_blocks: EmailBlocksTable;
  email_changes: EmailChangesTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  retired_usernames: RetiredUsernamesTable;
  data_exports: DataExportsTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
}

export type Db = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  /** Closes every connection. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Extra PostgreSQL startup options, e.g. `-c search_path=…` for a test schema. */
  pgOptions?: string;
  pgPoolSize?: number;
  /** Kysely's query log hook (tests count queries with it). */
  log?: LogConfig;
  /**
   * SQLite: checkpoint the WAL from a worker thread (the default). A bulk loader that leaves WAL
   * mode opens without it: the worker's connection would keep the file from changing journal.
   */
  walCheckpointer?: boolean;
}

/** Opens `sqlite:<path>` (embedded default) or `postgres://…`. */
export function openDatabase(url: string, options: OpenDatabaseOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length), options);
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options);
  throw new Error(`Unsupported DATABASE_URL: ${url.split(':')[0]}`);
}

function openSqlite(file: string, options: OpenDatabaseOptions): DatabaseHandle {
  const inMemory = file === ':memory:';
  if (!inMemory) mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives a power cut, as ARCHITECTURE.md's durability rule asks.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A worker checkpoints; this connection only does when the worker falls far behind.
  const stopCheckpointer =
    inMemory || options.walCheckpointer === false
      ? undefined
      : startWalCheckpointer(path.resolve(file));
  if (stopCheckpointer) sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const db = new Kysely<Database>({
    dialect: new HearthSqliteDialect({ database: withStatementCache(sqlite) }),
    ...(options.log ? { log: options.log } : {}),
  });
  return {
    db,
    engine: 'sqlite',
    async close() {
      await stopCheckpointer?.();
      await db.destroy();
    },
  };
}

function openPostgres(url: string, options: OpenDatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.pgPoolSize ?? 10,
    ...(options.pgOptions ? { options: options.pgOptions } : {}),
  });
  prepareStatements(pool);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    ...(options.log ? { log: options.log } : {}),
  });
  return { db, engine: 'postgres', close: () => db.destroy() };
}

/** The engine behind a Kysely instance or transaction, for the few statements that differ. */
export function engineOf(db: Db): Engine {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}
