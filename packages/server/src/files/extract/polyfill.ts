/**
 * pdf.js (inside unpdf) calls ArrayBuffer.prototype.transferToFixedLength when it renders a page;
 * Node 20 lacks it (Node ≥ 21 has it) and the page comes out blank. Copy, then detach the source
 * with structuredClone's transfer list, which is what the native method amounts to for our use.
 */
export function installArrayBufferTransfer(): void {
  const proto = ArrayBuffer.prototype as ArrayBuffer & {
    transfer?: (n?: number) => ArrayBuffer;
    transferToFixedLength?: (n?: number) => ArrayBuffer;
  };
  if (proto.transferToFixedLength) return;
  const transfer = function (this: ArrayBuffer, length?: number): ArrayBuffer {
    const size = length ?? this.byteLength;
    const copy = new ArrayBuffer(size);
    new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(size, this.byteLength)));
    structuredClone(this, { transfer: [this] });
    return copy;
  };
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    value: transfer,
    configurable: true,
  });
  if (!proto.transfer)
    Object.defineProperty(ArrayBuffer.prototype, 'transfer', { value: transfer, configurable: true });
}
