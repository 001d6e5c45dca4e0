import { randomBytes } from 'node:crypto';
import type { FileUploadResult } from '@parley/schema';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_MAX_EDGE_PX } from '../src/files/normalize-image.ts';
import { makeUser } from './factories.ts';
import { bearer, PDF_BYTES, upload } from './files-upload.ts';
import { describeApp } from './helpers.ts';

/** Images are normalised on upload (issue 14 §3): orientation applied, metadata gone, bounded. */

/** A 40×20 JPEG (wider than tall as stored) whose EXIF says "rotate 90° clockwise" (orientation 6). */
async function rotatedJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 10, b: 10 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-gps-owner', Artist: 'someone' } } })
    .toBuffer();
}

describeApp('files: images', (t) => {
  it('applies EXIF orientation, strips metadata, and records the displayed size', async () => {
    const a = await makeUser(t);
    const original = await rotatedJpeg();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();
    const res = await upload(t, a, 'photo.jpg', original, { route: 'images', claimedType: 'image/jpeg' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as FileUploadResult;
    expect(body).toMatchObject({ type: 'image/jpeg', width: 20, height: 40, tool_resource: 'image' });
    const dl = await fetch(`${t.base}${body.filepath}`, { headers: bearer(a) });
    expect(dl.headers.get('content-type')).toBe('image/jpeg');
    const stored = Buffer.from(await dl.arrayBuffer());
    expect(stored.length).toBe(body.bytes);
    const after = await sharp(stored).metadata();
    expect([after.width, after.height]).toEqual([20, 40]);
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-gps-owner'))).toBe(false);
  });

  it('bounds the longest edge and the bytes to what every provider accepts', async () => {
    const a = await makeUser(t);
    // Noise does not compress: a 9000×300 PNG of it is over both bounds.
    const width = 9000;
    const height = 300;
    const noise = randomBytes(width * height * 3);
    const png = await sharp(noise, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    expect(png.length).toBeGreaterThan(IMAGE_MAX_BYTES);
    const body = (await (
      await upload(t, a, 'wide.png', png, { route: 'images' })
    ).json()) as FileUploadResult;
    expect(body.type).toBe('image/png');
    expect(Math.max(body.width!, body.height!)).toBeLessThanOrEqual(IMAGE_MAX_EDGE_PX);
    expect(body.bytes).toBeLessThanOrEqual(IMAGE_MAX_BYTES);
  });

  it('an image sent to /api/files is normalised too; /images refuses what is not an image', async () => {
    const a = await makeUser(t);
    const body = (await (await upload(t, a, 'p.jpg', await rotatedJpeg())).json()) as FileUploadResult;
    expect([body.width, body.height]).toEqual([20, 40]);
    const pdf = await upload(t, a, 'doc.pdf', PDF_BYTES, { route: 'images' });
    expect(pdf.status).toBe(415);
    const svg = await upload(t, a, 'x.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', { route: 'images' });
    expect(svg.status).toBe(415);
  });

  it('a corrupt image is refused with the process error and leaves nothing stored', async () => {
    const a = await makeUser(t);
    const broken = Buffer.concat([(await rotatedJpeg()).subarray(0, 200)]);
    const res = await upload(t, a, 'broken.jpg', broken, { route: 'images' });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('files_process');
    expect(await t.app.ctx.repos.files.usedBytes(a.userId)).toBe(0);
  });

  it('survives malformed images: each one is stored or refused with a files error (never a 500), and the server stays up', async () => {
    const a = await makeUser(t);
    const valid = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const jpeg = await rotatedJpeg();
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 24; i++) {
      const base = Buffer.from(i % 2 ? jpeg : valid);
      // Flip bytes past the signature (so it is still typed as an image), or cut the file short.
      if (i % 3 === 0) {
        const cut = base.subarray(0, 16 + Math.floor(random() * (base.length - 16)));
        base.fill(0);
        cut.copy(base);
      }
      for (let n = 0; n < 12; n++)
        base[16 + Math.floor(random() * (base.length - 16))] = Math.floor(random() * 256);
      const res = await upload(t, a, `fuzz${i}.${i % 2 ? 'jpg' : 'png'}`, base, { route: 'images' });
      if (res.status !== 200) {
        const text = await res.text();
        expect(res.status, text).toBeGreaterThanOrEqual(400);
        expect(res.status, text).toBeLessThan(500);
        expect(JSON.parse(text).error.code, text).toMatch(/^files_/);
      }
    }
    expect((await fetch(`${t.base}/health`)).status).toBe(200);
  });
});
