import type { DataCipher } from './cipher.ts';

/** A face embedding as core keeps it: the recognizer's id and the 512 floats (never an image). */
export interface FaceEmbedding {
  values: number[];
  model: string;
}

/** The embedding an inference node answered (its `model` names the recognizer); null when there is none. */
export function embeddingFrom(e: { values?: number[]; model?: string } | undefined): FaceEmbedding | null {
  return e?.values?.length ? { values: e.values, model: e.model ?? '' } : null;
}

/**
 * Seals an embedding with DATA_KEYS (AES-256-GCM). `aad` binds the sealed value to its row and
 * purpose, so a value copied to another row does not open.
 */
export function sealEmbedding(cipher: DataCipher, embedding: FaceEmbedding, aad: string): string {
  const packed = `${embedding.model}:${Buffer.from(Float32Array.from(embedding.values).buffer).toString('base64')}`;
  return cipher.encrypt(packed, aad);
}

export function openEmbedding(cipher: DataCipher, sealed: string, aad: string): FaceEmbedding {
  const packed = cipher.decrypt(sealed, aad);
  const at = packed.lastIndexOf(':');
  const bytes = Buffer.from(packed.slice(at + 1), 'base64');
  // Copied into a fresh buffer: a pooled Buffer's offset need not be 4-byte aligned.
  const floats = new Float32Array(Uint8Array.from(bytes).buffer);
  return { model: packed.slice(0, at), values: Array.from(floats) };
}
