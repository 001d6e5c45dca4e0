import { crc32 } from 'node:zlib';

/**
 * AWS binary event stream framing (`application/vnd.amazon.eventstream`, providers.md §6):
 *
 *   [total_len u32][headers_len u32][prelude_crc u32][headers][payload][message_crc u32]
 *   header := [name_len u8][name][type u8 = 7 (string)][value_len u16][value]
 *
 * All integers big-endian; the prelude CRC covers bytes 0..7, the message CRC everything before it.
 */
export const EVENTSTREAM_CONTENT_TYPE = 'application/vnd.amazon.eventstream';

const PRELUDE = 12;
const STRING_TYPE = 7;

function encodeHeaders(headers: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const n = Buffer.from(name, 'utf8');
    const v = Buffer.from(value, 'utf8');
    if (n.length > 255) throw new Error(`event stream header name too long: ${name}`);
    const h = Buffer.alloc(1 + n.length + 1 + 2 + v.length);
    h.writeUInt8(n.length, 0);
    n.copy(h, 1);
    h.writeUInt8(STRING_TYPE, 1 + n.length);
    h.writeUInt16BE(v.length, 2 + n.length);
    v.copy(h, 4 + n.length);
    parts.push(h);
  }
  return Buffer.concat(parts);
}

/** One message with valid prelude and message CRCs. */
export function encodeMessage(headers: Record<string, string>, payload: Buffer | string): Buffer {
  const h = encodeHeaders(headers);
  const p = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  const total = PRELUDE + h.length + p.length + 4;
  const out = Buffer.alloc(total);
  out.writeUInt32BE(total, 0);
  out.writeUInt32BE(h.length, 4);
  out.writeUInt32BE(crc32(out.subarray(0, 8)), 8);
  h.copy(out, PRELUDE);
  p.copy(out, PRELUDE + h.length);
  out.writeUInt32BE(crc32(out.subarray(0, total - 4)), total - 4);
  return out;
}

export interface DecodedMessage {
  headers: Record<string, string>;
  payload: Buffer;
}

/** Parse one message, checking both CRCs (for tests and the fake's own self-checks). */
export function decodeMessage(buf: Buffer): DecodedMessage {
  if (buf.length < PRELUDE + 4) throw new Error('event stream message too short');
  const total = buf.readUInt32BE(0);
  const headersLen = buf.readUInt32BE(4);
  if (total !== buf.length) throw new Error(`event stream length ${total} != buffer ${buf.length}`);
  if (crc32(buf.subarray(0, 8)) !== buf.readUInt32BE(8)) throw new Error('event stream prelude CRC mismatch');
  if (crc32(buf.subarray(0, total - 4)) !== buf.readUInt32BE(total - 4))
    throw new Error('event stream message CRC mismatch');
  const headers: Record<string, string> = {};
  let i = PRELUDE;
  const end = PRELUDE + headersLen;
  while (i < end) {
    const nameLen = buf.readUInt8(i);
    const name = buf.toString('utf8', i + 1, i + 1 + nameLen);
    i += 1 + nameLen;
    const type = buf.readUInt8(i);
    if (type !== STRING_TYPE) throw new Error(`event stream header type ${type} not supported`);
    const len = buf.readUInt16BE(i + 1);
    headers[name] = buf.toString('utf8', i + 3, i + 3 + len);
    i += 3 + len;
  }
  return { headers, payload: buf.subarray(end, total - 4) };
}

/** Split a byte stream into messages by their length prefixes (a trailing partial message is returned apart). */
export function splitMessages(buf: Buffer): { messages: Buffer[]; rest: Buffer } {
  const messages: Buffer[] = [];
  let i = 0;
  while (buf.length - i >= 4) {
    const total = buf.readUInt32BE(i);
    if (total < PRELUDE + 4 || buf.length - i < total) break;
    messages.push(buf.subarray(i, i + total));
    i += total;
  }
  return { messages, rest: buf.subarray(i) };
}

/** The same message with its trailing message CRC flipped: clients must reject it. */
export function breakMessageCrc(message: Buffer): Buffer {
  const out = Buffer.from(message);
  const at = out.length - 4;
  out.writeUInt32BE((out.readUInt32BE(at) ^ 0xffffffff) >>> 0, at);
  return out;
}
