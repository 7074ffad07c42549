import { appError } from '@idgate/protos';

/**
 * An ArrayBuffer holding exactly these bytes, ready to be MOVED into a worker (transferList).
 * gRPC hands bytes fields as views into the whole received message, and a transfer would detach
 * that entire buffer, so a view is copied once here; a buffer that is already exactly the image
 * is moved as is. Either way the worker gets its own memory and the main thread keeps none.
 */
export function toTransferable(bytes: Uint8Array): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = bytes;
  if (buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength) return buffer;
  const own = new ArrayBuffer(byteLength);
  new Uint8Array(own).set(bytes);
  return own;
}

/** Validates sizes before anything is copied; returns transferable buffers. */
export function imagesFrom(list: readonly (Uint8Array | undefined)[], maxImageBytes: number): ArrayBuffer[] {
  return list.map((bytes) => {
    if (!bytes || bytes.byteLength === 0) throw appError('IMAGE_EMPTY', { details: { reasons: ['image_empty'] } });
    if (bytes.byteLength > maxImageBytes) throw appError('IMAGE_TOO_LARGE', { details: { reasons: ['image_bytes_over_limit'] } });
    return toTransferable(bytes);
  });
}
