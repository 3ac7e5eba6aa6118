import { HOME_SCREEN_ATTRIBUTE } from '@hearth/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { App } from '../app';
import { captureLoginHandover } from '../features/auth/prerender-handover';
import { preloadLoginPage } from '../features/layout/lazy-pages';
import { stubServer } from '../test/fake-server';
import { authAnswer } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { renderLoginMarkup } from './login-markup';
import {
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_CSS_ATTRIBUTE,
  PRERENDERED_LOGIN_CLASS,
  PRERENDERED_LOGIN_SUBMITTED_CLASS,
  PRERENDERED_SIGNUP_CLASS,
} from './prerender-constants';
import { appLoaderScript, HOME_HYDRATED_HOOK, showLoginScript } from './show-login-script';

describe('the prerendered login screen', () => {
  it('holds the login form as the spec words it, with the brand and the footer', async () => {
    document.body.innerHTML = await renderLoginMarkup();
    expect(screen.getByRole('heading', { name: 'hearth' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Email address or phone number')).toHaveAttribute(
      'type',
      'email',
    );
    expect(screen.getByPlaceholderText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgotten password?' })).toHaveAttribute(
      'href',
      '/reset',
    );
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Languages' })).toBeInTheDocument();
    document.body.innerHTML = '';
  });
});

describe('the prerendered login screen, taken over by the app', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it.each(['/login', '/', '/profile/someone'])(
    'is hydrated at %s: the same form, no part drawn again',
    async (path) => {
      window.history.replaceState(null, '', path);
      const screenElement = document.createElement('div');
      screenElement.innerHTML = (await renderLoginMarkup()).replace(/^(?:<link\b[^>]*>)*/, '');
      document.body.append(screenElement);
      const form = screenElement.querySelector('form');
      expect(form).not.toBeNull();
      await preloadLoginPage();
      const mismatches: unknown[] = [];
      let root: Root | undefined;
      await act(async () => {
        root = hydrateRoot(screenElement, <App queryClient={createQueryClient()} />, {
          onRecoverableError: (error) => mismatches.push(error),
        });
      });
      expect(mismatches).toEqual([]);
      expect(screenElement.querySelector('form')).toBe(form);
      expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
      act(() => root?.unmount());
    },
  );
});

describe('the script that decides before paint whether it shows', () => {
  const html = document.documentElement;

  function runAt(path: string) {
    window.history.replaceState(null, '', path);
    // The build puts the login screen's CSS inline and disabled links beside it (happy-dom would
    // try to fetch a link, so a <meta> stands in for it here).
    document.head.innerHTML = `<style ${PRERENDERED_CSS_ATTRIBUTE}></style><meta ${PRERENDERED_CSS_ATTRIBUTE}>`;
    html.classList.remove(PRERENDERED_LOGIN_CLASS);
    new Function(showLoginScript())();
    return {
      shown: html.classList.contains(PRERENDERED_LOGIN_CLASS),
      keptCss: document.head.querySelectorAll(`[${PRERENDERED_CSS_ATTRIBUTE}]`).length,
    };
  }

  function setUserCookie(value: string) {
    // biome-ignore lint/suspicious/noDocumentCookie: the test plants the session cookie.
    document.cookie = `user=${value}; Path=/`;
  }

  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: no session to start with.
    document.cookie = 'user=; Path=/; Max-Age=0';
  });
  afterEach(() => {
    html.classList.remove(PRERENDERED_LOGIN_CLASS);
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('shows it without a session where the app opens on the login screen', () => {
    for (const path of [
      '/',
      '/login',
      '/LOGIN/',
      '/profile',
      '/profile/ada',
      '/friends/requests',
      '/activate/a-token',
    ]) {
      const result = runAt(path);
      expect(result.shown, path).toBe(true);
      expect(result.keptCss, path).toBe(2);
    }
  });

  it('hides it, and drops its CSS, on the reset screen and on unknown paths', () => {
    for (const path of ['/reset', '/somewhere/else', '/profile/ada/photos']) {
      const result = runAt(path);
      expect(result.shown, path).toBe(false);
      expect(result.keptCss, path).toBe(0);
    }
  });

  it('hides it for a member with a session, /login included (the app sends them to /)', () => {
    setUserCookie(encodeURIComponent(JSON.stringify(authAnswer())));
    for (const path of ['/', '/login', '/friends']) {
      expect(runAt(path).shown, path).toBe(false);
    }
  });

  it('shows it when the session cookie is damaged, as the app treats it as no session', () => {
    setUserCookie('%7Bnot-json');
    expect(runAt('/').shown).toBe(true);
  });

  it('keeps the prerendered form from being submitted by the browser', async () => {
    runAt('/login');
    document.body.innerHTML = `<div ${PRERENDERED_ATTRIBUTE}="login">${await renderLoginMarkup()}</div>`;
    const event = new Event('submit', { bubbles: true, cancelable: true });
    screen.getByRole('form', { name: 'Log in' }).dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(html).toHaveClass(PRERENDERED_LOGIN_SUBMITTED_CLASS);
    html.classList.remove(PRERENDERED_LOGIN_SUBMITTED_CLASS);
    document.body.innerHTML = '';
  });
});

describe('Create Account pressed before the app took over', () => {
  it('is noted by the before-paint script', async () => {
    const html = document.documentElement;
    window.history.replaceState(null, '', '/login');
    new Function(showLoginScript())();
    document.body.innerHTML = `<div ${PRERENDERED_ATTRIBUTE}="login">${await renderLoginMarkup()}</div>`;
    screen.getByRole('button', { name: 'Create Account' }).click();
    expect(html).toHaveClass(PRERENDERED_SIGNUP_CLASS);
    html.classList.remove(PRERENDERED_SIGNUP_CLASS, PRERENDERED_LOGIN_CLASS);
    document.body.innerHTML = '';
  });

  it('opens Sign Up once the app is there, and only once', async () => {
    document.documentElement.classList.add(PRERENDERED_SIGNUP_CLASS);
    renderApp('/login');
    expect(await screen.findByRole('dialog', { name: 'Sign Up' })).toBeInTheDocument();
    // The screen forgets the press in an effect after its first commit: with Sign Up's code
    // already loaded (an earlier test loaded it), the dialog can be found before that effect ran.
    await waitFor(() => expect(document.documentElement).not.toHaveClass(PRERENDERED_SIGNUP_CLASS));
  });
});

describe('taking over the prerendered form', () => {
  it('keeps what was typed and where the focus was', async () => {
    const prerendered = document.createElement('div');
    prerendered.innerHTML = await renderLoginMarkup();
    document.body.append(prerendered);
    const email = prerendered.querySelector<HTMLInputElement>('input[name=email]')!;
    email.value = 'ada@example.com';
    email.focus();
    captureLoginHandover(prerendered);
    prerendered.remove();

    renderApp('/login');
    const field = await screen.findByPlaceholderText('Email address or phone number');
    expect(field).toHaveValue('ada@example.com');
    expect(field).toHaveFocus();
    expect(screen.getByPlaceholderText('Password')).toHaveValue('');
  });
});

describe('the script that loads the app', () => {
  const scripts = {
    entry: '/assets/index.js',
    preloads: ['/assets/react.js'],
    loginPreloads: ['/assets/login-page.js'],
  };
  // happy-dom would fetch and run the module: the script's tags are recorded, not added.
  let added: Element[] = [];
  const loaded = () => ({
    entry: added.filter((node) => node.tagName === 'SCRIPT').map((s) => s.getAttribute('src')),
    preloads: added
      .filter((node) => node.getAttribute('rel') === 'modulepreload')
      .map((l) => l.getAttribute('href')),
  });

  beforeEach(() => {
    added = [];
    vi.useFakeTimers();
    vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      added.push(node as Element);
      return node;
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    document.documentElement.classList.remove(PRERENDERED_LOGIN_CLASS);
  });

  it('loads it at once where the login screen is not prerendered', () => {
    new Function(appLoaderScript(scripts))();
    expect(loaded()).toEqual({ entry: ['/assets/index.js'], preloads: ['/assets/react.js'] });
  });

  it('waits for the first paint where it is, then loads the login screen too', async () => {
    document.documentElement.classList.add(PRERENDERED_LOGIN_CLASS);
    new Function(appLoaderScript(scripts))();
    expect(loaded().entry).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(loaded()).toEqual({
      entry: ['/assets/index.js'],
      preloads: ['/assets/react.js', '/assets/login-page.js'],
    });
  });

  describe('over a member’s home drawn by the server', () => {
    function drawHome(withPhoto: boolean) {
      document.body.innerHTML = `<div id="root" ${HOME_SCREEN_ATTRIBUTE}="/assets/layout.js /assets/home.js"><article>${withPhoto ? '<img alt="" src="/media/photo.webp">' : ''}</article></div>`;
      // Still loading (happy-dom loads no picture, and calls every one complete).
      const photo = document.querySelector('img');
      if (photo) Object.defineProperty(photo, 'complete', { value: false });
    }

    it('loads the app at once, with the home’s modules', () => {
      drawHome(true);
      new Function(appLoaderScript(scripts))();
      expect(loaded()).toEqual({
        entry: ['/assets/index.js'],
        preloads: ['/assets/react.js', '/assets/layout.js', '/assets/home.js'],
      });
    });

    it('holds a press on the drawn page until the app has it, then makes it again with what was typed', () => {
      drawHome(false);
      document.querySelector('article')!.innerHTML =
        '<button type="button">Like</button><textarea></textarea>';
      const like = document.querySelector('button')!;
      const box = document.querySelector('textarea')!;
      let likes = 0;
      like.addEventListener('click', () => likes++);
      const typed: string[] = [];
      box.addEventListener('input', () => typed.push(box.value));
      new Function(appLoaderScript(scripts))();

      like.click();
      box.value = 'What a view!';
      expect(likes).toBe(0);
      (window as unknown as Record<string, () => void>)[HOME_HYDRATED_HOOK]!();
      expect(likes).toBe(1);
      expect(typed).toEqual(['What a view!']);
      // From then on a press is the app's at once.
      like.click();
      expect(likes).toBe(2);
    });
  });
});

describe('a submit before the app took over', () => {
  it('is sent once the app has the form', async () => {
    const { calls } = stubServer({ login: () => ({ body: authAnswer() }) });
    const prerendered = document.createElement('div');
    prerendered.innerHTML = await renderLoginMarkup();
    document.body.append(prerendered);
    prerendered.querySelector<HTMLInputElement>('input[name=email]')!.value = 'ada@example.com';
    prerendered.querySelector<HTMLInputElement>('input[name=password]')!.value = 'correct horse';
    document.documentElement.classList.add(PRERENDERED_LOGIN_SUBMITTED_CLASS);
    captureLoginHandover(prerendered);
    prerendered.remove();

    renderApp('/login');
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(document.documentElement).not.toHaveClass(PRERENDERED_LOGIN_SUBMITTED_CLASS);
    const logins = calls.filter((call) => call.name === 'login');
    expect(logins).toHaveLength(1);
    expect(logins[0]?.body).toEqual({ email: 'ada@example.com', password: 'correct horse' });
  });
});
