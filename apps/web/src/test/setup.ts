import '@testing-library/jest-dom/vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { notifyManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setLanguage, takeLanguageChosenBeforeLogin } from '../i18n';
import { setEnglishCompiler } from '../i18n/english';
import { FakeSocket } from './fake-socket';

// Tests read the English messages as written (ICU text); a build has them compiled already.
setEnglishCompiler(compileMessage);

// A screen's code loads lazily; its first, cold import in a test run can take over a second,
// and several seconds while the whole suite loads both cores (a CI run's stories-strip test
// failed that way). Waiting longer for what does appear costs a passing test nothing.
configure({ asyncUtilTimeout: 10_000 });

// Outbound HTTP fails unless a test answers it on purpose (stubServer).
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('No fake server answers this call.');
    }),
  );
  // No live socket reaches a network either: one that a test does not open stays connecting.
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(async () => {
  cleanup();
  // Every test starts in English, as a visitor whose browser asks for English.
  await setLanguage('en', { remember: false });
  takeLanguageChosenBeforeLogin();
  // takeTheClock may have changed it; this is TanStack Query's own default.
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // Every test starts logged out, in the light theme.
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    // biome-ignore lint/suspicious/noDocumentCookie: happy-dom has no Cookie Store API.
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  document.documentElement.className = '';
});
