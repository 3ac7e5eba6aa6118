import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';

/*
 * The app's messages (the languages issue).
 *
 * `virtual:hearth-catalogue/{code}` is one language's catalogue: every file of
 * src/i18n/catalogues/{code}/ (one per namespace, id → ICU text) merged into one module, so a
 * language is one download.
 *
 * At build time the English texts written in `*.messages.ts` files (`defineMessages('ns',
 * { key: 'ICU text' })`) and every catalogue become Lingui's compiled form, which the runtime
 * formats without an ICU parser (about 7 KB gzipped kept off the first screen). In development
 * and in tests the runtime compiles them itself.
 */

export const CATALOGUE_MODULE = 'virtual:hearth-catalogue/';
const RESOLVED = `\0${CATALOGUE_MODULE}`;
const MESSAGES = /\.messages\.tsx?$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function compiled(text: string, where: string): string {
  try {
    return JSON.stringify(compileMessage(text));
  } catch (error) {
    throw new Error(`${where}: not a valid ICU message (${(error as Error).message}): ${text}`);
  }
}

/** Every `defineMessages(…, { … })` call's string values in `code`: their ranges and texts. */
function sourceStrings(code: string): { start: number; end: number; value: string }[] {
  const found: { start: number; end: number; value: string }[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const n = node as Node;
    if (
      n.type === 'CallExpression' &&
      (n.callee as Node).type === 'Identifier' &&
      (n.callee as Node & { name: string }).name === 'defineMessages'
    ) {
      const object = (n.arguments as Node[])[1];
      if (object?.type === 'ObjectExpression') {
        for (const property of object.properties as Node[]) {
          const value = property.value as Node & { value?: unknown };
          if (
            property.type === 'Property' &&
            value.type === 'Literal' &&
            typeof value.value === 'string'
          ) {
            found.push({ start: value.start, end: value.end, value: value.value });
          }
        }
      }
    }
    for (const key of Object.keys(n)) if (key !== 'type') visit(n[key]);
  };
  visit(parseAst(code));
  return found;
}

export function compileMessages(): Plugin {
  let building = false;
  let root = '';
  return {
    name: 'hearth-compile-messages',
    configResolved(config) {
      building = config.command === 'build';
      root = config.root;
    },
    resolveId(id) {
      return id.startsWith(CATALOGUE_MODULE) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const code = id.slice(RESOLVED.length);
      if (!/^[a-zA-Z-]+$/.test(code)) throw new Error(`No such language: ${code}`);
      const folder = path.join(root, 'src', 'i18n', 'catalogues', code);
      const files = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
      const merged: Record<string, unknown> = {};
      for (const name of files) {
        const file = path.join(folder, name);
        this.addWatchFile(file);
        const source = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
        for (const [key, text] of Object.entries(source)) {
          merged[key] = building ? JSON.parse(compiled(text, `${file} ${key}`)) : text;
        }
      }
      return `export default ${JSON.stringify(merged)};`;
    },
    transform(code, id) {
      if (!building || !MESSAGES.test(id.split('?')[0] ?? '')) return null;
      const strings = sourceStrings(code);
      if (strings.length === 0) return null;
      let out = '';
      let at = 0;
      for (const { start, end, value } of strings) {
        out += code.slice(at, start) + compiled(value, id);
        at = end;
      }
      return { code: out + code.slice(at), map: null };
    },
  };
}
