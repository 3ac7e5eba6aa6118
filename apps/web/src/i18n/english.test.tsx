import { englishMessages } from '@hearth/contract';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { TransNoContext } from '@lingui/react/server';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { englishNumber, formatEnglish, withElements } from './english';

// Every message of the web app, in English, as the `*.messages.ts` files define it.
const modules = import.meta.glob<Record<string, unknown>>('../**/*.messages.ts', { eager: true });
const { messages } = englishMessages(modules);

/** Lingui's own runtime in English: what english.tsx must write, character for character. */
const lingui = setupI18n({ locale: 'en', messages: { en: {} } });

type Token = string | [string, string?, Record<string, unknown>?];

/** Each argument of a compiled message and the values worth trying for it. */
function samplesOf(tokens: unknown, into = new Map<string, unknown[]>()): Map<string, unknown[]> {
  if (!Array.isArray(tokens)) return into;
  for (const token of tokens as Token[]) {
    if (typeof token === 'string') continue;
    const [name, type, cases] = token;
    const known = into.get(name) ?? [];
    if (type === 'plural' || type === 'selectordinal' || type === 'number') {
      known.push(0, 1, 2, 3, 11, 21, 1234, 1_000_000, -1, 2.5);
    } else if (type === 'select') {
      known.push(...Object.keys(cases ?? {}), 'none of them');
    } else {
      known.push('Ana', 42);
    }
    into.set(name, known);
    for (const [key, branch] of Object.entries(cases ?? {})) {
      if (key !== 'offset') samplesOf(branch, into);
    }
  }
  return into;
}

/** Every combination of the samples (at most a few hundred per message). */
function combinations(samples: Map<string, unknown[]>): Record<string, unknown>[] {
  let out: Record<string, unknown>[] = [{}];
  for (const [name, values] of samples) {
    out = out.flatMap((partial) => values.map((value) => ({ ...partial, [name]: value })));
  }
  return out;
}

describe('English without Lingui’s runtime (english.tsx)', () => {
  it('writes every English message as Lingui writes it, for every kind of value', () => {
    expect(messages.size).toBeGreaterThan(500);
    let compared = 0;
    const differences: string[] = [];
    for (const [id, text] of messages) {
      const compiled = compileMessage(text);
      for (const values of combinations(samplesOf(compiled))) {
        const ours = formatEnglish(compiled, values);
        const theirs = lingui._(id, values, { message: compiled as unknown as string });
        compared += 1;
        if (ours !== theirs)
          differences.push(`${id} ${JSON.stringify(values)}: ${ours} ≠ ${theirs}`);
      }
      // As written (development and tests): compiled on the way, the same text.
      expect(formatEnglish(text, {})).toBe(formatEnglish(compiled, {}));
    }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(messages.size);
  });

  it('places elements in every English message holding tags as Lingui’s Trans does', () => {
    const tagged = [...messages].filter(([, text]) => /<\w+\/?>/.test(text));
    expect(tagged.length).toBeGreaterThan(5);
    const components = {
      0: <u />,
      1: <strong />,
      2: <bdi />,
      3: <br />,
    };
    for (const [id, text] of tagged) {
      const compiled = compileMessage(text);
      const values = Object.fromEntries([...samplesOf(compiled)].map(([name, v]) => [name, v[0]]));
      const ours = renderToStaticMarkup(
        <>{withElements(formatEnglish(compiled, values), components)}</>,
      );
      const theirs = renderToStaticMarkup(
        <TransNoContext
          id={id}
          message={compiled as unknown as string}
          values={values}
          components={components}
          lingui={{ i18n: lingui }}
        />,
      );
      expect(ours, id).toBe(theirs);
    }
  });

  it('places elements in every translated message holding tags as Lingui’s Trans does', () => {
    const files = import.meta.glob<Record<string, string>>('./catalogues/*/*.json', {
      eager: true,
      import: 'default',
    });
    const components = { 0: <u />, 1: <strong />, 2: <bdi />, 3: <br /> };
    let compared = 0;
    for (const [file, catalogue] of Object.entries(files)) {
      const code = file.split('/')[2] as string;
      const translated = setupI18n({ locale: code, messages: { [code]: catalogue } });
      for (const [id, text] of Object.entries(catalogue)) {
        if (!/<\w+\/?>/.test(text)) continue;
        const values = Object.fromEntries(
          [...samplesOf(compileMessage(text))].map(([name, v]) => [name, v[0]]),
        );
        const ours = renderToStaticMarkup(
          <>{withElements(translated._(id, values), components)}</>,
        );
        const theirs = renderToStaticMarkup(
          <TransNoContext
            id={id}
            values={values}
            components={components}
            lingui={{ i18n: translated }}
          />,
        );
        expect(ours, `${code} ${id}`).toBe(theirs);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(30);
  });

  it('nests tags, keeps a void element’s own markup, and shows words whose element is missing', () => {
    const components = { 0: <u />, 1: <em />, 2: <br /> };
    const cases = [
      'Read <0>the <1>rules</1> now</0>, then <1>go</1>.',
      'Line one<2/>line two',
      'Words for <2>a break</2> and <7>nobody</7>.',
      'No tags at all',
      '<0></0>',
    ];
    for (const text of cases) {
      const compiled = compileMessage(text);
      const ours = renderToStaticMarkup(<>{withElements(formatEnglish(compiled), components)}</>);
      const theirs = renderToStaticMarkup(
        <TransNoContext
          id={text}
          message={compiled as unknown as string}
          components={components}
          lingui={{ i18n: lingui }}
        />,
      );
      expect(ours, text).toBe(theirs);
    }
  });

  it('writes numbers as English does, without Intl', () => {
    const english = new Intl.NumberFormat('en');
    for (const n of [0, 1, -1, 12, 999, 1000, 1234.5678, -98765.4321, 1e9, 0.0004, 2.5e-3]) {
      expect(englishNumber(n)).toBe(english.format(n));
    }
  });
});
