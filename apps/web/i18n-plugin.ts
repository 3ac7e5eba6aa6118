import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';
import {
  FIRST_SCREEN_NAMESPACES,
  FIRST_SCREEN_PAGES,
  namespaceOf,
} from './src/i18n/first-screen-namespaces.ts';

/*
 * The app's messages (the languages issue).
 *
 * `virtual:hearth-catalogues` loads each language's catalogue (one per folder of
 * src/i18n/catalogues/), and `virtual:hearth-catalogue/{code}-{part}` is one language's catalogue, the files of
 * src/i18n/catalogues/{code}/ (one per namespace, id → ICU text) merged in two parts: `first`,
 * the namespaces of what the first screens draw (FIRST_SCREEN_NAMESPACES, awaited before the
 * first render), and `rest`, everything else (awaited by the lazy screens and dialogs, i18n.ts).
 * The build fails when a first screen's code holds a namespace of the rest, or the first part a
 * namespace no first screen holds.
 *
 * At build time the English texts written in `*.messages.ts` files (`defineMessages('ns',
 * { key: 'ICU text' })`) and every catalogue become Lingui's compiled form, which the runtime
 * formats without an ICU parser (about 7 KB gzipped kept off the first screen). In development
 * and in tests the runtime compiles them itself.
 */

export const CATALOGUE_MODULE = 'virtual:hearth-catalogue/';
const RESOLVED = `\0${CATALOGUE_MODULE}`;
/** Every language's loaders: `{ fr: { first: () => import(…), rest: () => import(…) }, … }`. */
const LOADERS_MODULE = 'virtual:hearth-catalogues';
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

/** The namespaces `defineMessages('ns', …)` calls in `code` name. */
function definedNamespaces(code: string): string[] {
  return [...code.matchAll(/defineMessages\(\s*['"]([\w.]+)['"]/g)].map((match) => match[1]!);
}

const PARTS = ['first', 'rest'] as const;

/** The chunks a first screen loads before it renders: its pages' chunks and their imports. */
function firstScreenChunks(bundle: OutputBundle, root: string): OutputChunk[] {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const pages = new Set(FIRST_SCREEN_PAGES.map((page) => path.join(root, page)));
  const roots = chunks.filter(
    (chunk) => chunk.isEntry || (chunk.facadeModuleId !== null && pages.has(chunk.facadeModuleId)),
  );
  if (roots.length !== FIRST_SCREEN_PAGES.length + 1) {
    throw new Error(
      `i18n: expected the entry and a chunk for each of ${FIRST_SCREEN_PAGES.join(', ')}; found ${roots.map((chunk) => chunk.fileName).join(', ')}`,
    );
  }
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<OutputChunk>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || seen.has(chunk)) return;
    seen.add(chunk);
    for (const name of chunk.imports) visit(byName.get(name));
  };
  for (const chunk of roots) visit(chunk);
  return [...seen];
}

export function compileMessages(): Plugin {
  let building = false;
  let root = '';
  /** Each `*.messages.ts` module's namespaces, seen as the build transforms it. */
  const namespacesOf = new Map<string, string[]>();
  return {
    name: 'hearth-compile-messages',
    configResolved(config) {
      building = config.command === 'build';
      root = config.root;
    },
    resolveId(id) {
      return id.startsWith(CATALOGUE_MODULE) || id === LOADERS_MODULE ? `\0${id}` : null;
    },
    async load(id) {
      if (id === `\0${LOADERS_MODULE}`) {
        const folder = path.join(root, 'src', 'i18n', 'catalogues');
        const codes = (await readdir(folder, { withFileTypes: true }))
          .filter((entry) => entry.isDirectory())
          .map((entry) => entry.name)
          .sort();
        const parts = (code: string) =>
          PARTS.map((part) => `${part}: () => import('${CATALOGUE_MODULE}${code}-${part}')`);
        return `export default {\n${codes.map((code) => `  ${JSON.stringify(code)}: { ${parts(code).join(', ')} },`).join('\n')}\n};`;
      }
      if (!id.startsWith(RESOLVED)) return null;
      const named = /^([a-zA-Z-]+)-(\w+)$/.exec(id.slice(RESOLVED.length));
      const [, code = '', part = ''] = named ?? [];
      if (!named || !PARTS.includes(part as (typeof PARTS)[number])) {
        throw new Error(
          `No such catalogue: ${id.slice(RESOLVED.length)} ({code}-${PARTS.join(' or -')})`,
        );
      }
      const first = new Set<string>(FIRST_SCREEN_NAMESPACES);
      const wanted = (key: string) => first.has(namespaceOf(key)) === (part === 'first');
      const folder = path.join(root, 'src', 'i18n', 'catalogues', code);
      const files = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
      const merged: Record<string, unknown> = {};
      for (const name of files) {
        const file = path.join(folder, name);
        this.addWatchFile(file);
        const source = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
        for (const [key, text] of Object.entries(source)) {
          if (!wanted(key)) continue;
          merged[key] = building ? JSON.parse(compiled(text, `${file} ${key}`)) : text;
        }
      }
      return `export default ${JSON.stringify(merged)};`;
    },
    transform(code, id) {
      if (!building || !MESSAGES.test(id.split('?')[0] ?? '')) return null;
      namespacesOf.set(id.split('?')[0]!, definedNamespaces(code));
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
    generateBundle(_options, bundle) {
      // Only the browser build: the prerender's server build has no pages to split.
      if (
        !building ||
        !Object.values(bundle).some((f) => f.type === 'chunk' && f.isEntry && f.name === 'index')
      )
        return;
      const first = new Set<string>(FIRST_SCREEN_NAMESPACES);
      const drawn = new Map<string, string>();
      for (const chunk of firstScreenChunks(bundle, root)) {
        for (const module of chunk.moduleIds) {
          for (const namespace of namespacesOf.get(module) ?? []) {
            drawn.set(namespace, `${path.relative(root, module)} in ${chunk.fileName}`);
          }
        }
      }
      const late = [...drawn].filter(([namespace]) => !first.has(namespace));
      const unused = [...first].filter((namespace) => !drawn.has(namespace));
      if (late.length > 0 || unused.length > 0) {
        const message = [
          'i18n: FIRST_SCREEN_NAMESPACES (src/i18n/first-screen-namespaces.ts) does not match the first screens:',
          ...late.map(([ns, where]) => `  ${ns} is drawn on a first screen (${where}): add it`),
          ...unused.map((ns) => `  ${ns} is on no first screen: take it out`),
        ].join('\n');
        // Printed too: a later hook's failure (the prerender finds no manifest) hides this one.
        console.error(message);
        this.error(message);
      }
    },
  };
}
