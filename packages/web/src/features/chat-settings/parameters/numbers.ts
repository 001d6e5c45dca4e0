/** Decimal places of a step (0.01 → 2), so rounding never leaves float noise like 0.30000000000000004. */
function decimals(step: number): number {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** Round to the step's precision and keep within [min, max] (either bound may be open). */
export function normalize(value: number, step: number, min?: number, max?: number): number {
  let out = Number(value.toFixed(decimals(step)));
  if (min !== undefined && out < min) out = min;
  if (max !== undefined && out > max) out = max;
  return out;
}

/** A finite number from user text, or null (blank, `-`, `1e`, letters…). */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}
