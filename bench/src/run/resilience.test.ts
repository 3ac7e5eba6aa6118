import { describe, expect, it } from 'vitest';
import { type LighthouseResult, lighthouseCells } from '../web/lighthouse.js';
import { describeError, Parts, withRetries, withTimeout } from './resilience.js';

const member = {
  id: 'm',
  username: 'demo',
  first_name: 'Demo',
  last_name: 'Member',
  picture: '',
  token: 't',
  verified: true,
  role: 'member' as const,
};
const figures = (performance: number): LighthouseResult => ({
  performance,
  lcpMs: 1000,
  cls: 0,
  tbtMs: 0,
  fcpMs: 500,
});

describe('one failing part does not end the benchmark', () => {
  it('a part that throws is recorded with its error, and the next part runs', async () => {
    const lines: string[] = [];
    const parts = new Parts((line) => lines.push(line));
    const first = await parts.run('load sqlite small feed', async () => {
      throw new Error('the server exited with 1:\nstack line\nmore\nand more');
    });
    const second = await parts.run('page weight', async () => 42);
    expect(first).toBeUndefined();
    expect(second).toBe(42);
    expect(parts.failed).toBe(true);
    expect(parts.failures).toEqual([
      { part: 'load sqlite small feed', error: 'the server exited with 1: stack line more …' },
    ]);
    expect(lines[0]).toContain('FAILED load sqlite small feed');
  });

  it('a failing attempt is tried again, up to the number of attempts, then its error is thrown', async () => {
    const heard: number[] = [];
    let calls = 0;
    await expect(
      withRetries(
        async () => {
          calls += 1;
          throw new Error(`NO_NAVSTART ${calls}`);
        },
        3,
        (_error, attempt) => {
          heard.push(attempt);
        },
      ),
    ).rejects.toThrow('NO_NAVSTART 3');
    expect(calls).toBe(3);
    expect(heard).toEqual([1, 2]);

    let tries = 0;
    const value = await withRetries(async () => {
      tries += 1;
      if (tries < 2) throw new Error('crash');
      return 'ok';
    }, 3);
    expect(value).toBe('ok');
    expect(tries).toBe(2);
  });

  it('work that hangs becomes a timeout error', async () => {
    await expect(withTimeout(new Promise(() => {}), 20, 'Lighthouse mobile /')).rejects.toThrow(
      'Lighthouse mobile / timed out after 0.02 s',
    );
    expect(describeError('plain')).toBe('plain');
  });

  it('a Lighthouse cell whose run fails every attempt is reported failed; the other cells still run', async () => {
    const calls: string[] = [];
    let desktopLoginAttempts = 0;
    const cells = await lighthouseCells('http://127.0.0.1:1', member, {
      log: () => {},
      audit: async (_baseUrl, route, preset, signedIn) => {
        calls.push(`${preset} ${route} ${signedIn ? 'in' : 'out'}`);
        if (preset === 'mobile' && route === '/') throw new Error('NO_NAVSTART: no trace');
        if (preset === 'desktop' && route === '/login') {
          desktopLoginAttempts += 1;
          // The first attempt of the first run fails; the retry and the other runs succeed.
          if (desktopLoginAttempts === 1) throw new Error('Chromium crashed');
        }
        return { result: figures(90 + (calls.length % 7)), report: undefined };
      },
    });
    expect(cells.map((c) => [c.preset, c.route, c.runs, c.retries, c.error ?? null])).toEqual([
      ['mobile', '/login', 3, 0, null],
      ['mobile', '/', 0, 2, 'NO_NAVSTART: no trace'],
      ['desktop', '/login', 3, 1, null],
      ['desktop', '/', 3, 0, null],
    ]);
    expect(cells[1]!.result).toBeUndefined();
    expect(cells[0]!.result?.performance).toBeGreaterThanOrEqual(90);
    // /login is audited signed out, / signed in.
    expect(calls).toContain('mobile /login out');
    expect(calls).toContain('desktop / in');
  });
});
