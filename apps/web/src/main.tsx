import { HOME_SCREEN_ATTRIBUTE } from '@hearth/contract';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { App } from './app';
import { captureLoginHandover } from './features/auth/prerender-handover';
import { startHomeEarly } from './features/home/start-home-early';
import { preloadHomeScreen, preloadLoginPage } from './features/layout/lazy-pages';
import {
  currentLanguage,
  finishCatalogue,
  preferredLanguage,
  setLanguage,
  takeLanguageFromAddress,
} from './i18n';
import { PRERENDERED_ATTRIBUTE, PRERENDERED_LOGIN_CLASS } from './prerender/prerender-constants';
import './styles/global.css';

const queryClient = createQueryClient();
const container = document.getElementById('root')!;

// A signed-in member's home: the first feed page loads now, beside the code that will show it.
startHomeEarly(queryClient, window.location.pathname);

function mount() {
  // A transition renders in slices, so a slow phone's main thread is not blocked for the whole
  // first render; the screen is still swapped in one commit.
  startTransition(() => {
    createRoot(container).render(<App queryClient={queryClient} />);
  });
  afterMount();
}

/**
 * Takes over a member's home the server drew (web-app.ts, prerender/home-markup.tsx): the same
 * tree attaches to the page as it is, in slices too, instead of drawing it again. Where the page
 * and the app disagree (the member changed their language since, say), React draws that part
 * again by itself.
 */
function hydrate(element: Element = container) {
  startTransition(() => {
    hydrateRoot(element, <App queryClient={queryClient} />);
  });
  afterMount();
}

function afterMount() {
  // The rest of a language's catalogue (what later screens and dialogs say) once the first
  // screen is painted, so it does not compete with that screen's downloads; a screen opened
  // sooner fetches it itself (i18n.ts `catalogueComplete`).
  afterFirstPaint(() => void finishCatalogue().catch(() => undefined));
}

/** Runs `work` once the page's first contentful paint is done (at the latest after 5 s). */
function afterFirstPaint(work: () => void) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    work();
  };
  try {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(run, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: the timeout below.
  }
  setTimeout(run, 5000);
}

// The installable app's service worker (the phone issue), once the first screen is done: its
// code is not among the first screen's scripts. Only in a build (the dev server has none).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    setTimeout(() => {
      import('./pwa/register')
        .then(({ registerServiceWorker }) => registerServiceWorker())
        // No worker (a browser that refuses it, a failed download): the app works as before.
        .catch(() => undefined);
    }, 1000);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

// A language other than English: the first part of its catalogue (the texts of the login and
// the home screen) comes before the first render, so no English flashes (the server sent the
// login screen prerendered in it already, when it has one); the rest follows at once.
const named = takeLanguageFromAddress();
const language = named ?? preferredLanguage();
// In development the English messages are ICU text as written (a build compiles them): the
// compiler comes first. A build drops this branch and the compiler with it.
const compilerReady = import.meta.env.DEV
  ? import('@lingui/message-utils/compileMessage').then(({ compileMessage }) =>
      import('./i18n/english').then(({ setEnglishCompiler }) => setEnglishCompiler(compileMessage)),
    )
  : Promise.resolve();
const languageReady = compilerReady.then(() =>
  language === currentLanguage() && !named
    ? undefined
    : setLanguage(language, { remember: !!named, beforeLogin: !!named, restLater: true }).catch(
        () => undefined,
      ),
);

// The built index.html holds the login screen, prerendered (prerender-plugin.ts). When it shows,
// the app hydrates it once the login screen's code is here: the same elements become the app's,
// with what was typed (the form reads it, and a submit made before, through the handover). The
// app lives in that screen's element from then on (`display: contents`, as long as the page).
if (document.documentElement.classList.contains(PRERENDERED_LOGIN_CLASS)) {
  Promise.all([preloadLoginPage().catch(() => undefined), languageReady]).then(() => {
    const screen = container.querySelector(`[${PRERENDERED_ATTRIBUTE}]`);
    captureLoginHandover(screen ?? container);
    if (screen) hydrate(screen);
    else mount();
  });
} else if (container.hasAttribute(HOME_SCREEN_ATTRIBUTE)) {
  // A member's home drawn by the server (web-app.ts): the app hydrates it once the layout's and
  // the home's code are here.
  Promise.all([preloadHomeScreen().catch(() => undefined), languageReady]).then(() =>
    hydrate(container),
  );
} else {
  languageReady.then(mount);
}
