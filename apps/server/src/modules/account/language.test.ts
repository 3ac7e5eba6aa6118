import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ACCOUNT_MESSAGES,
  COOKIE_NAMES,
  ROUTES,
  SERVER_MESSAGES,
  tooManyRequestsMessage,
} from '@hearth/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { loadConfig } from '../../config.js';
import { buildUser, signupForm } from '../../test-support/factories.js';
import { callEndpoint, useTestApp } from '../../test-support/test-app.js';
import { codeAt, loginTicket, turnOnTwoFactor } from '../../test-support/two-factor-api.js';

function changeLanguage(app: App, token: string | undefined, body: unknown) {
  return callEndpoint(app, ROUTES.changeLanguage, { rawBody: body, ...(token ? { token } : {}) });
}

function account(app: App, token: string) {
  return callEndpoint(app, ROUTES.getAccount, { token });
}

function login(app: App, email: string, password: string) {
  return callEndpoint(app, ROUTES.login, { body: { email, password } });
}

function register(app: App, headers: Record<string, string> = {}) {
  const form = signupForm();
  return callEndpoint(app, ROUTES.register, { rawBody: form, headers }).then((res) => ({
    res,
    form,
  }));
}

describe("changing one's language", () => {
  const ctx = useTestApp();

  it('200 with the sentence; stored: the account answers it, and the next login carries it', async () => {
    const ada = await buildUser(ctx);
    expect((await account(ctx.app, ada.token)).json().language).toBe('en');

    const res = await changeLanguage(ctx.app, ada.token, { language: 'ja' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.languageChanged, language: 'ja' });

    expect((await account(ctx.app, ada.token)).json()).toMatchObject({
      email: ada.user.email,
      language: 'ja',
    });
    const next = await login(ctx.app, ada.user.email, ada.password);
    expect(next.statusCode).toBe(200);
    expect(next.json()).toMatchObject({ message: SERVER_MESSAGES.loginSuccess, language: 'ja' });
    const row = await ctx.db
      .selectFrom('users')
      .select('language')
      .where('id', '=', ada.user.id)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('ja');

    // Back to English, and to a language with a region.
    for (const language of ['pt-BR', 'en']) {
      const again = await changeLanguage(ctx.app, ada.token, { language });
      expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.languageChanged, language });
    }
    expect((await account(ctx.app, ada.token)).json().language).toBe('en');
  });

  it('a code the list lacks: 400 with the schema’s sentence, and nothing changes', async () => {
    const ada = await buildUser(ctx);
    await changeLanguage(ctx.app, ada.token, { language: 'fr' });
    for (const body of [{ language: 'xx' }, { language: 'pt-br' }, { language: '' }, {}]) {
      const res = await changeLanguage(ctx.app, ada.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.languageInvalid });
    }
    expect((await account(ctx.app, ada.token)).json().language).toBe('fr');
  });

  it('401 without a session', async () => {
    const res = await changeLanguage(ctx.app, undefined, { language: 'fr' });
    expect(res.statusCode).toBe(401);
  });

  it('each member has their own', async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    await changeLanguage(ctx.app, ada.token, { language: 'ar' });
    expect((await account(ctx.app, ada.token)).json().language).toBe('ar');
    expect((await account(ctx.app, grace.token)).json().language).toBe('en');
  });
});

describe('every answer carrying a session has the language', () => {
  const ctx = useTestApp();

  it('register, login and loginTwoFactor', async () => {
    const { res } = await register(ctx.app);
    expect(res.statusCode).toBe(201);
    expect(res.json().language).toBe('en');

    const ada = await buildUser(ctx, { language: 'de' });
    expect((await login(ctx.app, ada.user.email, ada.password)).json().language).toBe('de');

    const { secret } = await turnOnTwoFactor(ctx, ada);
    const ticket = await loginTicket(ctx, ada);
    const second = await callEndpoint(ctx.app, ROUTES.loginTwoFactor, {
      body: { ticket, code: codeAt(ctx, secret) },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ language: 'de', token: expect.any(String) });
  });

  it('a stored value no release knows answers English', async () => {
    const ada = await buildUser(ctx, { language: 'tlh' });
    expect((await login(ctx.app, ada.user.email, ada.password)).json().language).toBe('en');
    expect((await account(ctx.app, ada.token)).json().language).toBe('en');
  });
});

describe('sign-up keeps the language the visitor had', () => {
  const ctx = useTestApp();

  async function signedUpLanguage(headers: Record<string, string>): Promise<string> {
    const { res, form } = await register(ctx.app, headers);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().language).toBeDefined();
    const row = await ctx.db
      .selectFrom('users')
      .select('language')
      .where('email', '=', form.email)
      .executeTakeFirstOrThrow();
    expect(res.json().language).toBe(row.language);
    return row.language;
  }

  it('the web app’s lang cookie when it holds a known code, before Accept-Language', async () => {
    expect(
      await signedUpLanguage({
        cookie: `${COOKIE_NAMES.language}=ar`,
        'accept-language': 'de-DE,de;q=0.9',
      }),
    ).toBe('ar');
    expect(await signedUpLanguage({ cookie: `${COOKIE_NAMES.language}=zh-Hans` })).toBe('zh-Hans');
  });

  it('else the best match of Accept-Language', async () => {
    expect(await signedUpLanguage({ 'accept-language': 'pt-PT,pt;q=0.9' })).toBe('pt-BR');
    expect(await signedUpLanguage({ 'accept-language': 'de-CH' })).toBe('de');
    expect(await signedUpLanguage({ 'accept-language': 'nl-NL, ja;q=0.5, en;q=0.8' })).toBe('en');
    expect(
      await signedUpLanguage({
        cookie: `${COOKIE_NAMES.language}=xx`,
        'accept-language': 'fr-CA,fr;q=0.9',
      }),
    ).toBe('fr');
  });

  it('else English', async () => {
    expect(await signedUpLanguage({})).toBe('en');
    expect(await signedUpLanguage({ 'accept-language': 'nl-NL,nl;q=0.9' })).toBe('en');
    expect(await signedUpLanguage({ 'accept-language': '*' })).toBe('en');
  });
});

describe('changing languages is limited', () => {
  const ctx = useTestApp({
    config: { limits: { languageChangesPerAccount: { max: 2, windowMs: 3_600_000 } } },
  });

  it('per member, refused ones included; past it: 429 and nothing changes; another member has their own count', async () => {
    const ada = await buildUser(ctx);
    const grace = await buildUser(ctx);
    expect((await changeLanguage(ctx.app, ada.token, { language: 'xx' })).statusCode).toBe(400);
    expect((await changeLanguage(ctx.app, ada.token, { language: 'fr' })).statusCode).toBe(200);

    const res = await changeLanguage(ctx.app, ada.token, { language: 'ja' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: tooManyRequestsMessage(3_600_000) });
    expect((await account(ctx.app, ada.token)).json().language).toBe('fr');

    expect((await changeLanguage(ctx.app, grace.token, { language: 'ja' })).statusCode).toBe(200);
  });
});

describe('the limit on language changes', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is 30 an hour per member unless RATE_LIMIT_LANGUAGE_CHANGES_ACCOUNT says otherwise', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hearth-config-'));
    expect(loadConfig({ DATA_DIR: dir }).limits.languageChangesPerAccount).toEqual({
      max: 30,
      windowMs: 3_600_000,
    });
    const set = loadConfig({
      DATA_DIR: dir,
      RATE_LIMIT_LANGUAGE_CHANGES_ACCOUNT: '4',
      RATE_LIMIT_LANGUAGE_CHANGES_ACCOUNT_WINDOW_SECONDS: '600',
    }).limits;
    expect(set.languageChangesPerAccount).toEqual({ max: 4, windowMs: 600_000 });
  });
});
