import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { BenchReport } from './report/report.js';
import { freePort } from './run/server-process.js';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('npm run bench when a part fails', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('still prints the tables and writes the report, names what failed, and exits with 1', async () => {
    const reports = await mkdtemp(path.join(os.tmpdir(), 'hearth-bench-reports-'));
    dirs.push(reports);
    const url = `http://127.0.0.1:${await freePort()}`;
    const child = spawn(
      process.execPath,
      ['--conditions', 'source', '--import', 'tsx', 'src/bench-cli.ts', '--web-only', '--url', url],
      {
        cwd: benchDir,
        env: { PATH: process.env.PATH ?? '', BENCH_REPORTS_DIR: reports },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', () => {});
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));

    expect(code).toBe(1);
    expect(stdout).toContain('FAILED parts (the run went on without them)');
    expect(stdout).toMatch(/sign in as demo@hearth\.example/);
    expect(stdout).toMatch(/! +JavaScript before first render, \/ \(transferred\)/);
    const [file] = (await readdir(reports)).filter((name) => name.endsWith('.json'));
    const report = JSON.parse(await readFile(path.join(reports, file!), 'utf8')) as BenchReport;
    expect(report.failures.map((f) => f.part)).toEqual(['sign in as demo@hearth.example']);
    expect(report.options).toMatchObject({ webOnly: true, url });
    expect(report.targets.find((t) => t.name === 'every part of the run completed')?.met).toBe(
      false,
    );
  }, 90_000);

  it('refuses --url without --web-only', async () => {
    const child = spawn(
      process.execPath,
      [
        '--conditions',
        'source',
        '--import',
        'tsx',
        'src/bench-cli.ts',
        '--url',
        'http://127.0.0.1:1',
      ],
      { cwd: benchDir, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('--url needs --web-only');
  }, 90_000);
});
