// ISO/IEC 18013-7 Annex C: the mdoc's own request protocol (`org-iso-mdoc`) over the W3C Digital Credentials API,
// offered beside OpenID4VP in the same navigator.credentials.get call. The request is a CBOR DeviceRequest plus an
// EncryptionInfo naming a fresh HPKE key of the transaction; the wallet answers an HPKE-encrypted DeviceResponse.
// Both the HPKE `info` and the device signature are bound to the `dcapi` SessionTranscript, which the verifier
// computes from the transaction (its EncryptionInfo as sent and its origin), never from the response.
import { randomBytes } from 'node:crypto';
import { decode, encode, Tag } from 'cbor2';
import { appError, type AgeGate } from '@idgate/protos';
import type { JWK } from 'jose';
import { isoDcApiSessionTranscript } from '../mdoc/session-transcript.ts';
import { coseKeyOf, generateHpkeKey, hpkeOpen, P256_ENC_LENGTH } from './hpke.ts';

/** The DC API protocol identifier of Annex C (W3C Digital Credentials protocol registry). */
export const ISO_MDOC_PROTOCOL = 'org-iso-mdoc';
/** DeviceRequest version: 1.0 (18013-5:2021), what every mdoc reads; see docs/decisions/wallet-path.md. */
export const DEVICE_REQUEST_VERSION = '1.0';
/** Annex C asks for at least 16 bytes of entropy in the EncryptionInfo nonce. */
const NONCE_BYTES = 16;

/** What a transaction keeps for its Annex C request: gone with the transaction (transaction-store.ts). */
export interface AnnexCKeys {
  /** Private JWK of the ephemeral P-256 HPKE key the response is encrypted to. */
  readonly hpkeKey: JWK;
  /** base64url (no padding) of the CBOR EncryptionInfo exactly as sent: the transcript binds this string. */
  readonly encryptionInfo: string;
}

/** A fresh key pair and nonce, and the EncryptionInfo `["dcapi", { nonce, recipientPublicKey }]` made of them. */
export async function createAnnexCKeys(): Promise<AnnexCKeys> {
  const hpkeKey = await generateHpkeKey();
  const info = [
    'dcapi',
    new Map<string, unknown>([
      ['nonce', new Uint8Array(randomBytes(NONCE_BYTES))],
      ['recipientPublicKey', coseKeyOf(hpkeKey)],
    ]),
  ];
  return { hpkeKey, encryptionInfo: Buffer.from(encode(info)).toString('base64url') };
}

/**
 * The CBOR DeviceRequest: one DocRequest per doctype, each asking only `age_over_NN` of its own namespace with
 * intentToRetain false (RELIABILITY C-VP-4). Unsigned: no readerAuth (docs/decisions/wallet-path.md).
 */
export function deviceRequest(gate: AgeGate, doctypes: readonly string[]): Uint8Array {
  const docRequests = doctypes.map((doctype) => {
    const itemsRequest = new Map<string, unknown>([
      ['docType', doctype],
      ['nameSpaces', new Map([[doctype, new Map([[`age_over_${gate}`, false]])]])],
    ]);
    return new Map<string, unknown>([['itemsRequest', new Tag(24, new Uint8Array(encode(itemsRequest)))]]);
  });
  return new Uint8Array(
    encode(
      new Map<string, unknown>([
        ['version', DEVICE_REQUEST_VERSION],
        ['docRequests', docRequests],
      ]),
    ),
  );
}

/** The `navigator.credentials.get` request entry of Annex C. */
export function annexCRequest(keys: AnnexCKeys, gate: AgeGate, doctypes: readonly string[]): { protocol: string; data: Record<string, unknown> } {
  return {
    protocol: ISO_MDOC_PROTOCOL,
    data: { deviceRequest: Buffer.from(deviceRequest(gate, doctypes)).toString('base64url'), encryptionInfo: keys.encryptionInfo },
  };
}

/** The `dcapi` SessionTranscript of a transaction: its EncryptionInfo as sent and the origin it was made for. */
export function annexCTranscript(keys: AnnexCKeys, origin: string): Uint8Array {
  return isoDcApiSessionTranscript({ encryptionInfo: new Uint8Array(Buffer.from(keys.encryptionInfo, 'base64url')), origin });
}

const invalid = (reason: string) => appError('WALLET_RESPONSE_INVALID', { details: { reasons: [reason] } });
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** `data.response` = base64url(CBOR `["dcapi", { enc, cipherText }]`), read strictly. */
function readEncryptedResponse(data: unknown): { enc: Uint8Array; cipherText: Uint8Array } {
  const response = data && typeof data === 'object' ? (data as { response?: unknown }).response : undefined;
  if (typeof response !== 'string' || !BASE64URL.test(response)) throw invalid('data.response is not base64url');
  let decoded: unknown;
  try {
    decoded = decode(new Uint8Array(Buffer.from(response, 'base64url')), { preferMap: true });
  } catch {
    throw invalid('EncryptedResponse is not CBOR');
  }
  if (!Array.isArray(decoded) || decoded.length !== 2 || decoded[0] !== 'dcapi' || !(decoded[1] instanceof Map)) {
    throw invalid('EncryptedResponse is not ["dcapi", {enc, cipherText}]');
  }
  const enc: unknown = decoded[1].get('enc');
  const cipherText: unknown = decoded[1].get('cipherText');
  if (!(enc instanceof Uint8Array) || enc.length !== P256_ENC_LENGTH || !(cipherText instanceof Uint8Array)) {
    throw invalid('EncryptedResponse lacks enc or cipherText');
  }
  return { enc, cipherText };
}

/**
 * Decrypts the wallet's answer with the transaction's key over the transaction's transcript. A response made for
 * another origin, another transaction's key or altered in transit does not decrypt: WALLET_RESPONSE_INVALID.
 * The transcript returned is the one the verifier checks the device signature against.
 */
export async function openAnnexCResponse(input: {
  readonly data: unknown;
  readonly keys: AnnexCKeys;
  readonly origin: string;
  readonly acceptedDoctypes: readonly string[];
}): Promise<{ deviceResponse: Uint8Array; transcript: Uint8Array }> {
  const { enc, cipherText } = readEncryptedResponse(input.data);
  const transcript = annexCTranscript(input.keys, input.origin);
  let plaintext: Uint8Array;
  try {
    plaintext = await hpkeOpen(input.keys.hpkeKey, enc, transcript, cipherText);
  } catch {
    throw invalid('the response does not decrypt under this transaction’s key and transcript');
  }
  return { deviceResponse: oneRequestedDocument(plaintext, input.acceptedDoctypes), transcript };
}

/**
 * The request names both doctypes as DocRequests, and an 18013-5 DeviceRequest asks for all of its DocRequests,
 * so a wallet may answer with both documents, or with one and a documentErrors entry for the other. The
 * verifier checks exactly one document: this keeps the first requested doctype present (the age-verification
 * attestation before the PID) and drops the other unread. Every document must be of a requested doctype, each
 * at most once. Anything else is passed on unchanged for the verifier to refuse with its own code. Re-encoding
 * keeps every signed part byte-exact: IssuerAuth, the MSO, the items and DeviceAuth are byte strings or tag-24.
 */
export function oneRequestedDocument(deviceResponse: Uint8Array, acceptedDoctypes: readonly string[]): Uint8Array {
  let response: unknown;
  try {
    response = decode(deviceResponse, { preferMap: true });
  } catch {
    return deviceResponse;
  }
  if (!(response instanceof Map) || response.get('status') !== 0) return deviceResponse;
  const documents: unknown = response.get('documents');
  if (!Array.isArray(documents) || documents.length === 0 || !documents.every((d) => d instanceof Map)) return deviceResponse;
  const doctypes = (documents as Map<string, unknown>[]).map((d) => d.get('docType'));
  if (!doctypes.every((t) => typeof t === 'string' && acceptedDoctypes.includes(t))) throw appError('WALLET_DOCTYPE_MISMATCH');
  if (new Set(doctypes).size !== doctypes.length) {
    throw appError('WALLET_DEVICE_RESPONSE_STATUS', { details: { reasons: ['a doctype is presented twice'] } });
  }
  const errors: unknown = response.get('documentErrors');
  if (errors !== undefined) {
    // Only "not returned" for a requested doctype that is indeed absent is an answer to this request.
    const ok = errors instanceof Map && [...errors.keys()].every((t) => acceptedDoctypes.includes(t as string) && !doctypes.includes(t));
    if (!ok) return deviceResponse;
  }
  if (documents.length === 1 && errors === undefined) return deviceResponse;
  const chosen = acceptedDoctypes.find((t) => doctypes.includes(t))!;
  const document = documents[doctypes.indexOf(chosen)];
  return new Uint8Array(
    encode(
      new Map<string, unknown>([
        ['version', response.get('version')],
        ['documents', [document]],
        ['status', 0],
      ]),
    ),
  );
}
