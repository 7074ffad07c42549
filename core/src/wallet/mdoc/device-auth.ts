// Holder binding: the device signature over DeviceAuthentication proves the credential is presented by the
// device whose key the issuer signed into the MSO, for this session transcript and nothing else.
import { webcrypto } from 'node:crypto';
import { Tag, encode } from 'cbor2';
import { appError } from '@idgate/protos';
import { ecdsaAlg, readCoseSign1, verifyEcdsa } from './cose.ts';

const CURVES: Record<number, string> = { 1: 'P-256', 2: 'P-384', 3: 'P-521' };

/** An EC2 COSE_Key (RFC 9053) as a WebCrypto verification key; undefined for any other key type. */
export async function importCoseEcKey(coseKey: Map<unknown, unknown>): Promise<webcrypto.CryptoKey | undefined> {
  const crv = CURVES[coseKey.get(-1) as number];
  const x = coseKey.get(-2);
  const y = coseKey.get(-3);
  if (coseKey.get(1) !== 2 || !crv || !(x instanceof Uint8Array) || !(y instanceof Uint8Array)) return undefined;
  const jwk = { kty: 'EC', crv, x: Buffer.from(x).toString('base64url'), y: Buffer.from(y).toString('base64url') };
  try {
    return await webcrypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: crv }, false, ['verify']);
  } catch {
    return undefined;
  }
}

/**
 * DeviceAuthenticationBytes `#6.24(bstr .cbor ["DeviceAuthentication", SessionTranscript, DocType, DeviceNameSpacesBytes])`,
 * with the transcript and the namespaces spliced in as bytes so that nothing is re-encoded differently.
 */
export function deviceAuthenticationBytes(sessionTranscript: Uint8Array, docType: string, deviceNameSpacesBytes: Uint8Array): Uint8Array {
  const head = encode('DeviceAuthentication');
  const inner = Buffer.concat([Buffer.from([0x84]), head, sessionTranscript, encode(docType), deviceNameSpacesBytes]);
  return new Uint8Array(encode(new Tag(24, new Uint8Array(inner))));
}

const authInvalid = (reason: string) => appError('WALLET_DEVICE_AUTH_INVALID', { details: { reasons: [reason] } });

/**
 * Verifies DeviceSigned.deviceAuth. A MAC is refused: it needs the reader's ephemeral key agreement that
 * OpenID4VP does not have, so only a device signature can bind the response here.
 * @throws AppError WALLET_DEVICE_MAC_REFUSED, WALLET_DEVICE_AUTH_INVALID
 */
export async function verifyDeviceAuth(deviceSigned: unknown, deviceKey: Map<unknown, unknown>, sessionTranscript: Uint8Array, docType: string): Promise<void> {
  if (!(deviceSigned instanceof Map)) throw authInvalid('deviceSigned missing');
  const nameSpaces = deviceSigned.get('nameSpaces');
  const deviceAuth = deviceSigned.get('deviceAuth');
  if (!(nameSpaces instanceof Tag) || nameSpaces.tag !== 24 || !(nameSpaces.contents instanceof Uint8Array) || !(deviceAuth instanceof Map)) {
    throw authInvalid('deviceSigned malformed');
  }
  if (deviceAuth.has('deviceMac')) throw appError('WALLET_DEVICE_MAC_REFUSED');
  const sign1 = readCoseSign1(deviceAuth.get('deviceSignature'));
  if (!sign1) throw authInvalid('deviceSignature missing or malformed');
  const alg = ecdsaAlg(sign1);
  if (alg === undefined) throw authInvalid('device signature algorithm refused');
  const key = await importCoseEcKey(deviceKey);
  if (!key) throw authInvalid('device key unusable');
  const payload = deviceAuthenticationBytes(sessionTranscript, docType, new Uint8Array(encode(nameSpaces)));
  // A wallet may attach the payload instead of detaching it; then it must be these very bytes.
  if (sign1.payload !== null && Buffer.compare(Buffer.from(sign1.payload), Buffer.from(payload)) !== 0) throw authInvalid('device signature payload differs');
  if (!(await verifyEcdsa(key, alg, sign1, payload))) throw authInvalid('device signature does not verify');
}
