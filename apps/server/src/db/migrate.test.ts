import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { openDatabase } from './database.js';
import { migrateTo, migrateToLatest, migrateToNothing } from './migrate.js';
import { searchKeysOf } from './search-keys.js';

async function tableNames(database: TestDatabase): Promise<string[]> {
  if (database.engine === 'sqlite') {
    const tables = await database.db.introspection.getTables();
    return tables.map((t) => t.name).sort();
  }
  // This suite's schema only: Kysely's introspection reads every schema's tables, and fails when
  // another suite running beside this one drops its schema meanwhile.
  const result = await sql<{ name: string }>`select table_name as name
    from information_schema.tables
    where table_schema = ${database.schema} and table_type = 'BASE TABLE'`.execute(database.db);
  return result.rows
    .map((t) => t.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();
}

/** A member row as an older release wrote it (the columns every migration since 0004 keeps). */
function memberRow(id: string, now: string) {
  return {
    id,
    email: `${id}@example.test`,
    password_hash: 'x',
    first_name: 'A',
    last_name: id,
    username: id,
    gender: 'female',
    birth_year: 1990,
    birth_month: 1,
    birth_day: 1,
    ...searchKeysOf({ first_name: 'A', last_name: id }),
    created_at: now,
    updated_at: now,
  };
}

describe('migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  const ALL_TABLES = [
    'audit_log',
    'blocks',
    'comments',
    'conversation_members',
    'conversations',
    'data_exports',
    'email_blocks',
    'email_changes',
    'email_verifications',
    'follows',
    'friendships',
    'invites',
    'job_leases',
    'mail_outbox',
    'media',
    'messages',
    'mutes',
    'notifications',
    'password_resets',
    'post_edit_images',
    'post_edits',
    'post_images',
    'post_notification_settings',
    'posts',
    'reaction_counts',
    'reactions',
    'recovery_codes',
    'report_images',
    'reports',
    'retired_usernames',
    'saved_posts',
    'search_history',
    'server_settings',
    'sessions',
    'suspensions',
    'two_factor',
    'users',
  ];

  it('create the account, post and media tables, and running them again changes nothing', async () => {
    await migrateToLatest(database);
    expect(await tableNames(database)).toEqual(ALL_TABLES);
  });

  it('index what the feed, a post’s comments and its reactions are read by', async () => {
    const rows =
      database.engine === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(
            database.db,
          )
        : await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(
            database.db,
          );
    const names = rows.rows.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'posts_user_id_deleted_at_id_audience',
        'blocks_blocked_id_blocker_id',
        'post_edits_post_id_id',
        'post_edit_images_storage_key',
        'mutes_muted_id_muter_id',
        'comments_post_id_id',
        'media_owner_id_id',
        'posts_deleted_at',
        'follows_followee_id',
        'friendships_high_id',
        'users_search_first',
        'users_search_last',
        'users_search_full',
        'search_history_user_id_created_at',
        'search_history_searched_id',
        'sessions_user_id',
        'sessions_expires_at',
        'notifications_user_id_created_at_id',
        'notifications_unread',
        'notifications_react_unique',
        'notifications_friend_unique',
      ]),
    );
  });

  it('can be undone completely and applied again', async () => {
    await migrateToNothing(database);
    expect(await tableNames(database)).toEqual([]);
    await migrateToLatest(database);
    expect(await tableNames(database)).toEqual(ALL_TABLES);
  });

  it('a database migrated by a newer version is refused, unchanged, with a message a host can act on', async () => {
    await migrateToLatest(database);
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-a-newer-version', '2030-01-01T00:00:00.000Z')`.execute(
      database.db,
    );
    try {
      await expect(migrateToLatest(database)).rejects.toThrow(
        'This database was migrated by a newer version of Hearth (migration 9999-from-a-newer-version)',
      );
      expect(await tableNames(database)).toEqual(ALL_TABLES);
    } finally {
      await sql`delete from kysely_migration where name = '9999-from-a-newer-version'`.execute(
        database.db,
      );
    }
  });

  it('the e-mail and username are unique, and removing a member removes their links, codes, sessions and suspension', async () => {
    const now = new Date().toISOString();
    const user = {
      id: 'u1',
      email: 'a@example.test',
      password_hash: 'x',
      first_name: 'A',
      last_name: 'B',
      username: 'ab',
      gender: 'female',
      birth_year: 1990,
      birth_month: 1,
      birth_day: 1,
      ...searchKeysOf({ first_name: 'A', last_name: 'B' }),
      created_at: now,
      updated_at: now,
    };
    await database.db.insertInto('users').values(user).execute();
    await expect(
      database.db
        .insertInto('users')
        .values({ ...user, id: 'u2', username: 'other' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      database.db
        .insertInto('users')
        .values({ ...user, id: 'u3', email: 'b@example.test' })
        .execute(),
    ).rejects.toThrow();
    const stored = await database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      picture: '/images/default-avatar.svg',
      cover: '',
      verified: 0,
      details: '{}',
    });

    await database.db
      .insertInto('email_verifications')
      .values({
        id: 'v1',
        user_id: 'u1',
        token_hash: 'h',
        expires_at: now,
        used_at: null,
        created_at: now,
      })
      .execute();
    await database.db
      .insertInto('sessions')
      .values({ id: 's1', user_id: 'u1', created_at: now, expires_at: now })
      .execute();
    await database.db
      .insertInto('suspensions')
      .values({ user_id: 'u1', reason: 'Spam.', by_id: null, by_name: 'Ada', created_at: now })
      .execute();
    await database.db.deleteFrom('users').where('id', '=', 'u1').execute();
    const links = await database.db.selectFrom('email_verifications').select('id').execute();
    expect(links).toEqual([]);
    expect(await database.db.selectFrom('sessions').select('id').execute()).toEqual([]);
    expect(await database.db.selectFrom('suspensions').select('user_id').execute()).toEqual([]);
  });

  it('acknowledged writes are durable: SQLite in WAL with full sync and foreign keys, PostgreSQL with synchronous commit', async () => {
    if (database.engine === 'postgres') {
      const setting = async (name: string) =>
        (
          await sql<{ value: string }>`select current_setting(${name}) as value`.execute(
            database.db,
          )
        ).rows[0]?.value;
      expect(await setting('synchronous_commit')).toBe('on');
      expect(await setting('fsync')).toBe('on');
      return;
    }
    const handle = openDatabase(database.url);
    try {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(handle.db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2);
      expect(await pragma('foreign_keys')).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it('members who signed up before search existed are given their search keys, in batches', async () => {
    await migrateToNothing(database);
    await migrateTo(database, '0003-friendships');
    const now = new Date().toISOString();
    // More members than one backfill batch, so the second batch is filled too.
    const names = [
      ['Zoé', 'Lefèvre'],
      ['ÅSA', 'Ørsted'],
      ...Array.from({ length: 600 }, (_, i) => ['Member', `N${String(i).padStart(4, '0')}`]),
    ];
    await database.db
      .withTables<{ users: Record<string, string | number> }>()
      .insertInto('users')
      .values(
        names.map(([first, last], i) => ({
          id: `m${String(i).padStart(4, '0')}`,
          email: `m${i}@example.test`,
          password_hash: 'x',
          first_name: first ?? '',
          last_name: last ?? '',
          username: `member${i}`,
          gender: 'female',
          birth_year: 1990,
          birth_month: 1,
          birth_day: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();

    await migrateToLatest(database);

    const keys = await database.db
      .selectFrom('users')
      .select(['id', 'search_first', 'search_last', 'search_full'])
      .orderBy('id')
      .execute();
    expect(keys).toHaveLength(names.length);
    expect(keys.slice(0, 2)).toEqual([
      { id: 'm0000', search_first: 'zoe', search_last: 'lefevre', search_full: 'zoe lefevre' },
      { id: 'm0001', search_first: 'asa', search_last: 'ørsted', search_full: 'asa ørsted' },
    ]);
    expect(keys.at(-1)).toEqual({
      id: 'm0601',
      search_first: 'member',
      search_last: 'n0599',
      search_full: 'member n0599',
    });
    await database.db.deleteFrom('users').execute();
  });

  it('posts reacted to before reaction counts existed get their counts', async () => {
    await migrateToNothing(database);
    await migrateTo(database, '0004-search');
    const now = new Date().toISOString();
    const member = (id: string) => memberRow(id, now);
    const old = database.db.withTables<{ reactions: Record<string, string> }>();
    await database.db.insertInto('users').values(['u1', 'u2', 'u3'].map(member)).execute();
    await database.db
      .insertInto('posts')
      .values(['p1', 'p2'].map((id) => ({ id, user_id: 'u1', created_at: now })))
      .execute();
    await old
      .insertInto('reactions')
      .values([
        { post_id: 'p1', user_id: 'u1', react: 'like', created_at: now },
        { post_id: 'p1', user_id: 'u2', react: 'like', created_at: now },
        { post_id: 'p1', user_id: 'u3', react: 'wow', created_at: now },
        { post_id: 'p2', user_id: 'u2', react: 'sad', created_at: now },
      ])
      .execute();

    await migrateToLatest(database);

    const counts = await database.db
      .selectFrom('reaction_counts')
      .select(['post_id', 'react', 'count'])
      .orderBy('post_id')
      .orderBy('react')
      .execute();
    expect(counts.map((c) => ({ ...c, count: Number(c.count) }))).toEqual([
      { post_id: 'p1', react: 'like', count: 2 },
      { post_id: 'p1', react: 'wow', count: 1 },
      { post_id: 'p2', react: 'sad', count: 1 },
    ]);
    await database.db.deleteFrom('users').execute();
  });

  it('follows made before 0012 say whether the two are friends', async () => {
    await migrateToNothing(database);
    await migrateTo(database, '0011-audiences-and-blocks');
    const now = new Date().toISOString();
    const member = (id: string) => memberRow(id, now);
    const old = database.db.withTables<{ follows: Record<string, string> }>();
    await database.db.insertInto('users').values(['u1', 'u2', 'u3'].map(member)).execute();
    // u1 and u2 are friends; u3 asked u1 and follows them; u2 follows u3 with no relation.
    await database.db
      .insertInto('friendships')
      .values([
        {
          low_id: 'u1',
          high_id: 'u2',
          requester_id: 'u2',
          status: 'friends',
          created_at: now,
          updated_at: now,
        },
        {
          low_id: 'u1',
          high_id: 'u3',
          requester_id: 'u3',
          status: 'requested',
          created_at: now,
          updated_at: now,
        },
      ])
      .execute();
    await old
      .insertInto('follows')
      .values([
        { follower_id: 'u1', followee_id: 'u2', created_at: now },
        { follower_id: 'u2', followee_id: 'u1', created_at: now },
        { follower_id: 'u3', followee_id: 'u1', created_at: now },
        { follower_id: 'u2', followee_id: 'u3', created_at: now },
      ])
      .execute();

    await migrateToLatest(database);

    const follows = await database.db
      .selectFrom('follows')
      .select(['follower_id', 'followee_id', 'friend'])
      .orderBy('follower_id')
      .orderBy('followee_id')
      .execute();
    expect(follows.map((f) => ({ ...f, friend: Number(f.friend) }))).toEqual([
      { follower_id: 'u1', followee_id: 'u2', friend: 1 },
      { follower_id: 'u2', followee_id: 'u1', friend: 1 },
      { follower_id: 'u2', followee_id: 'u3', friend: 0 },
      { follower_id: 'u3', followee_id: 'u1', friend: 0 },
    ]);
    await database.db.deleteFrom('users').execute();
  });

  it('images stored as /media/ addresses before 0007 become storage keys, and back when undone', async () => {
    await migrateToNothing(database);
    await migrateTo(database, '0006-image-variants');
    const now = new Date().toISOString();
    const key = (name: string) => `ada/post_images/0196f0c2-7a7e-7d1b-9b1e-3c5d2b1a0f0${name}.jpg`;
    const old = database.db.withTables<{
      media: Record<string, string | number>;
      post_images: Record<string, string | number>;
    }>();
    await database.db
      .insertInto('users')
      .values({
        id: 'u1',
        email: 'ada@example.test',
        password_hash: 'x',
        first_name: 'Ada',
        last_name: 'Lovelace',
        username: 'ada',
        picture: `/media/${key('1')}`,
        cover: '',
        gender: 'female',
        birth_year: 1990,
        birth_month: 1,
        birth_day: 1,
        ...searchKeysOf({ first_name: 'Ada', last_name: 'Lovelace' }),
        created_at: now,
        updated_at: now,
      })
      .execute();
    await old
      .insertInto('media')
      .values(
        ['1', '2', '3'].map((name) => ({
          id: `m${name}`,
          owner_id: 'u1',
          folder: 'ada/post_images',
          storage_key: key(name),
          url: `/media/${key(name)}`,
          content_type: 'image/jpeg',
          width: 1,
          height: 1,
          bytes: 1,
          created_at: now,
          variants_ready: 1,
        })),
      )
      .execute();
    await database.db
      .insertInto('posts')
      .values({ id: 'p1', user_id: 'u1', background: '/backgrounds/3.svg', created_at: now })
      .execute();
    await old
      .insertInto('post_images')
      .values({ post_id: 'p1', position: 0, url: `/media/${key('2')}` })
      .execute();
    await database.db
      .insertInto('comments')
      .values([
        {
          id: 'c1',
          post_id: 'p1',
          user_id: 'u1',
          comment: 'x',
          image: `/media/${key('3')}`,
          created_at: now,
        },
        { id: 'c2', post_id: 'p1', user_id: 'u1', comment: 'y', image: '', created_at: now },
      ])
      .execute();

    await migrateToLatest(database);

    const user = await database.db
      .selectFrom('users')
      .select(['picture', 'cover'])
      .executeTakeFirst();
    expect(user).toEqual({ picture: key('1'), cover: '' });
    const images = await database.db.selectFrom('post_images').select('storage_key').execute();
    expect(images).toEqual([{ storage_key: key('2') }]);
    const comments = await database.db
      .selectFrom('comments')
      .select('image')
      .orderBy('id')
      .execute();
    expect(comments).toEqual([{ image: key('3') }, { image: '' }]);
    const post = await database.db.selectFrom('posts').select('background').executeTakeFirst();
    expect(post).toEqual({ background: '/backgrounds/3.svg' });
    const media = await database.db.selectFrom('media').selectAll().orderBy('id').execute();
    expect(media.map((m) => [m.id, m.storage_key, 'url' in m])).toEqual([
      ['m1', key('1'), false],
      ['m2', key('2'), false],
      ['m3', key('3'), false],
    ]);
    // The rebuilt media table still refuses a key twice and still pages by owner.
    await expect(
      database.db
        .insertInto('media')
        .values({ ...media[0]!, id: 'm4' })
        .execute(),
    ).rejects.toThrow();

    await migrateTo(database, '0006-image-variants');
    const undone = await old.selectFrom('media').select(['id', 'url']).orderBy('id').execute();
    expect(undone.map((m) => m.url)).toEqual(['1', '2', '3'].map((n) => `/media/${key(n)}`));
    const pictureUndone = await database.db
      .selectFrom('users')
      .select('picture')
      .executeTakeFirst();
    expect(pictureUndone).toEqual({ picture: `/media/${key('1')}` });
    await migrateToLatest(database);
    await database.db.deleteFrom('users').execute();
  });

  it('the search keys and usernames compare byte by byte (BINARY on SQLite, "C" on PostgreSQL)', async () => {
    if (database.engine === 'sqlite') {
      const collations = [];
      for (const index of ['users_search_first', 'users_search_last', 'users_search_full']) {
        const info = await sql<{ name: string | null; coll: string; key: number }>`
          select name, coll, key from pragma_index_xinfo(${index})`.execute(database.db);
        collations.push(...info.rows.filter((c) => c.key === 1).map((c) => [c.name, c.coll]));
      }
      expect(collations).toEqual([
        ['search_first', 'BINARY'],
        ['username', 'BINARY'],
        ['search_last', 'BINARY'],
        ['username', 'BINARY'],
        ['search_full', 'BINARY'],
        ['username', 'BINARY'],
      ]);
      return;
    }
    const columns = await sql<{ column_name: string; collation_name: string | null }>`
      select column_name, collation_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'users'
        and column_name in ('username', 'search_first', 'search_last', 'search_full')
      order by column_name`.execute(database.db);
    expect(columns.rows).toEqual([
      { column_name: 'search_first', collation_name: 'C' },
      { column_name: 'search_full', collation_name: 'C' },
      { column_name: 'search_last', collation_name: 'C' },
      { column_name: 'username', collation_name: 'C' },
    ]);
  });
});
