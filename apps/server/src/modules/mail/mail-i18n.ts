import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  type LanguageCode,
  languageDirection,
  type MessageDescriptor,
  sourceText,
} from '@hearth/contract';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import ar from './catalogues/ar.json' with { type: 'json' };
import de from './catalogues/de.json' with { type: 'json' };
import es from './catalogues/es.json' with { type: 'json' };
import fr from './catalogues/fr.json' with { type: 'json' };
import ja from './catalogues/ja.json' with { type: 'json' };
import ptBR from './catalogues/pt-BR.json' with { type: 'json' };
import { MAIL_MESSAGES } from './mail.messages.js';

/*
 * The mails' languages (the languages issue): each mail is written in its recipient's language
 * when a catalogue of ours has it (catalogues/<code>.json: message id → ICU text), message by
 * message in English otherwise. One Lingui instance per language, made once.
 */

/** The mail catalogues, by language: each holds every message of mail.messages.ts. */
export const MAIL_CATALOGUES: Readonly<Partial<Record<LanguageCode, Record<string, string>>>> = {
  fr,
  es,
  de,
  'pt-BR': ptBR,
  ar,
  ja,
};

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function compiled(messages: Record<string, string>): Messages {
  return Object.fromEntries(
    Object.entries(messages).map(([id, text]) => [id, compileMessage(text)]),
  );
}

const english: Record<string, string> = Object.fromEntries(
  Object.values(MAIL_MESSAGES).map((descriptor) => [descriptor.id, sourceText(descriptor)]),
);

const instances = new Map<LanguageCode, I18n>();

/** The Lingui instance of a language with a catalogue (English's for any other). */
function i18nOf(language: LanguageCode): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    // English under every id, the translation over it: a missing id falls back to English.
    const messages = compiled({ ...english, ...MAIL_CATALOGUES[language] });
    i18n = setupI18n({ locale: language, messages: { [language]: messages } });
    i18n.setMessagesCompiler(compileMessage);
    instances.set(language, i18n);
  }
  return i18n;
}

/**
 * The language a mail to this member is written in: theirs when a catalogue has it, English
 * otherwise (a language without a catalogue, or a value no release knows).
 */
export function mailLanguage(stored: string | null | undefined): LanguageCode {
  return isLanguageCode(stored) && MAIL_CATALOGUES[stored] ? stored : DEFAULT_LANGUAGE;
}

/** A value of a message: plain text (escaped in the HTML part), a number (for plurals), or both forms. */
export type MailValue = string | number | { text: string; html: string };

/** A message in both parts of a mail: the text part's, and the HTML part's (escaped). */
export interface Formatted {
  text: string;
  html: string;
}

// Values go through Lingui as private-use marks and are put in afterwards: Lingui then never
// reads what members typed (it would decode `\u0000` in it), and the HTML part escapes the
// message's own text while a link's value goes in as the element it is.
const SLOT = /\uE000(\d+)\uE001/g;

/** Writes one language's mails. */
export class MailWriter {
  readonly language: LanguageCode;
  readonly dir: 'ltr' | 'rtl';
  private readonly i18n: I18n;

  constructor(stored: string | null | undefined) {
    this.language = mailLanguage(stored);
    this.dir = languageDirection(this.language);
    this.i18n = i18nOf(this.language);
  }

  /** A message with its values, in both parts. */
  t(descriptor: MessageDescriptor, values: Record<string, MailValue> = {}): Formatted {
    const slots: { text: string; html: string }[] = [];
    const marked: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === 'number') {
        marked[name] = value;
        continue;
      }
      marked[name] = `\uE000${slots.length}\uE001`;
      slots.push(typeof value === 'string' ? { text: value, html: escapeHtml(value) } : value);
    }
    const out = this.i18n._(descriptor.id, marked);
    return {
      text: out.replace(SLOT, (_all, index: string) => slots[Number(index)]?.text ?? ''),
      html: escapeHtml(out).replace(
        SLOT,
        (_all, index: string) => slots[Number(index)]?.html ?? '',
      ),
    };
  }

  /** A date and time as the language writes it (English: as the mails always did, en-GB). */
  dateTime(date: Date): string {
    return date.toLocaleString(this.language === 'en' ? 'en-GB' : this.language, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
      timeZoneName: 'short',
    });
  }
}
