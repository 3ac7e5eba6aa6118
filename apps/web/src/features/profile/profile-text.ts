import { SUGGESTION_NAME_MAX } from '@hearth/contract';

/** The counter under a limited field. */
export function remainingText(used: number, max: number): string {
  return `${max - used} characters remaining`;
}

/** A suggestion's name cut at 11 characters (spec section 9). */
export function shortName(name: string): string {
  return name.length > SUGGESTION_NAME_MAX ? `${name.slice(0, SUGGESTION_NAME_MAX)}…` : name;
}
