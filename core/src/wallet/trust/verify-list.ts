import { TrustListError, type TrustListFailure } from './errors.ts';
import { readLote, verifyLoteJws } from './lote-json.ts';
import { readTsl, type ListedService, type TslPointer } from './tsl-xml.ts';
import { verifyEnvelopedSignature } from './xml-signature.ts';

/** One list document to check: its bytes as fetched (or as persisted) and the certificates allowed to sign it. */
export interface VerifyListRequest {
  readonly kind: 'tsl' | 'lote';
  readonly body: string;
  readonly signers: readonly Uint8Array[];
}

/**
 * What a verified list contributes, as plain data (structured-cloneable: it crosses from the verification
 * thread to core's event loop). `pointers` is empty for a TS 119 602 list and for a national list.
 */
export interface VerifiedList {
  readonly nextUpdate: Date | undefined;
  readonly sequenceNumber: number | undefined;
  readonly pointers: readonly TslPointer[];
  readonly services: readonly ListedService[];
}

/** The answer of the verification thread: the list, or why it is refused. */
export type VerifyListReply =
  { readonly ok: true; readonly list: VerifiedList } | { readonly ok: false; readonly failure: TrustListFailure; readonly message: string };

/**
 * The CPU-heavy part of a refresh, for one list: parse, verify the signature with the allowed keys only, read
 * the anchors. Runs in the verification thread (list-verifier.worker.ts); the bench also runs it in-thread to
 * measure what the thread saves.
 */
export async function verifyList(req: VerifyListRequest): Promise<VerifiedList> {
  if (req.kind === 'tsl') {
    const t = readTsl(await verifyEnvelopedSignature(req.body, req.signers));
    return { nextUpdate: t.nextUpdate, sequenceNumber: t.sequenceNumber, pointers: t.pointers, services: t.services };
  }
  const l = readLote(await verifyLoteJws(req.body, req.signers));
  return { nextUpdate: l.nextUpdate, sequenceNumber: l.sequenceNumber, pointers: [], services: l.services };
}

/** verifyList as a reply: a TrustListError becomes its failure; anything else (a bug, a library throwing) is `malformed`. */
export async function verifyListReply(req: VerifyListRequest): Promise<VerifyListReply> {
  try {
    return { ok: true, list: await verifyList(req) };
  } catch (err) {
    if (err instanceof TrustListError) return { ok: false, failure: err.failure, message: err.message };
    return { ok: false, failure: 'malformed', message: err instanceof Error ? err.message : String(err) };
  }
}
