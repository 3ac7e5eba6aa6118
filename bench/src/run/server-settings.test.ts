import { describe, expect, it } from 'vitest';
import { serverSettingsFromEnv } from './server-process.js';

describe('server settings given to the bench', () => {
  it('passes BENCH_SERVER_<NAME> on as <NAME>, and nothing else of the environment', () => {
    expect(
      serverSettingsFromEnv({
        BENCH_SERVER_FEED_CACHE_MEMBERS: '0',
        BENCH_SERVER_CARD_CACHE_MB: '16',
        BENCH_SERVER_: 'no name',
        FEED_CACHE_MEMBERS: '5',
        HOME: '/root',
      }),
    ).toEqual({ FEED_CACHE_MEMBERS: '0', CARD_CACHE_MB: '16' });
  });
});
