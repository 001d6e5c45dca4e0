/** Small statistics and report helpers for the UI benchmark. */

export const median = (xs: number[]): number => {
  const s = [...xs].filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
};

/** Interquartile range as "q1–q3", for the report. */
export const iqr = (xs: number[], digits = 1): string =>
  xs.length < 2 ? '—' : `${quantile(xs, 0.25).toFixed(digits)}–${quantile(xs, 0.75).toFixed(digits)}`;

/** Linear interpolation of a cumulative counter sampled at times `t` (ascending). */
export function counterAt(samples: { t: number; v: number }[], t: number): number {
  if (samples.length === 0) return Number.NaN;
  if (t <= samples[0].t) return samples[0].v;
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1];
    const b = samples[i];
    if (t <= b.t) return a.v + ((b.v - a.v) * (t - a.t)) / (b.t - a.t || 1);
  }
  return samples[samples.length - 1].v;
}

export interface Row {
  measure: string;
  value: number;
  unit: string;
  target: string;
  pass: boolean | null;
  note?: string;
}

export function check(
  measure: string,
  value: number,
  unit: string,
  op: '<=' | '>=',
  limit: number,
  note?: string,
): Row {
  const pass = Number.isFinite(value) ? (op === '<=' ? value <= limit : value >= limit) : false;
  return {
    measure,
    value,
    unit,
    target: `${op === '<=' ? '≤' : '≥'} ${limit}${unit ? ` ${unit}` : ''}`,
    pass,
    note,
  };
}

export const info = (measure: string, value: number, unit: string, note?: string): Row => ({
  measure,
  value,
  unit,
  target: '—',
  pass: null,
  note,
});

const fmt = (v: number) =>
  !Number.isFinite(v)
    ? 'n/a'
    : Math.abs(v) >= 100
      ? v.toFixed(0)
      : Math.abs(v) >= 10
        ? v.toFixed(1)
        : v.toFixed(2);

export function printTable(title: string, rows: Row[]) {
  console.log(`\n### ${title}\n`);
  console.log('| measure | value | target | result | note |');
  console.log('|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.measure} | ${fmt(r.value)}${r.unit ? ` ${r.unit}` : ''} | ${r.target} | ${r.pass === null ? 'info' : r.pass ? 'PASS' : 'FAIL'} | ${r.note ?? ''} |`,
    );
}
