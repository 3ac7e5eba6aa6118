import type { ChatMessage, Conversation } from '@hearth/contract';

/** Messages of one sender this close together share a bubble group. */
export const GROUP_GAP_MS = 5 * 60_000;
/** A longer silence than this shows the time above the next messages. */
export const TIME_GAP_MS = 20 * 60_000;

export interface MessageGroup {
  key: string;
  senderId: string | null;
  messages: ChatMessage[];
  /** The time shown above the group, after a silence (or above the first). */
  showTime: boolean;
}

/** The pages (newest first) as the screen shows them: oldest first, each message once. */
export function chronological(newestFirst: readonly ChatMessage[]): ChatMessage[] {
  const seen = new Set<string>();
  const once: ChatMessage[] = [];
  for (const message of newestFirst) {
    if (seen.has(message._id)) continue;
    seen.add(message._id);
    once.push(message);
  }
  return once.reverse();
}

/** Consecutive messages of one sender, close in time, grouped as Messenger's bubbles are. */
export function groupMessages(messages: readonly ChatMessage[]): MessageGroup[] {
  const groups: MessageGroup[] = [];
  let previous: ChatMessage | undefined;
  for (const message of messages) {
    const senderId = message.sender?._id ?? null;
    const gap = previous
      ? Date.parse(message.createdAt) - Date.parse(previous.createdAt)
      : Number.POSITIVE_INFINITY;
    const last = groups[groups.length - 1];
    if (last && last.senderId === senderId && gap <= GROUP_GAP_MS) {
      last.messages.push(message);
    } else {
      groups.push({ key: message._id, senderId, messages: [message], showTime: gap > TIME_GAP_MS });
    }
    previous = message;
  }
  return groups;
}

/**
 * The other members who read the viewer's last message (their read mark on it or later): the
 * 'Seen' under it. A mark on a message not loaded is older than all of them.
 */
export function seenByUnderLastOwn(
  messages: readonly ChatMessage[],
  conversation: Conversation,
  viewerId: string,
): { messageId: string; readerIds: string[] } | null {
  let lastOwn = -1;
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    if (messages[index]?.sender?._id === viewerId) {
      lastOwn = index;
      break;
    }
  }
  const own = messages[lastOwn];
  if (!own) return null;
  const position = new Map(messages.map((message, index) => [message._id, index]));
  const readerIds = conversation.readMarks
    .filter((mark) => mark.userId !== viewerId && (position.get(mark.messageId) ?? -1) >= lastOwn)
    .map((mark) => mark.userId);
  return readerIds.length > 0 ? { messageId: own._id, readerIds } : null;
}
