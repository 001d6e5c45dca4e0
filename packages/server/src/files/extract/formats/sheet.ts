import type { Extracted } from '../types.ts';
import { assertSafeZip } from '../zip-guard.ts';

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b;

/** Spreadsheets (XLSX, XLS, ODS): each sheet as a `## name` section of CSV (formula results, not formulas). */
export async function extractSheet(bytes: Uint8Array): Promise<Extracted> {
  if (isZip(bytes)) assertSafeZip(bytes);
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.read(bytes, { type: 'buffer', dense: true, cellFormula: false, cellHTML: false });
  const parts = book.SheetNames.map((name) => {
    const csv = XLSX.utils.sheet_to_csv(book.Sheets[name], { blankrows: false }).trim();
    return `## ${name}\n\n${csv}`;
  });
  return { text: parts.join('\n\n') };
}
