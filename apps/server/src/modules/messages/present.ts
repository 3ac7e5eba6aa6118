import { type ChatMessage, type Conversation, imageVariants } from '@hearth/contract';
import type { ImageUrls } from '../../infra/storage/image-urls.js';
import type { ConversationListRow, MemberCardRow, MessageCardRow } from './repo.js';

/** A message as its conversation's members read it; its image's addresses always signed. */
export function toChatMessage(row: MessageCardRow, imageUrls: ImageUrls): ChatMessage {
  const removed = Number(row.removed) === 1;
  const url = !removed && row.image !== '' ? imageUrls.url(row.image, true) : '';
  return {
    _id: row.id,
    conversationId: row.conversation_id,
    sender:
      row.sender_id === null || row.sender_username === null
        ? null
        : {
            _id: row.sender_id,
            username: row.sender_username,
            first_name: row.sender_first_name ?? '',
            last_name: row.sender_last_name ?? '',
            picture: imageUrls.url(row.sender_picture ?? ''),
          },
    text: removed ? '' : row.text,
    image: url === '' ? null : { url, variants: imageVariants(url) },
    removed,
    createdAt: row.created_at,
  };
}

/** A conversation as the viewer sees it, from its list row, members and newest message. */
export function toConversation(
  row: ConversationListRow,
  viewerId: string,
  members: MemberCardRow[],
  lastMessage: ChatMessage | null,
  imageUrls: ImageUrls,
  /** Members blocked either way with the viewer: their read marks are not shown. */
  blocked: ReadonlySet<string>,
): Conversation {
  return {
    _id: row.id,
    name: row.name,
    isGroup: Number(row.is_group) === 1,
    members: members.map((member) => ({
      _id: member.user_id,
      username: member.username,
      first_name: member.first_name,
      last_name: member.last_name,
      picture: imageUrls.url(member.picture),
    })),
    lastMessage,
    lastActivityAt: row.last_activity_at,
    unreadCount: Number(row.unread_count),
    request: Number(row.request) === 1,
    muted: Number(row.muted) === 1,
    readMarks: members
      .filter(
        (member) =>
          member.user_id !== viewerId &&
          member.read_message_id !== null &&
          !blocked.has(member.user_id),
      )
      .map((member) => ({ userId: member.user_id, messageId: member.read_message_id as string })),
  };
}

/** `{lastActivityAt}_{id}`: neither an ISO time nor a UUID holds '_'. */
export function conversationCursorOf(row: Pick<ConversationListRow, 'last_activity_at' | 'id'>) {
  return `${row.last_activity_at}_${row.id}`;
}
