import {
  FILE_MESSAGES,
  MEDIA_MESSAGES,
  type MessageDescriptor,
  SERVER_MESSAGES,
  sourceText,
} from '@hearth/contract';
import { translate } from './i18n';
import { contractMessages, filledMessages } from './server.messages';

/** A sentence the server fills in: its English template, as a pattern, and its message. */
interface Filled {
  pattern: RegExp;
  message: MessageDescriptor;
  values: (match: RegExpMatchArray) => Record<string, unknown>;
}

let exact: Map<string, MessageDescriptor> | undefined;
let filled: Filled[] | undefined;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `{file} is too large` → /^(.+) is too large$/, the names of its placeholders in order. */
function templatePattern(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split(/(\{[a-zA-Z]+\})/)
    .map((part) => {
      const name = /^\{([a-zA-Z]+)\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      if (names.includes(name)) return `\\k<${name}>`;
      names.push(name);
      return `(?<${name}>.+?)`;
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`, 's'), names };
}

function fromTemplate(template: string, message: MessageDescriptor): Filled {
  const { pattern } = templatePattern(template);
  return { pattern, message, values: (match) => ({ ...match.groups }) };
}

function build() {
  exact = new Map();
  for (const group of Object.values(contractMessages)) {
    for (const descriptor of Object.values(group) as MessageDescriptor[]) {
      exact.set(sourceText(descriptor), descriptor);
    }
  }
  filled = [
    {
      pattern: templatePattern(
        SERVER_MESSAGES.tooManyRequests.replace('{minutes}', '{count} {unit}'),
      ).pattern,
      message: filledMessages.tooManyRequests,
      values: (match) => ({ minutes: Number(match.groups?.count) }),
    },
    fromTemplate(MEDIA_MESSAGES.pathForbidden, filledMessages.pathForbidden),
    {
      pattern: templatePattern(
        MEDIA_MESSAGES.tooManyPixels.replace(/\d+(\.\d+)? megapixels/, '{megapixels} megapixels'),
      ).pattern,
      message: filledMessages.tooManyPixels,
      values: (match) => ({ ...match.groups }),
    },
    fromTemplate(MEDIA_MESSAGES.unreadable, filledMessages.unreadable),
    fromTemplate(FILE_MESSAGES.picture.size, filledMessages.pictureSize),
    fromTemplate(FILE_MESSAGES.picture.type, filledMessages.pictureType),
    fromTemplate(FILE_MESSAGES.post.type, filledMessages.postType),
    fromTemplate(FILE_MESSAGES.post.size, filledMessages.postSize),
    fromTemplate(FILE_MESSAGES.comment.type, filledMessages.commentType),
    fromTemplate(FILE_MESSAGES.comment.size, filledMessages.commentSize),
  ];
}

/**
 * A sentence of the server or of the contract's form checks, in the app's language: found by
 * its English text (filled-in ones by their template, keeping the file name or the wait);
 * anything else (a member's text, an unknown sentence) comes back as it is. Loaded with a
 * language other than English (server-text.ts), so English pages carry none of it.
 */
export function lookUpServerText(text: string): string {
  if (!exact || !filled) build();
  const known = exact?.get(text);
  if (known) return translate(known);
  for (const entry of filled ?? []) {
    const match = text.match(entry.pattern);
    if (match) return translate(entry.message, entry.values(match));
  }
  return text;
}
