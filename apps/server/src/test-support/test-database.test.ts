import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { createTestDatabase, type TestDatabase, tablesChildrenFirst } from './test-database.js';

const AT = '2026-01-02T03:04:05.000Z';
const LATER = '2026-01-03T03:04:05.000Z';
const ANA = '0190a000-0000-7000-8000-000000000001';
const BO = '0190a000-0000-7000-8000-000000000002';
const POST = '0190a000-0000-7000-8000-000000000010';
const COMMENT = '0190a000-0000-7000-8000-000000000020';

function member(id: string, name: string): Insertable<Database['users']> {
  return {
    id,
    email: `${name}@example.test`,
    password_hash: 'x',
    first_name: name,
    last_name: 'Test',
    username: `${name}test`,
    gender: 'female',
    birth_year: 1990,
    birth_month: 1,
    birth_day: 1,
    search_first: name,
    search_last: 'test',
    search_full: `${name} test`,
    created_at: AT,
    updated_at: AT,
  };
}

/**
 * One row for each table, parents before children. Typed by the schema's interface, so a table
 * added to `Database` does not compile until it has its row here.
 */
const ROWS: { [T in keyof Database]: Insertable<Database[T]> } = {
  users: member(ANA, 'ana'),
  sessions: { id: 's1', user_id: ANA, created_at: AT, expires_at: LATER },
  email_verifications: {
    id: 'v1',
    user_id: ANA,
    token_hash: 'h',
    expires_at: LATER,
    used_at: null,
    created_at: AT,
  },
  password_resets: {
    id: 'r1',
    user_id: ANA,
    code_hash: 'h',
    expires_at: LATER,
    validated_until: null,
    created_at: AT,
  },
  mail_outbox: {
    id: 'm1',
    recipient: 'ana@example.test',
    subject: 's',
    text_body: 't',
    html_body: 'h',
    next_attempt_at: AT,
    lease_until: null,
    lease_owner: null,
    last_error: null,
    created_at: AT,
    sent_at: null,
  },
  media: {
    id: 'i1',
    owner_id: ANA,
    folder: 'posts',
    storage_key: 'k1',
    content_type: 'image/png',
    width: 1,
    height: 1,
    bytes: 1,
    created_at: AT,
  },
  posts: {
    id: POST,
    user_id: ANA,
    type: null,
    text: 'hello',
    background: null,
    created_at: AT,
    deleted_at: null,
  },
  post_images: { post_id: POST, position: 0, storage_key: 'k1' },
  comments: {
    id: COMMENT,
    post_id: POST,
    user_id: ANA,
    comment: 'hi',
    image: '',
    created_at: AT,
  },
  reactions: { post_id: POST, user_id: ANA, react: 'like', created_at: AT },
  reaction_counts: { post_id: POST, react: 'like', count: 1 },
  saved_posts: { user_id: ANA, post_id: POST, created_at: AT },
  follows: { follower_id: ANA, followee_id: BO, created_at: AT },
  friendships: {
    low_id: ANA,
    high_id: BO,
    requester_id: ANA,
    status: 'friends',
    created_at: AT,
    updated_at: AT,
  },
  search_history: { id: 'h1', user_id: ANA, searched_id: BO, created_at: AT },
  notifications: {
    id: 'n1',
    user_id: BO,
    actor_id: ANA,
    type: 'react',
    post_id: POST,
    react: 'like',
    comment_id: null,
    read: 0,
    created_at: AT,
  },
  job_leases: { name: 'mail', holder: 'test', held_until: LATER, started_at: AT },
  blocks: { blocker_id: ANA, blocked_id: BO, created_at: AT },
  post_edits: { id: 'e1', post_id: POST, text: 'helo', background: null, created_at: AT },
  post_edit_images: { edit_id: 'e1', post_id: POST, position: 0, storage_key: 'k1' },
  mutes: { muter_id: ANA, muted_id: BO, created_at: AT },
  post_notification_settings: { post_id: POST, user_id: BO, notify: 1, created_at: AT },
  // The migration wrote the `community` row already: another key.
  server_settings: { key: 'test', value: '{}', updated_at: AT },
  invites: {
    id: 'iv1',
    code: 'ABCDEFGHJKLM',
    created_by: ANA,
    uses: 1,
    expires_at: LATER,
    revoked_at: null,
    created_at: AT,
  },
  audit_log: {
    id: 'a1',
    actor_id: ANA,
    actor_name: 'ana Test',
    action: 'settings.update',
    target_id: null,
    target_name: null,
    details: '{}',
    created_at: AT,
  },
  reports: {
    id: 'r1',
    reporter_id: BO,
    member_id: ANA,
    target_type: 'comment',
    target_id: COMMENT,
    post_id: POST,
    comment_id: COMMENT,
    reason: 'spam',
    details: '',
    snapshot: '{}',
    status: 'open',
    action: null,
    resolution_reason: null,
    resolved_by_id: null,
    resolved_by_name: null,
    resolved_at: null,
    created_at: AT,
  },
  report_images: { report_id: 'r1', storage_key: 'k' },
  suspensions: { user_id: BO, reason: 'spam', by_id: ANA, by_name: 'Ana Test', created_at: AT },
  email_blocks: {
    id: 'e1',
    email_hash: 'h',
    name: 'Cy Test',
    reason: 'spam',
    by_id: ANA,
    by_name: 'Ana Test',
    created_at: AT,
  },
  email_changes: {
    id: 'ec1',
    user_id: ANA,
    new_email: 'ana2@example.test',
    token_hash: 'h',
    expires_at: LATER,
    used_at: null,
    created_at: AT,
  },
  two_factor: { user_id: ANA, secret: 's', enabled_at: AT, created_at: AT },
  recovery_codes: { id: 'rc1', user_id: ANA, code_hash: 'h', used_at: null },
  retired_usernames: { username: 'gonetest', retired_at: AT },
  data_exports: { id: 'x1', user_id: ANA, status: 'queued', requested_at: AT },
  conversations: {
    id: 'c1',
    is_group: 0,
    created_by: ANA,
    created_at: AT,
    last_activity_at: AT,
  },
  conversation_members: {
    conversation_id: 'c1',
    user_id: ANA,
    position: 0,
    joined_at: AT,
    visible_from: '',
    request: 0,
    muted: 0,
  },
  messages: {
    id: 'msg1',
    conversation_id: 'c1',
    sender_id: ANA,
    text: 't',
    image: '',
    removed: 0,
    created_at: AT,
  },
};

async function rowCount(database: TestDatabase, table: keyof Database): Promise<number> {
  const row = await database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the test database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('lists every table of the schema, each after the tables whose keys reference it', async () => {
    const tables = await tablesChildrenFirst(database);
    expect([...tables].sort()).toEqual(Object.keys(ROWS).sort());
    // A few foreign keys, as the migrations declare them.
    const at = (table: string) => tables.indexOf(table);
    expect(at('post_images')).toBeLessThan(at('posts'));
    expect(at('reaction_counts')).toBeLessThan(at('posts'));
    expect(at('posts')).toBeLessThan(at('users'));
    expect(at('sessions')).toBeLessThan(at('users'));
  });

  it('clear() empties every table', async () => {
    await database.db.insertInto('users').values(member(BO, 'bo')).execute();
    for (const [table, row] of Object.entries(ROWS)) {
      await database.db
        .insertInto(table as keyof Database)
        .values(row as never)
        .execute();
    }
    const tables = Object.keys(ROWS) as (keyof Database)[];
    for (const table of tables) expect(await rowCount(database, table), table).toBeGreaterThan(0);

    await database.clear();

    const left = await Promise.all(tables.map(async (t) => [t, await rowCount(database, t)]));
    expect(Object.fromEntries(left)).toEqual(Object.fromEntries(tables.map((t) => [t, 0])));
  });
});
