import { readFileSync } from 'node:fs';
import type { DialectName } from '@parley/fake-provider';
import type { FileUploadResult, SseFrame } from '@parley/schema';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { extractPool } from '../src/files/extract/pool.ts';
import { HEIC_MAX_INPUT_PIXELS, IMAGE_MAX_INPUT_PIXELS } from '../src/files/normalize-image.ts';
import { makeUser } from './factories.ts';
import { bearer, upload } from './files-upload.ts';
import { describeApp, postChat, readFrames } from './helpers.ts';

/**
 * HEIC/HEIF photos (what iPhones upload) become JPEGs on upload: decoded in an extraction thread
 * (sharp has no HEVC decoder), turned as the file's `irot` says, stored as image/jpeg with their
 * displayed size, and sent to vision models as JPEG. Animated GIFs keep their first frame.
 * Fixtures: test/fixtures/heic (make-fixtures.ts says how they were made).
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/heic/${name}`, import.meta.url));
const PHOTO = fixture('photo-64x48.heic');
const ROTATED = fixture('rotated-cw.heic');
const WORDS = fixture('words.heic');

type Rgb = [number, number, number];
const RED: Rgb = [255, 0, 0];
const GREEN: Rgb = [0, 255, 0];
const BLUE: Rgb = [0, 0, 255];

/** The colour at (x, y), checked loosely: HEVC and JPEG are lossy. */
async function colourAt(image: Buffer, x: number, y: number): Promise<Rgb> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]];
}

function expectColour(actual: Rgb, expected: Rgb) {
  for (const [i, v] of actual.entries())
    expect(Math.abs(v - expected[i]), `${actual} ≈ ${expected}`).toBeLessThan(40);
}

/** Every `ispe` (image spatial extent) box of the file set to width × height: what a bomb declares. */
function withDeclaredSize(file: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(file);
  for (let at = out.indexOf('ispe'); at >= 0; at = out.indexOf('ispe', at + 4)) {
    out.writeUInt32BE(width, at + 8);
    out.writeUInt32BE(height, at + 12);
  }
  return out;
}

describeApp('files: HEIC photos and GIFs', (t) => {
  async function uploadImage(name: string, data: Uint8Array, fields?: Record<string, string>) {
    const a = await makeUser(t);
    const res = await upload(t, a, name, data, { route: 'images', claimedType: 'image/heic', fields });
    return { a, res };
  }

  async function download(a: Awaited<ReturnType<typeof makeUser>>, body: FileUploadResult) {
    const dl = await fetch(`${t.base}${body.filepath}`, { headers: bearer(a) });
    expect(dl.headers.get('content-type')).toBe('image/jpeg');
    return Buffer.from(await dl.arrayBuffer());
  }

  it('stores a HEIC upload as a JPEG of the same picture, under the name the user gave', async () => {
    const { a, res } = await uploadImage('IMG_0001.HEIC', PHOTO);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as FileUploadResult;
    expect(body).toMatchObject({
      filename: 'IMG_0001.HEIC',
      type: 'image/jpeg',
      width: 64,
      height: 48,
      tool_resource: 'image',
    });
    const stored = await download(a, body);
    expect(stored.length).toBe(body.bytes);
    expect([...stored.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 64, 48]);
    // Green band on top, red left half, blue right half.
    expectColour(await colourAt(stored, 32, 2), GREEN);
    expectColour(await colourAt(stored, 8, 30), RED);
    expectColour(await colourAt(stored, 56, 30), BLUE);
  });

  it('turns the photo as its irot says (and not again for the EXIF orientation beside it), keeping no metadata', async () => {
    const { a, res } = await uploadImage('portrait.heic', ROTATED);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as FileUploadResult;
    expect([body.type, body.width, body.height]).toEqual(['image/jpeg', 48, 64]);
    const stored = await download(a, body);
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([48, 64]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // 90° clockwise: the top band is now the right edge, the left (red) half the top.
    expectColour(await colourAt(stored, 44, 32), GREEN);
    expectColour(await colourAt(stored, 16, 8), RED);
    expectColour(await colourAt(stored, 16, 56), BLUE);
  });

  it('an image sent to /api/files without a tool resource is a HEIC photo too', async () => {
    const a = await makeUser(t);
    const res = await upload(t, a, 'photo.heic', PHOTO, { claimedType: 'application/octet-stream' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({
      type: 'image/jpeg',
      width: 64,
      height: 48,
      tool_resource: 'image',
    });
  });

  it('a corrupt HEIC gets the process error, leaves nothing stored, and the server goes on', async () => {
    const a = await makeUser(t);
    // The header intact (still typed image/heic), the coded picture cut off.
    const cut = PHOTO.subarray(0, PHOTO.length - 200);
    // The header intact, the coded picture overwritten.
    const garbled = Buffer.from(PHOTO);
    garbled.fill(0x5a, garbled.indexOf('mdat') + 4);
    for (const [name, bytes] of [
      ['cut.heic', cut],
      ['garbled.heic', garbled],
    ] as const) {
      const res = await upload(t, a, name, bytes, { route: 'images' });
      expect(res.status, name).toBe(422);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('files_process');
    }
    expect(await t.app.ctx.repos.files.usedBytes(a.userId)).toBe(0);
    expect((await fetch(`${t.base}/health`)).status).toBe(200);
    const next = await upload(t, a, 'after.heic', PHOTO, { route: 'images' });
    expect(next.status).toBe(200);
  });

  it('a HEIC declaring more pixels than the cap is refused before decoding', async () => {
    const a = await makeUser(t);
    const side = Math.ceil(Math.sqrt(HEIC_MAX_INPUT_PIXELS)) + 1;
    const started = Date.now();
    const res = await upload(t, a, 'bomb.heic', withDeclaredSize(PHOTO, side, side), { route: 'images' });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('files_process');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await t.app.ctx.repos.files.usedBytes(a.userId)).toBe(0);
  });

  it('a HEIF coded in AV1 (AVIF under the mif1 brand, typed image/heif) is read by sharp instead', async () => {
    const a = await makeUser(t);
    const avif = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#00ff00' } })
      .avif()
      .toBuffer();
    const heif = Buffer.from(avif);
    heif.write('mif1', 8, 'latin1');
    const res = await upload(t, a, 'android.heif', heif, { route: 'images' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ type: 'image/png', width: 20, height: 10 });
  });

  it('an animated GIF is stored as a single-frame GIF: its first frame', async () => {
    const a = await makeUser(t);
    const frame = (background: { r: number; g: number; b: number }) =>
      sharp({ create: { width: 16, height: 12, channels: 3, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame({ r: 255, g: 0, b: 0 }), await frame({ r: 0, g: 0, b: 255 })], {
      join: { animated: true },
    })
      .gif({ delay: [100, 100] })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const res = await upload(t, a, 'blink.gif', animated, { route: 'images' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as FileUploadResult;
    expect([body.type, body.width, body.height]).toEqual(['image/gif', 16, 12]);
    const stored = Buffer.from(
      await (await fetch(`${t.base}${body.filepath}`, { headers: bearer(a) })).arrayBuffer(),
    );
    const meta = await sharp(stored, { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.height]).toEqual(['gif', 1, 12]);
    expectColour(await colourAt(stored, 8, 6), RED);
  });

  type Final = Extract<SseFrame, { final: true }>;
  it.each<[string, string, DialectName]>([
    ['openAI', 'gpt-4o', 'openai-chat'],
    ['anthropic', 'claude-sonnet-4-5', 'anthropic'],
  ])('%s %s: a HEIC photo reaches the vision model as a JPEG', async (endpoint, model, wire) => {
    const s = await makeUser(t);
    const res = await upload(t, s, 'IMG_0002.HEIC', PHOTO, { fields: { endpoint } });
    expect(res.status, await res.clone().text()).toBe(200);
    const image = (await res.json()) as FileUploadResult;
    t.fake.journal.clear();
    const frames = await readFrames(
      await postChat(t, s, {
        text: 'What is in this photo?',
        endpoint,
        model,
        files: [{ file_id: image.file_id }],
      }),
    );
    const done = frames.find((f) => 'final' in f.data)?.data as Final | undefined;
    expect(done, JSON.stringify(frames.at(-1)?.data)).toBeTruthy();
    expect(done!.requestMessage.files).toEqual([
      expect.objectContaining({ file_id: image.file_id, filename: 'IMG_0002.HEIC', type: 'image/jpeg' }),
    ]);
    const parts = t.fake.journal.last(wire)!.request!.messages.at(-1)!.parts;
    expect(parts.map((p) => p.type)).toEqual(['image', 'text']);
    const part = parts[0] as { mediaType?: string; url?: string; data?: string };
    const base64 = part.data ?? part.url?.replace(/^data:image\/jpeg;base64,/, '');
    const sent = Buffer.from(base64!, 'base64');
    expect([...sent.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    if (part.mediaType) expect(part.mediaType).toBe('image/jpeg');
    expect((await sharp(sent).metadata()).width).toBe(64);
  });
});

describe('HEIC decoding in the extraction pool', () => {
  const pool = extractPool({ size: 1, timeoutMs: 20_000 });
  afterAll(() => pool.close());

  it('ends a thread after it decoded a HEIC (its WebAssembly memory never shrinks), not after a document', async () => {
    await pool.extract(Buffer.from('warm'), 'text/plain');
    await pool.extract(Buffer.from('again'), 'text/plain');
    const before = pool.threadsStarted();
    await pool.decodeHeic(PHOTO, IMAGE_MAX_INPUT_PIXELS);
    expect(pool.threadsStarted()).toBe(before);
    await pool.extract(Buffer.from('next'), 'text/plain');
    expect(pool.threadsStarted()).toBe(before + 1);
    // A failed decode loaded the decoder too.
    await expect(pool.decodeHeic(PHOTO, 1)).rejects.toThrow(/over the limit/);
    await pool.extract(Buffer.from('next'), 'text/plain');
    expect(pool.threadsStarted()).toBe(before + 2);
  });

  it('decodes HEICs and documents from one queue; a thread ended after a HEIC is replaced for the next job', async () => {
    const jobs = await Promise.all([
      pool.decodeHeic(PHOTO, IMAGE_MAX_INPUT_PIXELS),
      pool.extract(Buffer.from('between two photos'), 'text/plain'),
      pool.decodeHeic(ROTATED, IMAGE_MAX_INPUT_PIXELS),
      pool.extract(Buffer.from('after them'), 'text/plain'),
    ]);
    const [photo, between, rotated, after] = jobs as [
      Awaited<ReturnType<typeof pool.decodeHeic>>,
      Awaited<ReturnType<typeof pool.extract>>,
      Awaited<ReturnType<typeof pool.decodeHeic>>,
      Awaited<ReturnType<typeof pool.extract>>,
    ];
    expect([photo.width, photo.height, photo.data.length]).toEqual([64, 48, 64 * 48 * 4]);
    expect([rotated.width, rotated.height]).toEqual([48, 64]);
    expect(between.text).toBe('between two photos');
    expect(after.text).toBe('after them');
  });

  it('reads the words of a HEIC photo (OCR: "upload as text", file search)', async () => {
    const before = pool.threadsStarted();
    const { text } = await pool.extract(WORDS, 'image/heic');
    expect(text).toMatch(/Invoice\s+4721\s+paid/);
    await pool.extract(Buffer.from('next'), 'text/plain');
    expect(pool.threadsStarted()).toBeGreaterThan(before);
  }, 60_000);

  it('refuses a HEIC over the pixel cap with a reason naming it, and a broken one as unreadable', async () => {
    await expect(pool.decodeHeic(PHOTO, 64 * 48 - 1)).rejects.toThrow(/over the limit/);
    await expect(pool.decodeHeic(PHOTO.subarray(0, 40), IMAGE_MAX_INPUT_PIXELS)).rejects.toThrow(/HEIC/);
    expect((await pool.decodeHeic(PHOTO, 64 * 48)).width).toBe(64);
  });
});
