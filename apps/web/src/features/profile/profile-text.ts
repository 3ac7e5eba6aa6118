import { type MessageDescriptor, type Relationship, SUGGESTION_NAME_MAX } from '@hearth/contract';
import { translate } from '../../i18n';
import { profileMessages as m } from './profile.messages';

/** The counter under a limited field. */
export function remainingText(used: number, max: number): string {
  return translate(m.remaining, { count: max - used });
}

/** Each relationship (a value the server keeps in English), as the app shows it. */
const RELATIONSHIP_TEXT: Record<Relationship, MessageDescriptor> = {
  Single: m.relationshipSingle,
  'In a relationship': m.relationshipInARelationship,
  Married: m.relationshipMarried,
  Divorced: m.relationshipDivorced,
};

/** A relationship in the app's language (an unknown value as it is). */
export function relationshipText(value: string): string {
  const message = RELATIONSHIP_TEXT[value as Relationship];
  return message ? translate(message) : value;
}

/** A suggestion's name cut at 11 characters (spec section 9). */
export function shortName(name: string): string {
  return name.length > SUGGESTION_NAME_MAX ? `${name.slice(0, SUGGESTION_NAME_MAX)}…` : name;
}
