import {
  type AddMembersInput,
  type ChatMessage,
  CONVERSATION_MEMBERS_MAX,
  type Conversation,
  type ConversationsQuery,
  type CreateConversationInput,
  MESSENGER_MESSAGES,
  type MessagesQuery,
  type MessagesUnread,
  SERVER_MESSAGES,
  type SendMessageInput,
  uploadFolderPath,
} from '@hearth/contract';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/database.js';
import { type Writer, writerFor } from '../../db/group-commit.js';
import { keysetPage, type Page } from '../../db/keyset.js';
import type { UserRow } from '../../db/users.js';
import { forbidden, invalid, notFound } from '../../errors.js';
import type { EventBus } from '../../infra/bus/bus.js';
import type { DomainEvent } from '../../infra/bus/events.js';
import type { Clock } from '../../infra/clock.js';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import { blockedSetOf, type Viewer, viewerOfMember } from '../access/visibility.js';
import type { MediaService } from '../media/service.js';
import { conversationCursorOf, toChatMessage, toConversation } from './present.js';
import {
  type ConversationsFilter,
  conversationRows,
  deleteMembership,
  eraseMessage,
  findMembership,
  findPairConversation,
  findShownMessage,
  friendsAmong,
  insertConversation,
  insertMembers,
  insertMessage,
  type Membership,
  memberIdsOf,
  membersOf,
  messagesByIds,
  messagesPage,
  nameableMembers,
  newestMessageId,
  unreadFigures,
  updateMembership,
} from './repo.js';

export interface MessagesServiceDeps {
  db: Db;
  clock: Clock;
  imageUrls: ImageUrls;
  media: MediaService;
  bus: EventBus;
  writer?: Writer;
}

/**
 * Private conversations (API.md, Messages). Only a conversation's current members see it or
 * anything in it; for anyone else it is missing (404, the body a random id gets). Every write
 * publishes its event after the commit; the live service routes it to the members' sockets.
 */
export class MessagesService {
  private readonly writer: Writer;

  constructor(private readonly deps: MessagesServiceDeps) {
    this.writer = deps.writer ?? writerFor(deps.db);
  }

  /** Starts a conversation, or answers the pair's (`created` false). */
  async create(
    member: UserRow,
    input: CreateConversationInput,
  ): Promise<{ conversation: Conversation; created: boolean }> {
    const { db, clock } = this.deps;
    const viewer = viewerOfMember(member);
    const others = [...new Set(input.memberIds)].filter((id) => id !== member.id);
    if (others.length === 0) throw invalid(MESSENGER_MESSAGES.self);
    const nameable = await nameableMembers(db, viewer, others);
    if (others.some((id) => !nameable.has(id))) throw notFound(MESSENGER_MESSAGES.memberNotFound);
    const isGroup = others.length > 1;
    const pairKey = isGroup ? null : [member.id, others[0]].sort().join(':');
    if (pairKey !== null) {
      const existing = await findPairConversation(db, pairKey);
      if (existing) return { conversation: await this.one(viewer, existing.id), created: false };
    }
    const friends = await friendsAmong(db, member.id, others);
    const id = uuidv7();
    const nowIso = clock.now().toISOString();
    const name = isGroup && input.name ? input.name : null;
    const created = await this.writer.write(async (trx) => {
      const inserted = await insertConversation(trx, {
        id,
        name,
        is_group: isGroup ? 1 : 0,
        pair_key: pairKey,
        created_by: member.id,
        created_at: nowIso,
        last_activity_at: nowIso,
      });
      if (!inserted) return false;
      await insertMembers(trx, id, nowIso, [
        { user_id: member.id, request: 0, visible_from: '' },
        ...others.map((userId) => ({
          user_id: userId,
          request: friends.has(userId) ? 0 : 1,
          visible_from: '',
        })),
      ]);
      return true;
    });
    if (!created && pairKey !== null) {
      // Another request made the pair's conversation meanwhile.
      const existing = await findPairConversation(db, pairKey);
      if (existing) return { conversation: await this.one(viewer, existing.id), created: false };
    }
    return { conversation: await this.one(viewer, id), created: true };
  }

  /** The member's inbox or requests, latest activity first. */
  async list(member: UserRow, query: ConversationsQuery): Promise<Page<Conversation>> {
    const viewer = viewerOfMember(member);
    const cursor = query.cursor === undefined ? undefined : parseCursor(query.cursor);
    const { items, nextCursor } = await keysetPage(
      query.limit,
      (limit) => conversationRows(this.deps.db, viewer, { folder: query.folder, cursor, limit }),
      conversationCursorOf,
    );
    return { items: await this.present(viewer, items), nextCursor };
  }

  /** One conversation as the list shows it; 404 for anyone but its members. */
  async get(member: UserRow, conversationId: string): Promise<Conversation> {
    return this.one(viewerOfMember(member), conversationId);
  }

  /** A page of messages, newest first, older than the cursor (a message id). */
  async messages(
    member: UserRow,
    conversationId: string,
    query: MessagesQuery,
  ): Promise<Page<ChatMessage>> {
    const viewer = viewerOfMember(member);
    const membership = await this.membership(viewer, conversationId);
    const { items, nextCursor } = await keysetPage(
      query.limit,
      (limit) => messagesPage(this.deps.db, viewer, membership, limit, query.cursor),
      (row) => row.id,
    );
    return { items: items.map((row) => toChatMessage(row, this.deps.imageUrls)), nextCursor };
  }

  /** Sends a message; accepts a request; delivered live to every member. */
  async send(
    member: UserRow,
    conversationId: string,
    input: SendMessageInput,
  ): Promise<ChatMessage> {
    const { db, clock, media, imageUrls, bus } = this.deps;
    const viewer = viewerOfMember(member);
    const membership = await this.membership(viewer, conversationId);
    const text = input.text.trim();
    const sentImage = (input.image ?? '').trim();
    if (text === '' && sentImage === '') throw invalid(MESSENGER_MESSAGES.empty);
    let image = '';
    if (sentImage !== '') {
      [image = ''] = await media.ownUploadKeys(
        db,
        member.id,
        [sentImage],
        MESSENGER_MESSAGES.imageNotYours,
      );
      // Only the member's message photos folder: nothing else of theirs becomes a message's.
      if (!image.startsWith(`${uploadFolderPath('messageImages', member.username)}/`)) {
        throw invalid(MESSENGER_MESSAGES.imageNotYours);
      }
    }
    const row = {
      id: uuidv7(),
      conversation_id: membership.conversation_id,
      sender_id: member.id,
      text,
      image,
      removed: 0,
      created_at: clock.now().toISOString(),
    };
    const memberIds = await this.writer.write(async (trx) => {
      await insertMessage(trx, row);
      return memberIdsOf(trx, row.conversation_id);
    });
    // The sender is the caller: their card needs no second read.
    const message = toChatMessage(
      {
        ...row,
        sender_username: member.username,
        sender_first_name: member.first_name,
        sender_last_name: member.last_name,
        sender_picture: member.picture,
      },
      imageUrls,
    );
    await bus.publish({ type: 'message.sent', conversationId, memberIds, message });
    return message;
  }

  /** Moves the member's read mark to the newest message; answers their figures. */
  async markRead(member: UserRow, conversationId: string): Promise<MessagesUnread> {
    const { db } = this.deps;
    const viewer = viewerOfMember(member);
    const membership = await this.membership(viewer, conversationId);
    const newest = await newestMessageId(db, conversationId, membership.visible_from);
    if (newest !== undefined && newest !== membership.read_message_id) {
      await this.writer.write((trx) =>
        updateMembership(trx, conversationId, member.id, { read_message_id: newest }),
      );
      await this.publish({
        type: 'conversation.read',
        conversationId,
        userId: member.id,
        messageId: newest,
        memberIds: await memberIdsOf(db, conversationId),
      });
    }
    return unreadFigures(db, viewer);
  }

  async accept(member: UserRow, conversationId: string): Promise<Conversation> {
    const viewer = viewerOfMember(member);
    const membership = await this.membership(viewer, conversationId);
    if (Number(membership.request) === 1) {
      await this.writer.write((trx) =>
        updateMembership(trx, conversationId, member.id, { request: 0 }),
      );
      await this.changed(conversationId, [member.id]);
    }
    return this.one(viewer, conversationId);
  }

  async mute(member: UserRow, conversationId: string, muted: boolean): Promise<{ muted: boolean }> {
    const viewer = viewerOfMember(member);
    const membership = await this.membership(viewer, conversationId);
    if (Number(membership.muted) !== (muted ? 1 : 0)) {
      await this.writer.write((trx) =>
        updateMembership(trx, conversationId, member.id, { muted: muted ? 1 : 0 }),
      );
      await this.changed(conversationId, [member.id]);
    }
    return { muted };
  }

  /** Adds members to a group; those already in it are skipped. */
  async addMembers(
    member: UserRow,
    conversationId: string,
    input: AddMembersInput,
  ): Promise<Conversation> {
    const { db, clock } = this.deps;
    const viewer = viewerOfMember(member);
    const membership = await this.membership(viewer, conversationId);
    if (Number(membership.is_group) !== 1) throw invalid(MESSENGER_MESSAGES.notGroup);
    const current = new Set(await memberIdsOf(db, conversationId));
    const added = [...new Set(input.add)].filter((id) => !current.has(id));
    const nameable = await nameableMembers(db, viewer, added);
    if (added.some((id) => !nameable.has(id))) throw notFound(MESSENGER_MESSAGES.memberNotFound);
    if (current.size + added.length > CONVERSATION_MEMBERS_MAX) {
      throw invalid(MESSENGER_MESSAGES.tooManyMembers);
    }
    if (added.length > 0) {
      const friends = await friendsAmong(db, member.id, added);
      // They read what is sent from now on.
      const visibleFrom = uuidv7();
      await this.writer.write((trx) =>
        insertMembers(
          trx,
          conversationId,
          clock.now().toISOString(),
          added.map((userId) => ({
            user_id: userId,
            request: friends.has(userId) ? 0 : 1,
            visible_from: visibleFrom,
          })),
        ),
      );
      await this.changed(conversationId, []);
    }
    return this.one(viewer, conversationId);
  }

  /** The member leaves: the conversation is gone from their reach. */
  async leave(member: UserRow, conversationId: string): Promise<'ok'> {
    const viewer = viewerOfMember(member);
    await this.membership(viewer, conversationId);
    await this.writer.write((trx) => deleteMembership(trx, conversationId, member.id));
    await this.changed(conversationId, [member.id]);
    return 'ok';
  }

  /** Its sender unsends a message: text and image erased, shown as removed. */
  async unsend(member: UserRow, messageId: string): Promise<'ok'> {
    const { db } = this.deps;
    const found = await findShownMessage(db, viewerOfMember(member), messageId);
    if (!found) throw notFound(MESSENGER_MESSAGES.messageNotFound);
    if (found.sender_id !== member.id) throw forbidden(MESSENGER_MESSAGES.notSender);
    if (Number(found.removed) === 1) return 'ok';
    await this.writer.write((trx) => eraseMessage(trx, messageId));
    await this.publish({
      type: 'message.removed',
      conversationId: found.conversation_id,
      messageId,
      senderId: member.id,
      memberIds: await memberIdsOf(db, found.conversation_id),
    });
    return 'ok';
  }

  /** The Messenger button's figures. */
  unread(member: UserRow): Promise<MessagesUnread> {
    return unreadFigures(this.deps.db, viewerOfMember(member));
  }

  /** A member's figures for live messages (their blocks read with the figures). */
  unreadOf(userId: string): Promise<MessagesUnread> {
    return unreadFigures(this.deps.db, { id: userId, hasBlocks: true });
  }

  /** The client's 'typing': relayed to the other members when the member is one; else dropped. */
  async typing(userId: string, conversationId: string): Promise<void> {
    const viewer: Viewer = { id: userId, hasBlocks: true };
    const membership = await findMembership(this.deps.db, viewer, conversationId);
    if (!membership) return;
    await this.publish({
      type: 'conversation.typing',
      conversationId,
      userId,
      memberIds: await memberIdsOf(this.deps.db, conversationId),
    });
  }

  private async membership(viewer: Viewer, conversationId: string): Promise<Membership> {
    const membership = await findMembership(this.deps.db, viewer, conversationId);
    if (!membership) throw notFound(MESSENGER_MESSAGES.conversationNotFound);
    return membership;
  }

  private async one(viewer: Viewer, conversationId: string): Promise<Conversation> {
    const rows = await conversationRows(this.deps.db, viewer, { ids: [conversationId] });
    const [conversation] = await this.present(viewer, rows);
    if (!conversation) throw notFound(MESSENGER_MESSAGES.conversationNotFound);
    return conversation;
  }

  private async present(
    viewer: Viewer,
    rows: Awaited<ReturnType<typeof conversationRows>>,
  ): Promise<Conversation[]> {
    if (rows.length === 0) return [];
    const { db, imageUrls } = this.deps;
    const lastIds = rows.flatMap((row) => (row.last_id === null ? [] : [row.last_id]));
    const [members, lastMessages, blocked] = await Promise.all([
      membersOf(
        db,
        rows.map((row) => row.id),
      ),
      messagesByIds(db, lastIds),
      viewer.hasBlocks ? blockedSetOf(db, viewer.id) : Promise.resolve(new Set<string>()),
    ]);
    const messageById = new Map(lastMessages.map((row) => [row.id, toChatMessage(row, imageUrls)]));
    return rows.map((row) =>
      toConversation(
        row,
        viewer.id,
        members.filter((member) => member.conversation_id === row.id),
        row.last_id === null ? null : (messageById.get(row.last_id) ?? null),
        imageUrls,
        blocked,
      ),
    );
  }

  /** Its members (and `also`, who left or changed only their own view) read it again. */
  private async changed(conversationId: string, also: string[]): Promise<void> {
    const memberIds = await memberIdsOf(this.deps.db, conversationId);
    await this.publish({
      type: 'conversation.changed',
      conversationId,
      memberIds: [...new Set([...memberIds, ...also])],
    });
  }

  private publish(event: DomainEvent): Promise<void> {
    return this.deps.bus.publish(event);
  }
}

function parseCursor(cursor: string): ConversationsFilter['cursor'] {
  const separator = cursor.indexOf('_');
  const at = cursor.slice(0, separator);
  const id = cursor.slice(separator + 1);
  if (separator < 0 || at === '' || id === '') throw invalid(SERVER_MESSAGES.invalidInput);
  return { at, id };
}
