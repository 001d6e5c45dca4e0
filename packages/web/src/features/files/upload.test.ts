import { DEFAULT_CLIENT_IMAGE_RESIZE, type FileUploadResult } from '@parley/schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadInput } from '../../api/files.ts';
import type { AttachedFile } from './store/attachments.ts';
import { cancelUpload, type UploadDeps, uploadOne } from './upload.ts';

const result = (input: UploadInput): FileUploadResult => ({
  file_id: 'server-id',
  temp_file_id: input.tempId,
  filename: input.filename,
  filepath: '/api/files/download/u/server-id',
  type: 'image/png',
  bytes: 4,
  source: 'local',
  tool_resource: input.toolResource ?? null,
  embedded: false,
  status: 'ready',
  error: null,
  createdAt: 1,
  updatedAt: 1,
  message: 'File uploaded and processed successfully',
});

/** A chip list driven by the upload, with every progress value it went through. */
function harness(upload: UploadDeps['upload']) {
  const chips = new Map<string, AttachedFile>();
  const steps: number[] = [];
  const deps: UploadDeps = {
    add: (f) => {
      chips.set(f.tempId, f);
      steps.push(f.progress);
    },
    patch: (id, change) => {
      const f = chips.get(id);
      if (!f) return;
      chips.set(id, { ...f, ...change });
      if (change.progress !== undefined) steps.push(change.progress);
    },
    drop: (id) => void chips.delete(id),
    upload,
    onError: vi.fn(),
    onSlow: vi.fn(),
    resize: DEFAULT_CLIENT_IMAGE_RESIZE,
    target: { endpoint: 'openAI' },
  };
  return { chips, steps, deps };
}

beforeEach(() => {
  vi.useFakeTimers();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.useRealTimers());

describe('uploadOne (doc 1 §4 progress)', () => {
  it('goes 0.2 → 0.6 (image measured) → 0.9 on success → 1 after 300 ms', async () => {
    const upload = vi.fn(async (input: UploadInput) => result(input));
    const { chips, steps, deps } = harness(upload);
    await uploadOne(deps, { file: new File(['abcd'], 'a.png', { type: 'image/png' }), type: 'image/png' });
    expect(steps).toEqual([0.2, 0.6, 0.9]);
    expect(upload.mock.calls[0]?.[0]).toMatchObject({
      toolResource: 'image',
      endpoint: 'openAI',
      filename: 'a.png',
    });
    const chip = [...chips.values()][0];
    expect(chip).toMatchObject({ file_id: 'server-id', filepath: '/api/files/download/u/server-id' });
    vi.advanceTimersByTime(299);
    expect(steps).toEqual([0.2, 0.6, 0.9]);
    vi.advanceTimersByTime(1);
    expect(steps).toEqual([0.2, 0.6, 0.9, 1]);
  });

  it('skips the image step for a document and sends its tool resource', async () => {
    const upload = vi.fn(async (input: UploadInput) => result(input));
    const { steps, deps } = harness(upload);
    await uploadOne(deps, { file: new File(['x'], 'a.pdf'), type: 'application/pdf' }, 'file_search');
    expect(steps).toEqual([0.2, 0.9]);
    expect(upload.mock.calls[0]?.[0].toolResource).toBe('file_search');
  });

  it('an image the browser cannot draw (HEIC outside Safari) shows the file icon, not a broken preview', async () => {
    const original = globalThis.createImageBitmap;
    globalThis.createImageBitmap = vi.fn(async (blob: ImageBitmapSource) => {
      if ((blob as File).type === 'image/heic') throw new DOMException('cannot decode', 'InvalidStateError');
      return { width: 4, height: 3, close() {} } as ImageBitmap;
    }) as typeof createImageBitmap;
    try {
      const { chips, deps } = harness(async (input) => result(input));
      await uploadOne(deps, {
        file: new File(['x'], 'IMG.HEIC', { type: 'image/heic' }),
        type: 'image/heic',
      });
      await uploadOne(deps, { file: new File(['x'], 'a.png', { type: 'image/png' }), type: 'image/png' });
      const [heic, png] = [...chips.values()];
      expect(heic.preview).toBeUndefined();
      expect(png).toMatchObject({ preview: 'blob:preview', width: 4, height: 3 });
      expect(URL.revokeObjectURL).toHaveBeenCalledExactlyOnceWith('blob:preview');
    } finally {
      globalThis.createImageBitmap = original;
    }
  });

  it('removes the chip and reports the error when the upload fails', async () => {
    const failure = new Error('boom');
    const { chips, deps } = harness(async () => {
      throw failure;
    });
    await uploadOne(deps, { file: new File(['x'], 'a.txt'), type: 'text/plain' });
    expect(chips.size).toBe(0);
    expect(deps.onError).toHaveBeenCalledWith(failure, 'a.txt');
  });

  it('warns once when the upload is slow (5000 ms + 2000 ms per MB)', async () => {
    let finish: () => void = () => {};
    const { deps } = harness(
      (input) =>
        new Promise((resolve) => {
          finish = () => resolve(result(input));
        }),
    );
    const done = uploadOne(deps, { file: new File(['x'], 'slow.txt'), type: 'text/plain' });
    await vi.advanceTimersByTimeAsync(4999);
    expect(deps.onSlow).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.onSlow).toHaveBeenCalledExactlyOnceWith('slow.txt');
    finish();
    await done;
  });

  it('a chip removed while uploading cancels the request without an error toast', async () => {
    let tempId = '';
    const { chips, deps } = harness(
      (input) =>
        new Promise((_, reject) => {
          tempId = input.tempId;
          input.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const done = uploadOne(deps, { file: new File(['x'], 'a.txt'), type: 'text/plain' });
    await vi.advanceTimersByTimeAsync(0);
    expect(cancelUpload(tempId)).toBe(true);
    await done;
    expect(chips.size).toBe(0);
    expect(deps.onError).not.toHaveBeenCalled();
  });
});
