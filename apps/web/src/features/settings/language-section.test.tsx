import { ACCOUNT_MESSAGES, type ChangeLanguageInput, LANGUAGES } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLanguage } from '../../i18n';
import { serverText } from '../../i18n/server-text';
import type { Handlers } from '../../test/fake-server';
import { renderAsAda } from '../../test/render-app';

/** Ada's Settings, against a server that keeps the language she chooses. */
async function openSettings(handlers: Handlers = {}) {
  const app = renderAsAda('/settings', {
    changeLanguage: ({ body }) => ({
      body: {
        message: ACCOUNT_MESSAGES.languageChanged,
        language: (body as ChangeLanguageInput).language,
      },
    }),
    ...handlers,
  });
  const sent = () => app.callsTo('changeLanguage').map((call) => call.body);
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return { ...app, sent };
}

const section = (name = 'Language') => screen.getByRole('region', { name });
const radio = (name: string, region = section()) =>
  within(region).getByRole('radio', { name }) as HTMLInputElement;

describe('Settings → Language', () => {
  it('lists every language in its own name, first on the page, the one the app speaks checked', async () => {
    await openSettings();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles.slice(0, 2)).toEqual(['Language', 'Name']);

    const radios = within(section()).getAllByRole('radio');
    expect(radios).toHaveLength(LANGUAGES.length);
    for (const language of LANGUAGES) {
      const choice = radio(language.name);
      expect(choice.closest('label')).toHaveAttribute('lang', language.code);
    }
    expect(radio('English (UK)')).toBeChecked();
    expect(radio('Français (FR)')).not.toBeChecked();
  });

  it('keeps Français with the account, then speaks it: the heading in French, the answer said', async () => {
    const app = await openSettings();
    await app.user.click(radio('Français (FR)'));

    const french = await screen.findByRole('region', { name: 'Langue' });
    expect(within(french).getByRole('heading', { level: 2 })).toHaveTextContent('Langue');
    expect(app.sent()).toEqual([{ language: 'fr' }]);
    expect(currentLanguage()).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(radio('Français (FR)', french)).toBeChecked();
    expect(radio('English (UK)', french)).not.toBeChecked();
    await waitFor(() =>
      expect(within(french).getByRole('status')).toHaveTextContent(
        serverText(ACCOUNT_MESSAGES.languageChanged),
      ),
    );
    // The page's own title follows.
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent(/^Settings$/);
  });

  it('stays in English when the server refuses, saying why', async () => {
    const app = await openSettings({
      changeLanguage: () => ({
        status: 400,
        body: { message: ACCOUNT_MESSAGES.languageInvalid },
      }),
    });
    await app.user.click(radio('Deutsch'));

    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      ACCOUNT_MESSAGES.languageInvalid,
    );
    expect(app.sent()).toEqual([{ language: 'de' }]);
    expect(currentLanguage()).toBe('en');
    expect(radio('English (UK)')).toBeChecked();
    expect(radio('Deutsch')).not.toBeChecked();
  });
});
