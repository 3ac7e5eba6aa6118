import type { ChatMessage, Comment, LiveReactions, LiveServerMessage } from '@hearth/contract';

/**
 * The domain events of Hearth (the live-network issue). A service publishes one after the
 * transaction that causes it has committed, never before, so a listener that reads the database
 * sees the change. Payloads carry ids and the little a listener needs without a query; they
 * travel as JSON between processes, so they hold only plain data.
 */
export type DomainEvent =
  /** A member posted (the followers' feeds gain it). */
  | { type: 'post.created'; postId: string; authorId: string }
  /** The author changed who may see the post (the card cache drops it; live routing re-checks). */
  | { type: 'post.audience'; postId: string; authorId: string; audience: string }
  /**
   * `blockerId` blocked (`blocked` true) or unblocked `blockedId`: sockets refresh their
   * viewer, and a blocked member's live messages stop reaching the other.
   */
  | { type: 'block.changed'; blockerId: string; blockedId: string; blocked: boolean }
  /**
   * Its author edited the post: what it shows now, as the live message carries it (its photos'
   * addresses signed when the post's files are). Caches drop its card; watchers who may see it
   * are told.
   */
  | {
      type: 'post.edited';
      postId: string;
      authorId: string;
      edit: Omit<PostEditedPayload, 'postId'>;
    }
  /** `muterId` muted (`muted` true) or unmuted `mutedId`: the muter's feed gains or loses them. */
  | { type: 'mute.changed'; muterId: string; mutedId: string; muted: boolean }
  /** A post went to trash: hidden everywhere, its notifications too. */
  | { type: 'post.trashed'; postId: string; authorId: string }
  /** A reaction was added, changed or withdrawn: the post's new summary (without viewer fields). */
  | { type: 'reactions.changed'; postId: string; actorId: string; reactions: LiveReactions }
  /**
   * `userId` saved or unsaved the post, or switched its notifications: their own view of its
   * card changed, nobody else's (kept viewer state drops theirs).
   */
  | { type: 'post.viewerState'; postId: string; userId: string }
  /** A comment was added: the comment as answers show it and the post's new count. */
  | { type: 'comment.added'; postId: string; comment: Comment; commentCount: number }
  /**
   * A friendship or follow changed between `actorId` (who did it) and `otherId`. Listeners read
   * the pair's flags from the database when they need them.
   */
  | {
      type: 'friendship.changed';
      change:
        | 'requestSent'
        | 'requestCancelled'
        | 'requestAccepted'
        | 'requestDeclined'
        | 'unfriended'
        | 'followed'
        | 'unfollowed';
      actorId: string;
      otherId: string;
    }
  /** Name, picture, cover or details changed. */
  | { type: 'profile.changed'; userId: string }
  /**
   * Post cards changed without another event saying so (accounts deleted by the purge took
   * their comments and reactions): caches drop these posts' cards and those showing these
   * members.
   */
  | { type: 'cards.stale'; postIds: string[]; memberIds: string[] }
  /** A session ended (logout), or all of a member's sessions (`sessionId` null: logout of all
   * devices, a password reset). Sockets of those sessions close. */
  | { type: 'session.ended'; userId: string; sessionId: string | null }
  /** A notification was created or changed (a reaction replaced by another one). */
  | { type: 'notification.created'; userId: string; notificationId: string }
  /** A notification went away (a withdrawn reaction or friend request). */
  | { type: 'notification.removed'; userId: string; notificationId: string }
  /** Some or all of a member's notifications were marked read. */
  | { type: 'notifications.read'; userId: string }
  /**
   * A message was sent (API.md, Messages): the message as its members read it (its image's
   * address signed) and the conversation's current members, whose sockets get it (not those of a
   * member blocked either way with its sender), each with their own Messenger figures.
   */
  | { type: 'message.sent'; conversationId: string; memberIds: string[]; message: ChatMessage }
  /** Its sender unsent a message: its members' sockets show it removed. */
  | {
      type: 'message.removed';
      conversationId: string;
      messageId: string;
      senderId: string;
      memberIds: string[];
    }
  /** `userId` read the conversation up to `messageId` ('Seen'; their own figures drop). */
  | {
      type: 'conversation.read';
      conversationId: string;
      userId: string;
      messageId: string;
      memberIds: string[];
    }
  /** `userId` is writing in the conversation: to the other members. */
  | { type: 'conversation.typing'; conversationId: string; userId: string; memberIds: string[] }
  /**
   * Members joined or left, a request was accepted, or it was muted: these members (those who
   * left included) read it again.
   */
  | { type: 'conversation.changed'; conversationId: string; memberIds: string[] };

/** The 'postEdited' live message's payload (contract, schemas/live.ts). */
type PostEditedPayload = Extract<LiveServerMessage, { type: 'postEdited' }>['payload'];

export type DomainEventType = DomainEvent['type'];
export type EventOf<Type extends DomainEventType> = Extract<DomainEvent, { type: Type }>;
