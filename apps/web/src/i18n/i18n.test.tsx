import { COOKIE_NAMES, defineMessages } from '@hearth/contract';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { LoginFooter } from '../features/auth/login-footer';
import { homeMessages } from '../features/home/home.messages';
import { settingsMessages } from '../features/settings/settings.messages';
import { MemoryRouter } from '../routing/routing';
import {
  catalogueComplete,
  currentLanguage,
  lazyTranslated,
  preferredLanguage,
  setLanguage,
  T,
  translate,
  useT,
} from '.';

const m = defineMessages('i18nTest', {
  comments: '{count, plural, one {# comment} other {# comments}}',
  hello: 'Hello {name}',
  rules: 'Read the <0>rules</0> first.',
});

function Comments({ count }: { count: number }) {
  const t = useT();
  return <p>{t(m.comments, { count })}</p>;
}

const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.split('=')[1];

describe('the app’s language', () => {
  it('is the browser’s on a first visit, the chosen one after', () => {
    expect(preferredLanguage()).toBe('en');
    // biome-ignore lint/suspicious/noDocumentCookie: happy-dom has no Cookie Store API.
    document.cookie = `${COOKIE_NAMES.language}=fr; Path=/`;
    expect(preferredLanguage()).toBe('fr');
    // biome-ignore lint/suspicious/noDocumentCookie: as above.
    document.cookie = `${COOKIE_NAMES.language}=xx; Path=/`;
    expect(preferredLanguage()).toBe('en');
  });

  it('switches from the login footer: French texts, lang and dir, remembered in a cookie', async () => {
    const person = userEvent.setup();
    render(
      <MemoryRouter>
        <LoginFooter />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
    await person.click(screen.getByRole('link', { name: 'Français (FR)' }));
    expect(await screen.findByRole('link', { name: 'S’inscrire' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Langues' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');
    expect(cookie(COOKIE_NAMES.language)).toBe('fr');
    expect(currentLanguage()).toBe('fr');

    await person.click(screen.getByRole('link', { name: 'العربية' }));
    await screen.findByRole('list', { name: 'اللغات' });
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('writes plurals as each language has them, and numbers as it writes them', async () => {
    const { rerender } = render(<Comments count={1} />);
    expect(screen.getByText('1 comment')).toBeInTheDocument();
    rerender(<Comments count={1200} />);
    expect(screen.getByText('1,200 comments')).toBeInTheDocument();
    await act(() => setLanguage('de', { remember: false }));
    // No German text for this test's message: English words, German digits.
    expect(screen.getByText('1.200 comments')).toBeInTheDocument();
  });

  it('puts elements where the translation puts them', () => {
    render(<T message={m.rules} components={{ 0: <a href="/about">x</a> }} />);
    expect(screen.getByRole('link', { name: 'rules' })).toHaveAttribute('href', '/about');
  });

  it('keeps the later of two quick choices, whichever catalogue arrives first', async () => {
    await Promise.all([
      setLanguage('ar', { remember: false }),
      setLanguage('de', { remember: false }),
    ]);
    expect(currentLanguage()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });

  it('starts on the first part of the catalogue; a lazy screen waits for the rest, never showing English', async () => {
    // As the app's start does: the home screen's texts before the first render, the rest after.
    await setLanguage('es', { remember: false, restLater: true });
    expect(translate(homeMessages.shortcuts)).toBe('Accesos directos');
    // The Settings page's texts are in the rest, still on its way.
    expect(translate(settingsMessages.title)).toBe('Settings');

    const shown: string[] = [];
    function SettingsTitle() {
      const t = useT();
      shown.push(t(settingsMessages.title));
      return <h1>{t(settingsMessages.title)}</h1>;
    }
    const LazySettingsTitle = lazyTranslated(async () => ({ default: SettingsTitle }));
    render(
      <Suspense fallback={null}>
        <LazySettingsTitle />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Configuración' })).toBeInTheDocument();
    expect(shown.filter((text) => text !== 'Configuración')).toEqual([]);
    await catalogueComplete();
    expect(translate(settingsMessages.title)).toBe('Configuración');
  });

  it('wraps every translated text in the pseudo-language, so the walk finds the rest', async () => {
    await setLanguage('pseudo', { remember: false });
    expect(translate(m.hello, { name: 'Ada' })).toBe('⟦Hello Ada⟧');
    expect(document.documentElement.lang).toBe('en');
  });
});
