// Writes a .br (brotli, best) and a .gz (gzip -9) beside every text file of the built app, so
// the server sends each file compressed without spending CPU per request (@fastify/static's
// preCompressed mode picks the one the browser accepts). Runs after every other build step.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;
const dist = fileURLToPath(new URL('../dist', import.meta.url));
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* textFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // dist/.vite holds the build manifest, which the server never serves.
    if (entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(file);
    else if (TEXT.test(entry.name)) yield file;
  }
}

let files = 0;
let raw = 0;
let br = 0;
let gz = 0;
for await (const file of textFiles(dist)) {
  const bytes = await readFile(file);
  const [brotlied, gzipped] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, brotlied), writeFile(`${file}.gz`, gzipped)]);
  files += 1;
  raw += bytes.length;
  br += brotlied.length;
  gz += gzipped.length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`precompressed ${files} files: ${kb(raw)} → ${kb(br)} brotli, ${kb(gz)} gzip`);
