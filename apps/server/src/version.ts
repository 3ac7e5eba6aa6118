import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * This release's version (apps/server/package.json, one folder above src/ and dist/ alike): the
 * start-up line and backup manifests name it, and CHANGELOG.md says what each one changes.
 */
export const HEARTH_VERSION: string = readVersion();

function readVersion(): string {
  try {
    const pkg = path.resolve(import.meta.dirname, '..', 'package.json');
    return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}
