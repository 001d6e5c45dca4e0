import { describe, expect, it } from 'vitest';
import { multipartFile } from './multipart.ts';

const body = (parts: string) => Buffer.from(parts.replaceAll('\n', '\r\n'));

describe('multipartFile', () => {
  const type = 'multipart/form-data; boundary=----X1';
  it('returns the file field with its decoded name', () => {
    const raw = body(
      '------X1\nContent-Disposition: form-data; name="other"\n\nignored\n------X1\nContent-Disposition: form-data; name="file"; filename="my%20chats.json"\nContent-Type: application/json\n\n[{"a":1}]\n------X1--\n',
    );
    const file = multipartFile(raw, type)!;
    expect(file.filename).toBe('my chats.json');
    expect(file.data.toString()).toBe('[{"a":1}]');
  });

  it('null without a file field or a boundary', () => {
    const raw = body('------X1\nContent-Disposition: form-data; name="other"\n\nx\n------X1--\n');
    expect(multipartFile(raw, type)).toBeNull();
    expect(multipartFile(raw, 'multipart/form-data')).toBeNull();
  });

  it('keeps a file whose text contains the boundary without a line break before it', () => {
    const raw = body(
      '------X1\nContent-Disposition: form-data; name="file"; filename="a.json"\n\n{"note":"x------X1y"}\n------X1--\n',
    );
    expect(multipartFile(raw, type)!.data.toString()).toBe('{"note":"x------X1y"}');
  });
});
