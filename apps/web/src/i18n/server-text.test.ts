import {
  FILE_MESSAGES,
  fileMessage,
  IMAGE_MAX_PIXELS,
  MEDIA_MESSAGES,
  REGISTER_MESSAGES,
  SERVER_MESSAGES,
  sourceText,
  tooManyRequestsMessage,
} from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { setLanguage, translate } from './i18n';
import { contractMessages, filledMessages } from './server.messages';
import { serverText } from './server-text';

const FILE = 'holiday photo.png';
const MEGAPIXELS = String(IMAGE_MAX_PIXELS / 1_000_000);

describe('the contract’s sentences in English', () => {
  it('come back from serverText as they are', () => {
    for (const text of [
      REGISTER_MESSAGES.passwordMin,
      SERVER_MESSAGES.loginSuccess,
      fileMessage(FILE_MESSAGES.picture.size, FILE),
      tooManyRequestsMessage(300_000),
      'A member’s own words',
    ]) {
      expect(serverText(text)).toBe(text);
    }
  });

  it('are each written as a message of server.messages.ts, word for word', () => {
    for (const group of Object.values(contractMessages)) {
      for (const descriptor of Object.values(group)) {
        expect(translate(descriptor)).toBe(sourceText(descriptor));
      }
    }
  });

  it('filled in by the server read as the contract fills them in', () => {
    expect(translate(filledMessages.tooManyRequests, { minutes: 1 })).toBe(
      tooManyRequestsMessage(60_000),
    );
    expect(translate(filledMessages.tooManyRequests, { minutes: 5 })).toBe(
      tooManyRequestsMessage(300_000),
    );
    expect(translate(filledMessages.pathForbidden, { me: 'ada', postId: 'p1' })).toBe(
      MEDIA_MESSAGES.pathForbidden.replaceAll('{me}', 'ada').replace('{postId}', 'p1'),
    );
    expect(translate(filledMessages.tooManyPixels, { file: FILE, megapixels: MEGAPIXELS })).toBe(
      fileMessage(MEDIA_MESSAGES.tooManyPixels, FILE),
    );
    const byFile = [
      [filledMessages.unreadable, MEDIA_MESSAGES.unreadable],
      [filledMessages.pictureSize, FILE_MESSAGES.picture.size],
      [filledMessages.pictureType, FILE_MESSAGES.picture.type],
      [filledMessages.postType, FILE_MESSAGES.post.type],
      [filledMessages.postSize, FILE_MESSAGES.post.size],
      [filledMessages.commentType, FILE_MESSAGES.comment.type],
      [filledMessages.commentSize, FILE_MESSAGES.comment.size],
    ] as const;
    for (const [message, template] of byFile) {
      expect(translate(message, { file: FILE })).toBe(fileMessage(template, FILE));
    }
    // Every filled message is checked above.
    expect(Object.keys(filledMessages)).toHaveLength(byFile.length + 3);
  });
});

describe('the contract’s sentences in French', () => {
  it('are found by their English text, keeping what the server filled in', async () => {
    await setLanguage('fr', { remember: false });
    expect(serverText(REGISTER_MESSAGES.passwordMin)).toBe(
      'Le mot de passe doit comporter au moins 6 caractères.',
    );
    expect(serverText(SERVER_MESSAGES.invalidCredentials)).toBe(
      'Identifiants incorrects. Veuillez réessayer.',
    );

    const tooLarge = serverText(fileMessage(FILE_MESSAGES.picture.size, FILE));
    expect(tooLarge).toBe(`${FILE} est trop volumineux. 5 Mo au maximum.`);
    expect(serverText(fileMessage(FILE_MESSAGES.comment.type, FILE))).toContain(FILE);
    expect(serverText(fileMessage(MEDIA_MESSAGES.tooManyPixels, FILE))).toBe(
      `${FILE} a trop de pixels : ${MEGAPIXELS} mégapixels au maximum sont autorisés.`,
    );

    expect(serverText(tooManyRequestsMessage(300_000))).toBe(
      'Trop de tentatives. Veuillez patienter 5 minutes et réessayer.',
    );
    expect(serverText(tooManyRequestsMessage(60_000))).toBe(
      'Trop de tentatives. Veuillez patienter 1 minute et réessayer.',
    );

    // A member's text, or a sentence the app does not know, is left as it is.
    expect(serverText('Something nobody wrote in the contract.')).toBe(
      'Something nobody wrote in the contract.',
    );
  });
});
