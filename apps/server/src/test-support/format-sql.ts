/**
 * Lays a compiled statement out for reading (the SQL snapshots in src/db/__sql__): each clause
 * on its own line, a select's columns one a line, a subquery indented inside its parentheses.
 * Only whitespace changes: quoted names, strings and everything else stay as compiled.
 */
export function formatSql(text: string): string {
  const lines: string[] = [];
  let line = '';
  // One entry per open parenthesis (and one for the statement): whether it holds a subquery,
  // and the clause it is in, for a select list's commas.
  // `depth`: the indentation inside it (one more in a subquery, two in one among a select's columns).
  const stack: Open[] = [{ subquery: true, clause: '', depth: 0 }];
  const indent = () => '  '.repeat((stack[stack.length - 1] as Open).depth);
  const newLine = (extra = '') => {
    if (line.trim() !== '') lines.push(line.trimEnd());
    line = indent() + extra;
  };
  const tokens = tokenize(text);
  for (let i = 0; i < tokens.length; i++) {
    const { value, spaced } = tokens[i] as Token;
    const word = value.toLowerCase();
    const next = tokens[i + 1]?.value.toLowerCase();
    const top = stack[stack.length - 1] as Open;
    const atLineStart = line.trim() === '';
    if (value === '(') {
      line += spaced && !atLineStart ? ' (' : '(';
      const subquery = next === 'select';
      const deeper = subquery ? (top.subquery && top.clause === 'select' ? 2 : 1) : 0;
      stack.push({ subquery, clause: '', depth: top.depth + deeper });
      continue;
    }
    if (value === ')') {
      const closed = stack.pop();
      if (closed?.subquery) {
        newLine();
        line = '  '.repeat(closed.depth - 1);
      }
      line += ')';
      continue;
    }
    if (value === ',' && top.subquery && top.clause === 'select') {
      line += ',';
      newLine('  ');
      continue;
    }
    const clause = top.subquery ? clauseAt(word, next) : undefined;
    if (clause !== undefined) {
      newLine();
      top.clause = clause;
      const words = clause.split(' ').length;
      const text = tokens
        .slice(i, i + words)
        .map((t) => t.value)
        .join(' ');
      i += words - 1;
      line += text;
      if (clause === 'select') newLine('  ');
      continue;
    }
    line += spaced && !atLineStart ? ` ${value}` : value;
  }
  newLine();
  return lines.join('\n');
}

interface Open {
  subquery: boolean;
  clause: string;
  depth: number;
}

/** Clause keywords that start a line, as one or two words. */
const CLAUSES = [
  'select',
  'from',
  'inner join',
  'left join',
  'cross join',
  'where',
  'group by',
  'having',
  'order by',
  'limit',
  'offset',
  'union all',
  'union',
  'values',
  'set',
  'on conflict',
  'returning',
];

function clauseAt(word: string, next: string | undefined): string | undefined {
  const two = `${word} ${next ?? ''}`;
  return CLAUSES.find((clause) => clause === two) ?? CLAUSES.find((clause) => clause === word);
}

interface Token {
  value: string;
  /** Whitespace came before it in the statement. */
  spaced: boolean;
}

/** Words, quoted names and strings (kept whole), parentheses, commas and other characters. */
function tokenize(text: string): Token[] {
  const pattern = /\s+|'(?:[^']|'')*'|"(?:[^"]|"")*"|[A-Za-z_][A-Za-z0-9_$]*|\$\d+|\d+|[(),]|./g;
  const tokens: Token[] = [];
  let spaced = false;
  for (const [value] of text.matchAll(pattern)) {
    if (/^\s+$/.test(value)) {
      spaced = true;
      continue;
    }
    tokens.push({ value, spaced });
    spaced = false;
  }
  return tokens;
}
