import { type Post, postSchema, type Reaction } from '@hearth/contract';
import { compileSerializer } from '../../http/fast-serializer.js';
import type { CardText } from './card-cache.js';

const serializePost = compileSerializer(postSchema);

// The serializer writes the schema's keys in order: `reactions` is
// {check, reacts, total, checkSaved} and only `createdAt` follows it. Quotes inside strings are
// escaped, so these never occur inside a text or a name.
const CHECK = '"reactions":{"check":';
const SAVED = '"checkSaved":';

/** The card as every viewer sees it, cut around the viewer's two fields (CardText). */
export function cardTextOf(post: Post): CardText {
  const text = serializePost({
    ...post,
    reactions: { ...post.reactions, check: null, checkSaved: false },
  });
  const checkAt = text.lastIndexOf(`${CHECK}null,`);
  const savedAt = text.lastIndexOf(`${SAVED}false}`);
  if (checkAt < 0 || savedAt < checkAt) throw new Error('A post card serialized unexpectedly.');
  const memberIds = new Set([post.user._id, ...post.comments.map((c) => c.commentBy._id)]);
  return {
    postId: post._id,
    head: text.slice(0, checkAt + CHECK.length),
    middle: text.slice(checkAt + CHECK.length + 'null'.length, savedAt + SAVED.length),
    tail: text.slice(savedAt + SAVED.length + 'false'.length),
    memberIds: [...memberIds],
  };
}

/** The card's JSON as this viewer sees it. */
export function viewerCardJson(card: CardText, check: Reaction | null, saved: boolean): string {
  return `${card.head}${check === null ? 'null' : `"${check}"`}${card.middle}${saved}${card.tail}`;
}
