import * as xades from 'xadesjs';
import { CompactSign } from 'jose';
import { parseXml } from '../xml-signature.ts';
import { SVC_PID_ISSUANCE, SVC_PUB_EAA_ISSUANCE, TSL_STATUS_GRANTED, TSL_STATUS_WITHDRAWN } from '../service-types.ts';
import { TSL_NS } from '../tsl-xml.ts';
import { testSigner, type TestSigner } from './test-pki.ts';

const b64 = (der: Uint8Array) => Buffer.from(der).toString('base64');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One service on a test national list or LoTE. */
export interface TestService {
  readonly certificates: readonly Uint8Array[];
  readonly serviceType?: string;
  /** Default granted. */
  readonly status?: 'granted' | 'withdrawn';
}

/** A TS 119 612 national list (unsigned XML). */
export function nationalListXml(o: { territory: string; nextUpdate: Date; services: readonly TestService[]; sequenceNumber?: number }): string {
  const services = o.services
    .map(
      (s, i) => `<TSPService><ServiceInformation>
<ServiceTypeIdentifier>${esc(s.serviceType ?? SVC_PID_ISSUANCE)}</ServiceTypeIdentifier>
<ServiceName><Name xml:lang="en">Test service ${i}</Name></ServiceName>
<ServiceDigitalIdentity>${s.certificates.map((c) => `<DigitalId><X509Certificate>${b64(c)}</X509Certificate></DigitalId>`).join('')}</ServiceDigitalIdentity>
<ServiceStatus>${s.status === 'withdrawn' ? TSL_STATUS_WITHDRAWN : TSL_STATUS_GRANTED}</ServiceStatus>
<StatusStartingTime>2025-01-01T00:00:00Z</StatusStartingTime>
</ServiceInformation></TSPService>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<TrustServiceStatusList xmlns="${TSL_NS}" Id="TSL-${o.territory}" TSLTag="http://uri.etsi.org/19612/TSLTag"><SchemeInformation>
<TSLVersionIdentifier>6</TSLVersionIdentifier><TSLSequenceNumber>${o.sequenceNumber ?? 1}</TSLSequenceNumber>
<TSLType>http://uri.etsi.org/TrstSvc/TrustedList/TSLType/EUgeneric</TSLType>
<SchemeTerritory>${esc(o.territory)}</SchemeTerritory>
<ListIssueDateTime>2025-01-01T00:00:00Z</ListIssueDateTime>
<NextUpdate><dateTime>${o.nextUpdate.toISOString()}</dateTime></NextUpdate>
</SchemeInformation>
<TrustServiceProviderList><TrustServiceProvider><TSPInformation><TSPName><Name xml:lang="en">Test TSP ${esc(o.territory)}</Name></TSPName></TSPInformation>
<TSPServices>${services}</TSPServices></TrustServiceProvider></TrustServiceProviderList>
</TrustServiceStatusList>`;
}

/** The List of Trusted Lists (unsigned XML): one XML pointer (and its PDF twin) per national list. */
export function lotlXml(o: {
  nextUpdate: Date;
  pointers: readonly { territory: string; location: string; signers: readonly Uint8Array[] }[];
  sequenceNumber?: number;
}): string {
  const pointers = o.pointers
    .flatMap((p) =>
      (['application/vnd.etsi.tsl+xml', 'application/pdf'] as const).map(
        (mime) => `<OtherTSLPointer><ServiceDigitalIdentities><ServiceDigitalIdentity>${p.signers
          .map((c) => `<DigitalId><X509Certificate>${b64(c)}</X509Certificate></DigitalId>`)
          .join('')}</ServiceDigitalIdentity></ServiceDigitalIdentities>
<TSLLocation>${esc(mime === 'application/pdf' ? p.location.replace(/\.xml$/, '') + '.pdf' : p.location)}</TSLLocation>
<AdditionalInformation><OtherInformation><SchemeTerritory>${esc(p.territory)}</SchemeTerritory></OtherInformation>
<OtherInformation><MimeType xmlns="http://uri.etsi.org/02231/v2/additionaltypes#">${mime}</MimeType></OtherInformation></AdditionalInformation></OtherTSLPointer>`,
      ),
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<TrustServiceStatusList xmlns="${TSL_NS}" Id="LOTL" TSLTag="http://uri.etsi.org/19612/TSLTag"><SchemeInformation>
<TSLVersionIdentifier>6</TSLVersionIdentifier><TSLSequenceNumber>${o.sequenceNumber ?? 1}</TSLSequenceNumber>
<TSLType>http://uri.etsi.org/TrstSvc/TrustedList/TSLType/EUlistofthelists</TSLType>
<SchemeTerritory>EU</SchemeTerritory>
<ListIssueDateTime>2025-01-01T00:00:00Z</ListIssueDateTime>
<NextUpdate><dateTime>${o.nextUpdate.toISOString()}</dateTime></NextUpdate>
<PointersToOtherTSL>${pointers}</PointersToOtherTSL>
</SchemeInformation></TrustServiceStatusList>`;
}

/** Signs a list with an enveloped XAdES-BES signature over the whole document, as the EU lists are signed. */
export async function signXml(xml: string, signer: TestSigner): Promise<string> {
  const doc = parseXml(xml);
  const signed = new xades.SignedXml();
  const signature = await signed.Sign({ name: 'ECDSA', hash: 'SHA-256' } as Algorithm, signer.keys.privateKey, doc, {
    keyValue: signer.keys.publicKey,
    references: [{ id: 'ref-list', uri: '', hash: 'SHA-256', transforms: ['enveloped', 'exc-c14n'] }],
    signingCertificate: b64(signer.certificateDer),
    x509: [b64(signer.certificateDer)],
  });
  doc.documentElement.appendChild(signature.GetXml()!);
  return new (await import('@xmldom/xmldom')).XMLSerializer().serializeToString(doc as never);
}

/** A TS 119 602 list of trusted entities, signed as a compact JWS (ES256, signer certificate in x5c). */
export async function signedLote(o: { nextUpdate: Date; services: readonly TestService[]; sequenceNumber?: number }, signer: TestSigner): Promise<string> {
  const payload = {
    LoTE: {
      ListAndSchemeInformation: {
        LoTEVersionIdentifier: 1,
        LoTESequenceNumber: o.sequenceNumber ?? 1,
        LoTEType: 'http://uri.etsi.org/19602/LoTEType/EUPIDProvidersList',
        NextUpdate: o.nextUpdate.toISOString(),
      },
      TrustedEntitiesList: o.services.map((s, i) => ({
        TrustedEntityInformation: { TEName: [{ lang: 'en', value: `Test provider ${i}` }] },
        TrustedEntityServices: [
          {
            ServiceInformation: {
              ServiceTypeIdentifier: s.serviceType ?? SVC_PID_ISSUANCE,
              ServiceName: [{ lang: 'en', value: 'PID issuance' }],
              ServiceStatus: s.status === 'withdrawn' ? TSL_STATUS_WITHDRAWN : TSL_STATUS_GRANTED,
              ServiceDigitalIdentity: { X509Certificates: s.certificates.map((c) => ({ val: b64(c) })) },
            },
          },
        ],
      })),
    },
  };
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'ES256', typ: 'trustlist+jwt', x5c: [b64(signer.certificateDer)] })
    .sign(signer.keys.privateKey);
}

/** Everything a test needs to serve and trust a signed LOTL → national list, and a signed 119 602 list. */
export interface SignedTestLists {
  /** Path → body, for serveTestLists(). */
  readonly files: Readonly<Record<string, string>>;
  readonly lotlPath: string;
  readonly lotePath: string;
  /** Put these in WALLET_TRUST_LOTL_SIGNERS / WALLET_TRUST_119602_SIGNERS (PEM). */
  readonly lotlSigner: TestSigner;
  readonly nationalSigner: TestSigner;
  readonly loteSigner: TestSigner;
}

/**
 * Builds a signed LOTL pointing to one national list (territory `XT`, path /tl-xt.xml) that lists the given
 * IACA certificates as PID issuance services, and a signed 119 602 list (/lote.jws) listing them as
 * age-verification (public EAA) providers. `withdrawn` marks every service withdrawn. Paths are relative:
 * serveTestLists() prefixes its origin, so call it through that helper or pass `baseUrl`.
 */
export async function buildSignedTestLists(o: {
  iacaCertificates: readonly Uint8Array[];
  withdrawn?: boolean;
  nextUpdate?: Date;
  baseUrl: string;
  /** TSLSequenceNumber / LoTESequenceNumber of every list (default 1). */
  sequenceNumber?: number;
  /** Reuse signers (e.g. a previous SignedTestLists) so a new version verifies against the same configuration. */
  signers?: { lotlSigner?: TestSigner; nationalSigner?: TestSigner; loteSigner?: TestSigner };
}): Promise<SignedTestLists> {
  const nextUpdate = o.nextUpdate ?? new Date(Date.now() + 7 * 24 * 3600_000);
  const lotlSigner = o.signers?.lotlSigner ?? (await testSigner('Test LOTL signer'));
  const nationalSigner = o.signers?.nationalSigner ?? (await testSigner('Test national list signer'));
  const loteSigner = o.signers?.loteSigner ?? (await testSigner('Test LoTE signer'));
  const status = o.withdrawn ? 'withdrawn' : 'granted';
  const sequenceNumber = o.sequenceNumber;
  const national = await signXml(
    nationalListXml({ territory: 'XT', nextUpdate, sequenceNumber, services: [{ certificates: o.iacaCertificates, status }] }),
    nationalSigner,
  );
  const lotl = await signXml(
    lotlXml({ nextUpdate, sequenceNumber, pointers: [{ territory: 'XT', location: `${o.baseUrl}/tl-xt.xml`, signers: [nationalSigner.certificateDer] }] }),
    lotlSigner,
  );
  const lote = await signedLote(
    { nextUpdate, sequenceNumber, services: [{ certificates: o.iacaCertificates, status, serviceType: SVC_PUB_EAA_ISSUANCE }] },
    loteSigner,
  );
  return {
    files: { '/lotl.xml': lotl, '/tl-xt.xml': national, '/lote.jws': lote },
    lotlPath: '/lotl.xml',
    lotePath: '/lote.jws',
    lotlSigner,
    nationalSigner,
    loteSigner,
  };
}
