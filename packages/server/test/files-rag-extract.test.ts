import { randomBytes } from 'node:crypto';
import { createCanvas } from '@napi-rs/canvas';
import { countTokens } from 'gpt-tokenizer';
import { afterAll, describe, expect, it } from 'vitest';
import { chunkText } from '../src/files/extract/chunk.ts';
import { ExtractError } from '../src/files/extract/errors.ts';
import { extractInThread } from '../src/files/extract/extract-in-thread.ts';
import { extractPool } from '../src/files/extract/pool.ts';
import { boundedTokenCounter } from '../src/files/extract/token-count.ts';
import { zipTotals } from '../src/files/extract/zip-guard.ts';
import { makeDocx, makeOdt, makePdf, makeZip, prosePage } from './files-fixtures.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

const pool = extractPool({ timeoutMs: 20_000 });
afterAll(() => pool.close());

function textCanvas(lines: string[]) {
  const c = createCanvas(800, 60 + lines.length * 50);
  const g = c.getContext('2d');
  g.fillStyle = 'white';
  g.fillRect(0, 0, c.width, c.height);
  g.fillStyle = 'black';
  g.font = '32px sans-serif';
  lines.forEach((l, i) => {
    g.fillText(l, 30, 60 + i * 50);
  });
  return c;
}

async function xlsxBytes(): Promise<Buffer> {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['region', 'revenue'],
      ['north', 1200],
    ]),
    'Sales',
  );
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['note'], ['hello sheet two']]), 'Notes');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' });
}

describe('extract (in an extraction thread)', () => {
  it('reads a PDF page by page, with where each page starts', async () => {
    const out = await pool.extract(
      makePdf([{ lines: ['First page text'] }, { lines: prosePage(1, 3) }]),
      'application/pdf',
    );
    expect(out.text.startsWith('First page text')).toBe(true);
    expect(out.pages?.map((p) => p.page)).toEqual([1, 2]);
    expect(out.text.slice(out.pages![1].offset)).toBe(prosePage(1, 3).join('\n'));
  });

  it('reads Word as Markdown, spreadsheets per sheet, OpenDocument, HTML and text', async () => {
    expect((await pool.extract(makeDocx(['# Quarterly Report', 'Revenue grew.']), DOCX)).text).toBe(
      '# Quarterly Report\n\nRevenue grew.',
    );
    expect((await pool.extract(await xlsxBytes(), XLSX_TYPE)).text).toBe(
      '## Sales\n\nregion,revenue\nnorth,1200\n\n## Notes\n\nnote\nhello sheet two',
    );
    expect(
      (await pool.extract(makeOdt(['Open text one', 'Two']), 'application/vnd.oasis.opendocument.text')).text,
    ).toContain('Open text one');
    const html = Buffer.from(
      '<html><body><nav>Home | About</nav><article><h2>Guide</h2><p>Fastify is <b>fast</b>, and this paragraph is long enough for readability to keep it as the article.</p><script>alert(1)</script></article></body></html>',
    );
    const page = (await pool.extract(html, 'text/html')).text;
    expect(page).toContain('## Guide');
    expect(page).toContain('**fast**');
    expect(page).not.toContain('alert');
    expect((await pool.extract(Buffer.from('\ufeff{"a": "é"}'), 'application/json')).text).toBe('{"a": "é"}');
    expect((await pool.extract(Buffer.from('const x = 1;\n'), 'text/x-typescript')).text).toBe(
      'const x = 1;\n',
    );
  });

  it('reads images and scanned PDFs with OCR, offline', async () => {
    const canvas = textCanvas(['Invoice number 4471', 'The quick brown fox']);
    expect((await pool.extract(canvas.toBuffer('image/png'), 'image/png')).text).toContain(
      'Invoice number 4471',
    );
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    const pixels = new Uint8Array(canvas.width * canvas.height).map((_, i) => data[i * 4]);
    const scan = makePdf([{ gray: { width: canvas.width, height: canvas.height, pixels } }]);
    const out = await pool.extract(scan, 'application/pdf');
    expect(out.text).toContain('quick brown fox');
    expect(out.pages).toEqual([{ page: 1, offset: 0 }]);
  });

  it('counts and chunks in the thread: the text comes back with its tokens and passages', async () => {
    const out = await pool.extract(
      makePdf([1, 2, 3].map((p) => ({ lines: prosePage(p, 40) }))),
      'application/pdf',
    );
    // The same numbers and Chunk objects the request thread used to make from the text.
    const count = boundedTokenCounter(countTokens);
    expect(out.tokens).toBe(count(out.text));
    expect(out.chunks).toEqual(chunkText(out.text, out.pages, { countTokens: count }));
    expect(out.chunks.length).toBeGreaterThan(3);
    expect(new Set(out.chunks.map((c) => c.page))).toEqual(new Set([1, 2, 3]));
  });

  it('refuses a type it has no extractor for', async () => {
    await expect(pool.extract(Buffer.from('x'), 'application/octet-stream')).rejects.toBeInstanceOf(
      ExtractError,
    );
  });
});

describe('zip guard', () => {
  it('refuses a compression bomb before parsing', async () => {
    const bomb = makeZip({ 'word/document.xml': Buffer.alloc(20 * 1024 * 1024) });
    expect(zipTotals(bomb).uncompressed).toBe(20 * 1024 * 1024);
    await expect(extractInThread(bomb, DOCX)).rejects.toThrow(/compression ratio/);
  });

  it('refuses an archive declaring more than the limit', async () => {
    const zip = makeZip({ 'xl/workbook.xml': 'x' });
    // The central directory's uncompressed size (offset 24 of the entry), as a lying archive would say.
    const dir = zip.length - 22 - 46 - 'xl/workbook.xml'.length;
    zip.writeUInt32LE(0xfff0_0000, dir + 24);
    await expect(extractInThread(zip, XLSX_TYPE)).rejects.toThrow(/declares \d+ bytes/);
  });

  it('lets a normal document through', () => {
    const t = zipTotals(makeDocx(['hello']));
    expect(t.entries).toBe(3);
  });
});

describe('fuzz: damaged files give ExtractError, never a crash or a hang', () => {
  const seeds = [1, 2, 3, 4, 5, 6];
  const rng = (seed: number) => {
    let x = seed * 7919;
    return () => {
      x = (Math.imul(x ^ (x >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
      return x / 2 ** 32;
    };
  };
  /** Truncated, bytes flipped in the middle, or the head kept and the rest random. */
  const damage = (bytes: Buffer, seed: number): Buffer => {
    const r = rng(seed);
    const b = Buffer.from(bytes);
    switch (seed % 3) {
      case 0:
        return b.subarray(0, Math.floor(b.length * (0.2 + r() * 0.6)));
      case 1:
        for (let i = 0; i < 64; i++) b[Math.floor(b.length * (0.1 + r() * 0.8))] = Math.floor(r() * 256);
        return b;
      default:
        return Buffer.concat([b.subarray(0, 16), randomBytes(Math.max(64, b.length - 16))]);
    }
  };

  it('on PDFs, ZIP-based documents and images', async () => {
    const canvas = textCanvas(['fuzz']);
    const inputs: [string, Buffer][] = [
      ['application/pdf', makePdf([{ lines: prosePage(3, 20) }, { lines: prosePage(4, 20) }])],
      [DOCX, makeDocx(['# Title', ...prosePage(5, 30)])],
      [XLSX_TYPE, await xlsxBytes()],
      [PPTX, makeZip({ 'ppt/presentation.xml': '<p:presentation/>' })],
      ['application/vnd.oasis.opendocument.text', makeOdt(prosePage(6, 10))],
      ['image/png', canvas.toBuffer('image/png')],
      ['image/jpeg', canvas.toBuffer('image/jpeg')],
    ];
    const outcomes: string[] = [];
    for (const [type, good] of inputs) {
      for (const seed of seeds) {
        const started = Date.now();
        try {
          await pool.extract(damage(good, seed), type);
          // Some damage leaves a readable file (a flipped byte in text): that is fine too.
          outcomes.push('ok');
        } catch (err) {
          expect(err).toBeInstanceOf(ExtractError);
          outcomes.push('refused');
        }
        expect(Date.now() - started).toBeLessThan(20_000);
      }
    }
    expect(outcomes.filter((o) => o === 'refused').length).toBeGreaterThan(inputs.length * 2);
    // The pool still works afterwards.
    expect((await pool.extract(Buffer.from('still alive'), 'text/plain')).text).toBe('still alive');
  }, 180_000);

  it('ends a job past its deadline and keeps serving', async () => {
    const slow = extractPool({ size: 1, timeoutMs: 2000 });
    try {
      // A scan of 12 pages: OCR takes ~0.5 s a page.
      const canvas = textCanvas(prosePage(9, 12));
      const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      const pixels = new Uint8Array(canvas.width * canvas.height).map((_, i) => data[i * 4]);
      const page = { gray: { width: canvas.width, height: canvas.height, pixels } };
      // A ready thread first: the deadline counts the job, not the thread's start-up.
      await slow.extract(Buffer.from('warm'), 'text/plain');
      const started = Date.now();
      await expect(slow.extract(makePdf(Array(12).fill(page)), 'application/pdf')).rejects.toThrow(
        /timed out/,
      );
      expect(Date.now() - started).toBeLessThan(4000);
      expect((await slow.extract(Buffer.from('next'), 'text/plain')).text).toBe('next');
    } finally {
      await slow.close();
    }
  });
});
