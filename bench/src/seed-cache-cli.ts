// One seeded benchmark database (cached): `npm run bench` runs one of these per engine at once.
import { parseArgs } from 'node:util';
import { ensureSeeded, SEEDED_PREFIX } from './run/seeded-databases.js';
import { isSizeName } from './seed/sizes.js';

const { values } = parseArgs({
  options: { engine: { type: 'string' }, size: { type: 'string' } },
});
const engine = values.engine;
const size = values.size ?? '';
if ((engine !== 'sqlite' && engine !== 'postgres') || !isSizeName(size)) {
  console.error('usage: seed-cache-cli --engine sqlite|postgres --size small|medium|large');
  process.exit(1);
}
const seeded = await ensureSeeded(engine, size, (line) =>
  console.log(`[${engine} ${size}] ${line}`),
);
console.log(`${SEEDED_PREFIX}${JSON.stringify(seeded)}`);
