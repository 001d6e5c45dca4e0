import { paths } from '@parley/schema';
import { makePdf } from './files-fixtures.ts';
import type { Session, TestApp } from './helpers.ts';

/** Multipart uploads as a browser sends them (FormData over fetch), for the files tests. */

export interface UploadOptions {
  fields?: Record<string, string>;
  /** Send the fields after the file part (LibreChat's client sends them first). */
  fieldsAfter?: boolean;
  route?: 'files' | 'images';
  /** The Content-Type the client claims (never trusted). */
  claimedType?: string;
}

export function upload(
  t: TestApp,
  s: Session,
  name: string,
  data: Uint8Array | string,
  opts: UploadOptions = {},
) {
  const form = new FormData();
  const fields = Object.entries(opts.fields ?? {});
  if (!opts.fieldsAfter) for (const [k, v] of fields) form.append(k, v);
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  form.append(
    'file',
    new Blob([bytes as Uint8Array<ArrayBuffer>], { type: opts.claimedType ?? 'text/plain' }),
    name,
  );
  if (opts.fieldsAfter) for (const [k, v] of fields) form.append(k, v);
  const path = opts.route === 'images' ? paths.fileImages : paths.files;
  return fetch(`${t.base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.token}` },
    body: form,
  });
}

export const bearer = (s: Session) => ({ authorization: `Bearer ${s.token}` });

/** A small real PDF (one page of text): typed by its bytes, and readable by the text extractor. */
export const PDF_BYTES: Uint8Array = makePdf([
  { lines: ['Quarterly report', 'Revenue grew in every region.'] },
]);

/** A DOS/Windows executable's first bytes ("MZ" header with a PE offset). */
export function exeBytes(): Uint8Array {
  const b = new Uint8Array(512);
  b[0] = 0x4d;
  b[1] = 0x5a;
  b[0x3c] = 0x80;
  b.set([0x50, 0x45, 0, 0], 0x80);
  return b;
}
