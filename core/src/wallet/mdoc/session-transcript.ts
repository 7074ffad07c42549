// The SessionTranscript binds a DeviceResponse to one presentation: the wallet's device signature covers it,
// so a verifier that computes it from its own transaction state (never from the response) detects a response
// made for another nonce, origin, client or encryption key as a failed device signature.
import { createHash } from 'node:crypto';
import { encode } from 'cbor2';

/** Inputs of OpenID4VP 1.0 over the Digital Credentials API (Appendix B.2.6.2: OpenID4VPDCAPIHandover). */
export interface DcApiHandoverInput {
  /** The web origin the platform asserted for the calling page, without the `origin:` prefix. */
  readonly origin: string;
  readonly nonce: string;
  /** RFC 7638 SHA-256 thumbprint of the verifier's response encryption key (`dc_api.jwt`), or null (`dc_api`). */
  readonly jwkThumbprint: Uint8Array | null;
}

/** Inputs of OpenID4VP 1.0 over redirects or cross-device `direct_post(.jwt)` (Appendix B.2.6.1: OpenID4VPHandover). */
export interface RedirectHandoverInput {
  /** The `client_id` request parameter, client identifier prefix included. */
  readonly clientId: string;
  readonly nonce: string;
  /** RFC 7638 SHA-256 thumbprint of the response encryption key when the response is encrypted, else null. */
  readonly jwkThumbprint: Uint8Array | null;
  /** The `response_uri` (or `redirect_uri`) request parameter. */
  readonly responseUri: string;
}

/** Inputs of ISO/IEC 18013-7 Annex C (`org-iso-mdoc` over the DC API): `dcapi` handover. */
export interface IsoDcApiHandoverInput {
  /** The CBOR EncryptionInfo exactly as sent in the request (it is base64url-encoded here, as the wallet sees it). */
  readonly encryptionInfo: Uint8Array;
  /** The serialized origin of the calling page. */
  readonly origin: string;
}

const sha256 = (bytes: Uint8Array): Uint8Array => new Uint8Array(createHash('sha256').update(bytes).digest());

/** An empty thumbprint means "not encrypted" as null does; it must not become a zero-length byte string. */
const thumbprintOrNull = (t: Uint8Array | null): Uint8Array | null => (t && t.length > 0 ? t : null);

const transcript = (handover: readonly [string, Uint8Array]): Uint8Array => new Uint8Array(encode([null, null, handover]));

/** CBOR of OpenID4VPDCAPIHandoverInfo `[origin, nonce, jwkThumbprint|null]`. */
export function dcApiHandoverInfo(input: DcApiHandoverInput): Uint8Array {
  return new Uint8Array(encode([input.origin, input.nonce, thumbprintOrNull(input.jwkThumbprint)]));
}

/** CBOR of OpenID4VPHandoverInfo `[clientId, nonce, jwkThumbprint|null, responseUri]`. */
export function redirectHandoverInfo(input: RedirectHandoverInput): Uint8Array {
  return new Uint8Array(encode([input.clientId, input.nonce, thumbprintOrNull(input.jwkThumbprint), input.responseUri]));
}

/** CBOR of the 18013-7 Annex C DCAPIInfo `[base64url(EncryptionInfo), serializedOrigin]`. */
export function isoDcApiInfo(input: IsoDcApiHandoverInput): Uint8Array {
  return new Uint8Array(encode([Buffer.from(input.encryptionInfo).toString('base64url'), input.origin]));
}

/** `[null, null, ["OpenID4VPDCAPIHandover", sha256(OpenID4VPDCAPIHandoverInfo)]]`, CBOR-encoded. */
export function dcApiSessionTranscript(input: DcApiHandoverInput): Uint8Array {
  return transcript(['OpenID4VPDCAPIHandover', sha256(dcApiHandoverInfo(input))]);
}

/** `[null, null, ["OpenID4VPHandover", sha256(OpenID4VPHandoverInfo)]]`, CBOR-encoded. */
export function redirectSessionTranscript(input: RedirectHandoverInput): Uint8Array {
  return transcript(['OpenID4VPHandover', sha256(redirectHandoverInfo(input))]);
}

/** `[null, null, ["dcapi", sha256(DCAPIInfo)]]`, CBOR-encoded (ISO/IEC 18013-7 Annex C). */
export function isoDcApiSessionTranscript(input: IsoDcApiHandoverInput): Uint8Array {
  return transcript(['dcapi', sha256(isoDcApiInfo(input))]);
}
