import type { Kysely } from 'kysely';

// Private conversations (API.md, Messages; the messaging issue). A conversation's members are
// rows of conversation_members, its messages rows of messages; a member's read mark, request,
// mute and joining point live on their membership. Ids are UUIDv7, so a message's id orders it
// in time: pages, read marks and unread counts compare ids alone.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text')
    .addColumn('is_group', 'integer', (c) => c.notNull().defaultTo(0))
    // `{low id}:{high id}` for a conversation of two, so the pair has at most one; cleared when
    // one of them leaves it.
    .addColumn('pair_key', 'text', (c) => c.unique())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_activity_at', 'text', (c) => c.notNull())
    .addColumn('last_message_id', 'text')
    .execute();
  await db.schema
    .createTable('conversation_members')
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The order members joined in (the creator 0).
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('joined_at', 'text', (c) => c.notNull())
    // Messages whose id is at least this one are theirs to read ('' for the first members).
    .addColumn('visible_from', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('read_message_id', 'text')
    // 1 while it is a message request for this member (not accepted, not replied to).
    .addColumn('request', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('muted', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('conversation_members_pkey', ['conversation_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('conversation_members_user_id')
    .on('conversation_members')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    // Null once the sender's account is gone: the message stays for the others.
    .addColumn('sender_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    // An upload's storage key, or ''.
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A conversation's pages, newest first.
  await db.schema
    .createIndex('messages_conversation_id_id')
    .on('messages')
    .columns(['conversation_id', 'id'])
    .execute();
  await db.schema.createIndex('messages_sender_id').on('messages').column('sender_id').execute();
  // The media route and the purge ask by key (media/references.ts).
  await db.schema.createIndex('messages_image').on('messages').column('image').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversation_members').execute();
  await db.schema.dropTable('conversations').execute();
}
