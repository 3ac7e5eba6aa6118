import { type Post, postSchema, type Reaction } from '@hearth/contract';
import { compileSerializer } from '../../http/fast-serializer.js';
import type { CardText } from './card-cache.js';
import { signedFreshUntil, type ViewerState } from './present.js';

const serializePost = compileSerializer(postSchema);

// The serializer writes the schema's keys in order: `reactions` is
// {check, reacts, total, checkSaved, notificationsOn}, the viewer's three fields. Quotes inside
// strings are escaped, so these never occur inside a text or a name.
const CHECK = Buffer.from('"reactions":{"check":null,');
const SAVED = Buffer.from('"checkSaved":false,"notificationsOn":false}');
const SAVED_VALUE_AT = '"checkSaved":'.length;
const NULL_LENGTH = 'null'.length;
const FALSE_LENGTH = 'false'.length;

/** The card as every viewer sees it, with where the viewer's three fields go (CardText). */
export function cardTextOf(post: Post): CardText {
  const text = serializePost({
    ...post,
    reactions: { ...post.reactions, check: null, checkSaved: false, notificationsOn: false },
  });
  // Its own memory, not a slice of a shared pool that it would keep alive.
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  const checkAt = bytes.lastIndexOf(CHECK);
  const savedAt = bytes.lastIndexOf(SAVED);
  if (checkAt < 0 || savedAt < checkAt) throw new Error('A post card serialized unexpectedly.');
  const memberIds = new Set([post.user._id, ...post.comments.map((c) => c.commentBy._id)]);
  // A card with signed image addresses is kept no longer than they may be handed out.
  const validUntil = signedFreshUntil(post);
  return {
    postId: post._id,
    bytes,
    checkAt: checkAt + CHECK.length - NULL_LENGTH - 1,
    savedAt: savedAt + SAVED_VALUE_AT,
    notifyAt: savedAt + SAVED.length - FALSE_LENGTH - 1,
    authorId: post.user._id,
    memberIds: [...memberIds],
    ...(validUntil === undefined ? {} : { validUntil }),
  };
}

const REACTION_BYTES = new Map<Reaction | null, Buffer>([[null, Buffer.from('null')]]);
const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');

function reactionBytes(check: Reaction | null): Buffer {
  let bytes = REACTION_BYTES.get(check);
  if (!bytes) {
    bytes = Buffer.from(JSON.stringify(check));
    REACTION_BYTES.set(check, bytes);
  }
  return bytes;
}

/** Appends the card's JSON as this viewer sees it to `out`, as pieces to concatenate. */
export function pushViewerCard(out: Buffer[], card: CardText, viewer: ViewerState): void {
  const { bytes, checkAt, savedAt, notifyAt } = card;
  out.push(
    bytes.subarray(0, checkAt),
    reactionBytes(viewer.mine),
    bytes.subarray(checkAt + NULL_LENGTH, savedAt),
    viewer.saved ? TRUE : FALSE,
    bytes.subarray(savedAt + FALSE_LENGTH, notifyAt),
    viewer.notificationsOn ? TRUE : FALSE,
    bytes.subarray(notifyAt + FALSE_LENGTH),
  );
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** A JSON array of the cards, each given as its pieces. */
export function jsonArray(cards: Buffer[][]): Buffer {
  const pieces: Buffer[] = [OPEN];
  cards.forEach((card, index) => {
    if (index > 0) pieces.push(COMMA);
    pieces.push(...card);
  });
  pieces.push(CLOSE);
  return Buffer.concat(pieces);
}
