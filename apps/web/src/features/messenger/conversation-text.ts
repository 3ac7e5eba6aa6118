import {
  type ChatMessage,
  type Conversation,
  type ConversationMember,
  DEFAULT_PICTURE,
  type MessageDescriptor,
} from '@hearth/contract';
import { fullName } from '../../ui/full-name';
import { messengerMessages as m } from './messenger.messages';

type Translate = (descriptor: MessageDescriptor, values?: Record<string, unknown>) => string;

/** The members besides the viewer, in the order they joined. */
export function otherMembers(conversation: Conversation, viewerId: string): ConversationMember[] {
  return conversation.members.filter((member) => member._id !== viewerId);
}

/** A group's name, else the other members' names (as Messenger names a chat). */
export function conversationTitle(conversation: Conversation, viewerId: string, t: Translate) {
  if (conversation.name) return conversation.name;
  const others = otherMembers(conversation, viewerId);
  return others.length > 0 ? others.map(fullName).join(', ') : t(m.nobodyElse);
}

/** The first other member's picture stands for the conversation. */
export function conversationPicture(conversation: Conversation, viewerId: string): string {
  return otherMembers(conversation, viewerId)[0]?.picture ?? DEFAULT_PICTURE;
}

/** What a message says in a list's one line: its text, 'Photo', or 'Message removed'. */
function messageGist(message: ChatMessage, t: Translate): string {
  if (message.removed) return t(m.messageRemoved);
  if (message.text) return message.text;
  return message.image ? t(m.sentPhoto) : '';
}

/** The last message in one line, 'You: …' for the viewer's own, the sender's name in a group. */
export function previewText(conversation: Conversation, viewerId: string, t: Translate): string {
  const last = conversation.lastMessage;
  if (!last) return t(m.noMessagesYet);
  const gist = messageGist(last, t);
  if (last.sender?._id === viewerId) return t(m.previewFrom, { name: t(m.you), text: gist });
  if (conversation.isGroup && last.sender) {
    return t(m.previewFrom, { name: last.sender.first_name, text: gist });
  }
  return gist;
}
