import { type BenchReport, ceilingShare } from './report.js';

/** Columns padded to their widest cell; numbers right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        /^[-\d.,%×]+( ms| MB| KB| %)?$/.test(cell)
          ? cell.padStart(widths[i]!)
          : cell.padEnd(widths[i]!),
      )
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The human-readable summary printed at the end of a run. */
export function printReport(report: BenchReport): string {
  const parts: string[] = [];
  const loadRows: string[][] = [];
  for (const run of report.runs) {
    for (const r of run.results) {
      const share = ceilingShare(run, r.rps);
      const errors = r.errors.non2xx + r.errors.socket + r.errors.timeouts;
      loadRows.push([
        run.engine,
        run.size,
        r.title,
        r.rps.toFixed(0),
        share === undefined || r.scenario === 'health' ? '' : `${(share * 100).toFixed(1)} %`,
        ms(r.latencyMs.p50),
        ms(r.latencyMs.p90),
        ms(r.latencyMs.p99),
        String(errors),
        `${r.serverCpuPercent.toFixed(0)} %`,
        r.databaseCpuPercent === undefined ? '' : `${r.databaseCpuPercent.toFixed(0)} %`,
        `${r.serverPeakMb.toFixed(0)} MB`,
      ]);
    }
    for (const s of run.skipped)
      loadRows.push([run.engine, run.size, `${s.scenario}: skipped (${s.reason})`]);
  }
  if (loadRows.length > 0) {
    parts.push(
      `Load (autocannon, ${report.options.connections} connections, ${report.options.seconds} s each after a ${report.options.warmupSeconds} s warm-up)`,
      table(
        [
          'engine',
          'size',
          'scenario',
          'req/s',
          'of ceiling',
          'p50',
          'p90',
          'p99',
          'errors',
          'server CPU',
          'db CPU',
          'server peak',
        ],
        loadRows,
      ),
    );
  }
  if (report.growth.length > 0) {
    parts.push(
      'Growth: p50 at medium over p50 at small',
      table(
        ['engine', 'scenario', 'small p50', 'medium p50', 'ratio', 'ceiling req/s small / medium'],
        report.growth.map((g) => [
          g.engine,
          g.scenario,
          ms(g.smallP50),
          ms(g.mediumP50),
          `${g.ratio.toFixed(2)}×`,
          `${g.smallCeiling?.toFixed(0) ?? '?'} / ${g.mediumCeiling?.toFixed(0) ?? '?'}`,
        ]),
      ),
    );
  }
  if (report.sqlPerRequest.length > 0) {
    parts.push(
      'SQL statements per request',
      table(
        ['engine', 'call', 'statements', 'constant'],
        report.sqlPerRequest.flatMap(({ engine, counts }) =>
          counts.map((c) => [
            engine,
            c.call,
            Object.entries(c.statements)
              .map(([label, n]) => `${label}: ${n}`)
              .join(', '),
            c.constant ? 'yes' : 'NO',
          ]),
        ),
      ),
    );
  }
  if (report.pageWeight) {
    parts.push(
      'Page weight before first render (production build, gzip -9)',
      table(
        ['route', 'JS files', 'JS', 'JS gzip', 'CSS', 'CSS gzip'],
        report.pageWeight.routes.map((r) => [
          r.route,
          String(r.jsFiles),
          kb(r.jsBytes),
          kb(r.jsGzipBytes),
          kb(r.cssBytes),
          kb(r.cssGzipBytes),
        ]),
      ),
      'Loaded later, when needed (lazy chunks, gzip, with what they import that no first render has)',
      table(
        ['module', 'gzip', 'first render of'],
        report.pageWeight.lazy.map((l) => [
          l.source.replace(/^(\.\.\/)+node_modules\//, ''),
          kb(l.gzipBytes),
          l.inFirstRenderOf.join(' ') || '—',
        ]),
      ),
    );
  }
  if (report.lighthouse) {
    parts.push(
      `Lighthouse (${report.lighthouseNote ?? ''})`,
      table(
        ['route', 'performance', 'LCP', 'CLS', 'TBT', 'FCP'],
        report.lighthouse.map((l) => [
          l.route,
          String(l.performance),
          ms(l.lcpMs),
          l.cls.toFixed(3),
          ms(l.tbtMs),
          ms(l.fcpMs),
        ]),
      ),
    );
  }
  parts.push(
    'Targets',
    table(
      ['', 'target', 'wanted', 'measured'],
      report.targets.map((t) => [
        t.met === undefined ? '·' : t.met ? '✓' : '✗',
        t.name,
        t.target,
        t.measured,
      ]),
    ),
  );
  return parts.join('\n\n');
}
