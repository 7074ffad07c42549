import { compactVerify, decodeProtectedHeader, importX509 } from 'jose';
import { TrustListError } from './errors.ts';
import { sequenceNumberOf, type ListedService } from './tsl-xml.ts';
import { ISSUER_SERVICE_TYPES, statusOf } from './service-types.ts';

const ALGORITHMS = ['ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512', 'RS256', 'RS384', 'RS512'];

export interface ParsedLote {
  readonly nextUpdate: Date | undefined;
  /** LoTESequenceNumber (as TSLSequenceNumber: a lower one than already seen is a replay). */
  readonly sequenceNumber: number | undefined;
  readonly services: readonly ListedService[];
}

function toPem(der: Uint8Array): string {
  const b64 = Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n');
  return `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----`;
}

/**
 * Verifies a TS 119 602 list of trusted entities (a compact JWS) against the certificates allowed to sign it
 * and returns its payload. As for the XML lists, the key comes from configuration, never from the JWS's own
 * x5c header.
 */
export async function verifyLoteJws(jws: string, allowed: readonly Uint8Array[]): Promise<unknown> {
  let alg: string | undefined;
  try {
    alg = decodeProtectedHeader(jws.trim()).alg;
  } catch {
    throw new TrustListError('malformed', 'not a compact JWS');
  }
  if (!alg || !ALGORITHMS.includes(alg)) throw new TrustListError('signature', `refused JWS algorithm ${alg ?? '(none)'}`);
  for (const der of allowed) {
    let key: CryptoKey;
    try {
      key = await importX509(toPem(der), alg);
    } catch {
      continue; // a signer certificate of another key type than this JWS's algorithm
    }
    try {
      const { payload } = await compactVerify(jws.trim(), key, { algorithms: [alg] });
      return JSON.parse(new TextDecoder().decode(payload)) as unknown;
    } catch (err) {
      if (err instanceof SyntaxError) throw new TrustListError('malformed', 'the JWS payload is not JSON');
    }
  }
  throw new TrustListError('signature', 'the list signature does not verify with any certificate allowed to sign it');
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Reads the entities, services, certificates and next update of a verified TS 119 602 payload. */
export function readLote(payload: unknown): ParsedLote {
  const lote = obj(obj(payload)?.LoTE);
  if (!lote) throw new TrustListError('malformed', 'no LoTE object in the list');
  const scheme = obj(lote.ListAndSchemeInformation);
  const nextText = scheme?.NextUpdate;
  const nextUpdate = typeof nextText === 'string' ? new Date(nextText) : undefined;
  if (nextUpdate && Number.isNaN(nextUpdate.getTime())) throw new TrustListError('malformed', `bad NextUpdate ${String(nextText)}`);
  const seq = scheme?.LoTESequenceNumber;
  if (seq !== undefined && typeof seq !== 'number' && typeof seq !== 'string') throw new TrustListError('malformed', 'bad LoTESequenceNumber');
  const sequenceNumber = sequenceNumberOf(seq, 'LoTESequenceNumber');
  const services: ListedService[] = [];
  for (const entity of arr(lote.TrustedEntitiesList)) {
    for (const service of arr(obj(entity)?.TrustedEntityServices)) {
      const info = obj(obj(service)?.ServiceInformation);
      const serviceType = info?.ServiceTypeIdentifier;
      if (typeof serviceType !== 'string' || !(serviceType in ISSUER_SERVICE_TYPES)) continue;
      const status = typeof info?.ServiceStatus === 'string' ? info.ServiceStatus : undefined;
      // A PID-provider list may omit the status: being on the list is the notification itself.
      const certificates = arr(obj(info?.ServiceDigitalIdentity)?.X509Certificates)
        .map((c) => obj(c)?.val)
        .filter((v): v is string => typeof v === 'string')
        .map((b64) => new Uint8Array(Buffer.from(b64.replace(/\s+/g, ''), 'base64')))
        .filter((der) => der.length > 0);
      services.push({ serviceType, status: status === undefined ? 'granted' : statusOf(status), certificates });
    }
  }
  return { nextUpdate, sequenceNumber, services };
}
