import type { Transfer } from '../web/page-weight.js';
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
        r.bytesPerRequest === undefined ? '' : kb(r.bytesPerRequest),
      ]);
    }
    for (const s of run.skipped)
      loadRows.push([run.engine, run.size, `${s.scenario}: skipped (${s.reason})`]);
    for (const f of run.failed ?? [])
      loadRows.push([run.engine, run.size, `${f.scenario}: FAILED (${f.error})`]);
  }
  if (loadRows.length > 0) {
    parts.push(
      `Load (autocannon, ${report.options.connections} connections, ${report.options.seconds} s each after a ${report.options.warmupSeconds} s warm-up; requests send Accept-Encoding: br, gzip; bytes/answer: received, headers included)`,
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
          'bytes/answer',
        ],
        loadRows,
      ),
    );
  }
  if (report.growth.length > 0) {
    parts.push(
      'Growth: p50 at a larger size over p50 at small',
      table(
        ['engine', 'scenario', 'size', 'small p50', 'its p50', 'ratio', 'ceiling req/s small / it'],
        report.growth.map((g) => [
          g.engine,
          g.scenario,
          g.size,
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
    const w = report.pageWeight;
    const cell = (t: Transfer) =>
      t.files === 0 ? '—' : `${t.files} · ${kb(t.transferred)} (${kb(t.decoded)})`;
    parts.push(
      `Page weight over the wire: ${w.baseUrl}, Chromium at ${w.viewport.width}×${w.viewport.height} @${w.viewport.deviceScaleFactor}x, Accept-Encoding: ${w.acceptEncoding}, empty cache\n` +
        'files · transferred, headers included (decoded). "Before render": requested before the first contentful paint;\n' +
        '"all": everything loaded until the network was quiet for a second (for /: the feed and its pictures).',
      table(
        [
          'route',
          'FCP',
          'JS before render',
          'CSS before render',
          'HTML',
          'all JS',
          'all CSS',
          'all images',
          'API',
          'encodings (HTML, JS, CSS, API)',
        ],
        w.routes.map((r) => [
          `${r.route}${r.signedIn ? ' (signed in)' : ''}${r.language !== 'en' ? ` in ${r.language}` : ''}`,
          r.fcpMs === undefined ? '—' : ms(r.fcpMs),
          cell(r.jsBeforeRender),
          cell(r.cssBeforeRender),
          cell(r.all.html),
          cell(r.all.js),
          cell(r.all.css),
          cell(r.all.image),
          cell(r.all.api),
          Object.entries(r.encodings)
            .map(([encoding, n]) => `${encoding} ${n}`)
            .join(', '),
        ]),
      ),
    );
    if (w.firstScreenImages) {
      const images = w.firstScreenImages;
      parts.push(
        `Images on the first screen of ${images.route} (${w.viewport.width}×${w.viewport.height}, feed loaded): ${images.total.files} · ${kb(images.total.transferred)} transferred`,
        table(
          ['image', 'transferred', 'decoded'],
          images.images.map((i) => [i.url, kb(i.transferred), kb(i.decoded)]),
        ),
      );
    }
    if (w.lazy && w.lazy.length > 0) {
      parts.push(
        'Loaded later, when needed (lazy chunks of the local build, gzip -9 on disk, with what they import that no first render has)',
        table(
          ['module', 'gzip', 'first render of'],
          w.lazy.map((l) => [
            l.source.replace(/^(\.\.\/)+node_modules\//, ''),
            kb(l.gzipBytes),
            l.inFirstRenderOf.join(' ') || '—',
          ]),
        ),
      );
    }
  }
  const compressed = report.runs.filter((r) => r.compression);
  if (compressed.length > 0) {
    const first = compressed[0]!.compression!;
    parts.push(
      `Cost of compression: the feed with and without Accept-Encoding, ${first.rounds} rounds of ${first.roundSeconds} s each, interleaved, one server process\n` +
        'CPU: the server process (user + system) per answer; bytes: received per answer, headers included.',
      table(
        [
          'engine',
          'size',
          'encoding',
          'CPU on',
          'CPU off',
          'on − off',
          'by round pair',
          'bytes on',
          'bytes off',
          'req/s on / off',
          'errors',
        ],
        compressed.map((run) => {
          const c = run.compression!;
          return [
            run.engine,
            run.size,
            c.encoding || 'none',
            `${c.on.cpuMsPerRequest.toFixed(2)} ms`,
            `${c.off.cpuMsPerRequest.toFixed(2)} ms`,
            `${c.cpuMsPerRequestDelta.toFixed(2)} ms`,
            c.roundDeltasMs.map((d) => d.toFixed(2)).join(' '),
            kb(c.on.bytesPerRequest),
            kb(c.off.bytesPerRequest),
            `${c.on.rps.toFixed(0)} / ${c.off.rps.toFixed(0)}`,
            String(c.on.errors + c.off.errors),
          ];
        }),
      ),
    );
  }
  const withSockets = report.runs.filter((r) => r.idleSockets);
  if (withSockets.length > 0) {
    const first = withSockets[0]!.idleSockets!;
    parts.push(
      `Idle live sockets: the feed with ${first.sockets} authenticated sockets open (each sends nothing) and with none, ${first.rounds} rounds of ${first.roundSeconds} s each, interleaved, one server process\n` +
        "Memory: the server's resident memory once the sockets were ready, less before they opened, per socket.",
      table(
        [
          'engine',
          'size',
          'sockets',
          'req/s without',
          'req/s with',
          'lost',
          'p99 without',
          'p99 with',
          'memory per socket',
          'errors',
        ],
        withSockets.map((run) => {
          const c = run.idleSockets!;
          return [
            run.engine,
            run.size,
            String(c.sockets),
            c.without.rps.toFixed(0),
            c.with.rps.toFixed(0),
            `${c.dropPercent.toFixed(1)} %`,
            `${c.without.p99} ms`,
            `${c.with.p99} ms`,
            `${c.kbPerSocket.toFixed(1)} KB`,
            String(c.without.errors + c.with.errors),
          ];
        }),
      ),
    );
  }
  if (report.lighthouse) {
    parts.push(
      `Lighthouse (${report.lighthouseNote ?? ''})`,
      table(
        ['preset', 'route', 'performance', 'LCP', 'CLS', 'TBT', 'FCP', 'runs', 'note'],
        report.lighthouse.map((c) => {
          const retried = c.retries > 0 ? `${c.retries} failed attempt(s) retried` : '';
          if (!c.result) {
            return [c.preset, c.route, 'FAILED', '', '', '', '', String(c.runs), c.error ?? ''];
          }
          const l = c.result;
          return [
            c.preset,
            c.route,
            String(l.performance),
            ms(l.lcpMs),
            l.cls.toFixed(3),
            ms(l.tbtMs),
            ms(l.fcpMs),
            String(c.runs),
            retried,
          ];
        }),
      ),
    );
  }
  if (report.failures.length > 0) {
    parts.push(
      'FAILED parts (the run went on without them)',
      table(
        ['part', 'error'],
        report.failures.map((f) => [f.part, f.error]),
      ),
    );
  }
  parts.push(
    'Targets',
    table(
      ['', 'target', 'wanted', 'measured'],
      report.targets.map((t) => [
        t.failed ? '!' : t.met === undefined ? '·' : t.met ? '✓' : '✗',
        t.name,
        t.target,
        t.measured,
      ]),
    ),
  );
  return parts.join('\n\n');
}
