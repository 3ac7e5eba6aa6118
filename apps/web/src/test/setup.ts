import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
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
