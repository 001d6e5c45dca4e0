/**
 * The report: per database, how the corpus was built, then one table row per query kind with p50 and
 * p95 at both sizes, the growth ratio and the targets (met / missed).
 */
import { quantile } from '../ui/stats.ts';
import type { KindTiming, PageHits, QueryKind } from './queries.ts';

/** Targets of the issue, for the large stage. */
const P95_LIMIT_MS = 100;
const RATIO_LIMIT = 2;
const NO_MATCH_P95_LIMIT_MS = 20;

export interface StageReport {
  label: string;
  /** Messages the stage added (all users) and the heavy user's total after it. */
  addedMessages: number;
  heavyMessages: number;
  heavyConversations: number;
  buildMs: number;
  sizeBytes: number;
  /** Timings per kind id. */
  kinds: Map<string, KindTiming>;
}

export interface DatabaseReport {
  name: string;
  stages: StageReport[];
}

interface Target {
  label: string;
  met: boolean;
}

const p50 = (xs: number[]) => quantile(xs, 0.5);
const p95 = (xs: number[]) => quantile(xs, 0.95);

const ms = (x: number) => (Number.isNaN(x) ? '—' : x < 100 ? x.toFixed(1) : x.toFixed(0));
const bytes = (n: number) =>
  n >= 1e9
    ? `${(n / 1e9).toFixed(2)} GB`
    : n >= 1e6
      ? `${(n / 1e6).toFixed(0)} MB`
      : `${(n / 1e3).toFixed(0)} kB`;
const count = (n: number) => n.toLocaleString('en-US');

/** "25+" (a next page exists), or the range over the kind's queries: "3–25+". */
function hitsCell(hits: PageHits[]): string {
  if (hits.length === 0) return '—';
  const show = (h: PageHits) => `${h.count}${h.more ? '+' : ''}`;
  const order = (h: PageHits) => h.count + (h.more ? 0.5 : 0);
  const sorted = [...hits].sort((a, b) => order(a) - order(b));
  const low = show(sorted[0]);
  const high = show(sorted[sorted.length - 1]);
  return low === high ? low : `${low}–${high}`;
}

/** One kind at one stage, for the progress lines. */
export function kindSummary(kind: QueryKind, timing: KindTiming): string {
  const problems = timing.problems.length ? `; ${timing.problems.length} problems` : '';
  return (
    `${kind.id}: p50 ${ms(p50(timing.timesMs))} ms, p95 ${ms(p95(timing.timesMs))} ms, ` +
    `hits ${hitsCell(timing.hits)}${problems}`
  );
}

/** A kind whose responses were wrong meets no target, however fast it was. */
function targetsOf(kind: QueryKind, small: KindTiming, large: KindTiming): Target[] {
  const valid = small.problems.length === 0 && large.problems.length === 0;
  const p95Large = p95(large.timesMs);
  const targets = [
    { label: `p95 ≤ ${P95_LIMIT_MS} ms`, met: p95Large <= P95_LIMIT_MS },
    { label: `ratio ≤ ${RATIO_LIMIT}×`, met: p95Large / p95(small.timesMs) <= RATIO_LIMIT },
  ];
  if (kind.expect === 'no-hits') {
    targets.push({ label: `p95 ≤ ${NO_MATCH_P95_LIMIT_MS} ms`, met: p95Large <= NO_MATCH_P95_LIMIT_MS });
  }
  return targets.map((t) => ({ ...t, met: valid && t.met }));
}

function stageLine(report: DatabaseReport, stage: StageReport, index: number): string {
  const what = index === 0 ? 'built' : 'grown by';
  // PostgreSQL's build includes the VACUUM ANALYZE that follows the inserts.
  return (
    `- ${stage.label} stage: ${what} ${count(stage.addedMessages)} messages in ` +
    `${(stage.buildMs / 1000).toFixed(1)} s; heavy user ${count(stage.heavyMessages)} messages in ` +
    `${count(stage.heavyConversations)} conversations; ${report.name} size ${bytes(stage.sizeBytes)}`
  );
}

/** Print one database's section; returns its targets met and total. */
export function printDatabaseReport(
  report: DatabaseReport,
  kinds: QueryKind[],
  opts: { reps: number; warmups: number },
): { met: number; total: number } {
  const [small, large] = report.stages;
  console.log(
    `\n### Message search, ${report.name}: GET /api/messages?search= as the heavy user ` +
      `(${opts.reps} timed requests per kind after ${opts.warmups} warm-ups; times in ms, client side; ` +
      'hits: results on the timed page, + when there is a next page)\n',
  );
  report.stages.forEach((stage, i) => {
    console.log(stageLine(report, stage, i));
  });
  console.log(
    `\n| kind | e.g. | hits ${small.label} | hits ${large.label} | p50 ${small.label} | p95 ${small.label} ` +
      `| p50 ${large.label} | p95 ${large.label} | p95 ratio | targets (${large.label}) |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  let met = 0;
  let total = 0;
  const problems: string[] = [];
  for (const kind of kinds) {
    const a = small.kinds.get(kind.id)!;
    const b = large.kinds.get(kind.id)!;
    const targets = targetsOf(kind, a, b);
    met += targets.filter((t) => t.met).length;
    total += targets.length;
    const ratio = p95(b.timesMs) / p95(a.timesMs);
    console.log(
      `| ${kind.label} | ${kind.queries[0]} | ${hitsCell(a.hits)} | ${hitsCell(b.hits)} ` +
        `| ${ms(p50(a.timesMs))} | ${ms(p95(a.timesMs))} | ${ms(p50(b.timesMs))} | ${ms(p95(b.timesMs))} ` +
        `| ${Number.isFinite(ratio) ? ratio.toFixed(2) : '—'}× ` +
        `| ${targets.map((t) => `${t.label} ${t.met ? 'met' : 'MISSED'}`).join(', ')} |`,
    );
    for (const [stage, timing] of [
      [small, a],
      [large, b],
    ] as const) {
      for (const p of timing.problems) problems.push(`${stage.label} ${kind.id}: ${p}`);
    }
  }
  if (problems.length)
    console.log(`\nProblems (a failing query is not a fast one):\n- ${problems.join('\n- ')}`);
  console.log(`\n${report.name}: ${met}/${total} targets met`);
  return { met, total };
}
