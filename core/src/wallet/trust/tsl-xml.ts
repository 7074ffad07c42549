import { TrustListError } from './errors.ts';
import { ISSUER_SERVICE_TYPES, statusOf } from './service-types.ts';

/** The TS 119 612 namespace of every element read here. */
export const TSL_NS = 'http://uri.etsi.org/02231/v2#';

/** A pointer of the LOTL to a national list, with the certificates that may sign it. */
export interface TslPointer {
  readonly location: string;
  readonly territory: string | undefined;
  readonly signers: readonly Uint8Array[];
}

/** One issuer service read from a list (only service types in ISSUER_SERVICE_TYPES). */
export interface ListedService {
  readonly serviceType: string;
  readonly status: 'granted' | 'withdrawn';
  readonly certificates: readonly Uint8Array[];
}

export interface ParsedTsl {
  readonly territory: string | undefined;
  readonly nextUpdate: Date | undefined;
  /** TSLSequenceNumber: raised by one at each publication, so a lower one than already seen is a replayed older list. */
  readonly sequenceNumber: number | undefined;
  readonly pointers: readonly TslPointer[];
  readonly services: readonly ListedService[];
}

function children(parent: Element, name: string): Element[] {
  return Array.from(parent.childNodes).filter(
    (n): n is Element => n.nodeType === 1 && (n as Element).localName === name && (n as Element).namespaceURI === TSL_NS,
  );
}
function child(parent: Element, name: string): Element | undefined {
  return children(parent, name)[0];
}
function path(parent: Element | undefined, ...names: string[]): Element | undefined {
  let at = parent;
  for (const name of names) at = at && child(at, name);
  return at;
}
function text(el: Element | undefined): string | undefined {
  const t = el?.textContent?.trim();
  return t ? t : undefined;
}
/** Certificates of a ServiceDigitalIdentity (base64 DER; whitespace inside is allowed by XML Schema). */
function certificates(identity: Element | undefined): Uint8Array[] {
  if (!identity) return [];
  return children(identity, 'DigitalId')
    .flatMap((d) => children(d, 'X509Certificate'))
    .map((c) => new Uint8Array(Buffer.from((c.textContent ?? '').replace(/\s+/g, ''), 'base64')))
    .filter((der) => der.length > 0);
}

/** Reads a TS 119 612 list whose signature was verified (the document verifyEnvelopedSignature returned). */
export function readTsl(doc: Document): ParsedTsl {
  const root = doc.documentElement;
  if (root.localName !== 'TrustServiceStatusList' || root.namespaceURI !== TSL_NS)
    throw new TrustListError('malformed', 'not a TS 119 612 TrustServiceStatusList');
  const scheme = child(root, 'SchemeInformation');
  if (!scheme) throw new TrustListError('malformed', 'no SchemeInformation');
  const nextUpdateText = text(path(scheme, 'NextUpdate', 'dateTime'));
  const nextUpdate = nextUpdateText ? new Date(nextUpdateText) : undefined;
  if (nextUpdate && Number.isNaN(nextUpdate.getTime())) throw new TrustListError('malformed', `bad NextUpdate ${nextUpdateText}`);
  const sequenceNumber = sequenceNumberOf(text(child(scheme, 'TSLSequenceNumber')), 'TSLSequenceNumber');

  const pointers: TslPointer[] = [];
  for (const pointer of children(child(scheme, 'PointersToOtherTSL') ?? scheme, 'OtherTSLPointer')) {
    const location = text(child(pointer, 'TSLLocation'));
    const infos = children(child(pointer, 'AdditionalInformation') ?? pointer, 'OtherInformation');
    const mime = infos
      .map((i) => text(Array.from(i.childNodes).find((n): n is Element => n.nodeType === 1 && (n as Element).localName === 'MimeType')))
      .find(Boolean);
    // The LOTL points to each list twice, as XML and as PDF: only the XML one is machine-readable.
    if (!location || (mime && !/xml/i.test(mime)) || (!mime && /\.pdf$/i.test(location))) continue;
    const territory = infos.map((i) => text(child(i, 'SchemeTerritory'))).find(Boolean);
    const signers = children(child(pointer, 'ServiceDigitalIdentities') ?? pointer, 'ServiceDigitalIdentity').flatMap((s) => certificates(s));
    pointers.push({ location, territory, signers });
  }

  const services: ListedService[] = [];
  for (const tsp of children(child(root, 'TrustServiceProviderList') ?? root, 'TrustServiceProvider')) {
    for (const service of children(child(tsp, 'TSPServices') ?? tsp, 'TSPService')) {
      const info = child(service, 'ServiceInformation');
      const serviceType = text(info && child(info, 'ServiceTypeIdentifier'));
      if (!info || !serviceType || !(serviceType in ISSUER_SERVICE_TYPES)) continue;
      services.push({ serviceType, status: statusOf(text(child(info, 'ServiceStatus'))), certificates: certificates(child(info, 'ServiceDigitalIdentity')) });
    }
  }
  return { territory: text(child(scheme, 'SchemeTerritory')), nextUpdate, sequenceNumber, pointers, services };
}

/** A list's sequence number (a positive integer); absent is allowed (nothing to compare), anything else is malformed. */
export function sequenceNumberOf(value: string | number | undefined, field: string): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'number' ? value : /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new TrustListError('malformed', `bad ${field} ${String(value)}`);
  return n;
}
