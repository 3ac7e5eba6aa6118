import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TestContext } from './test-app.js';

/** What a browser gets for a media url: 200 while the file is shown, 404 once hidden or gone. */
export async function mediaStatus(ctx: TestContext, url: string): Promise<number> {
  return (await ctx.app.inject({ url })).statusCode;
}

/** Every file left in the app's media folder (unfinished writes aside). */
export async function filesUnder(ctx: TestContext): Promise<string[]> {
  const root = path.join(ctx.config.dataDir, 'media');
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((name) => !name.startsWith('.partial'));
}
