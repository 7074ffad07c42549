// @peculiar/x509 resolves its ASN.1 classes through tsyringe, which needs the Reflect metadata polyfill.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

/** A self-signed test certificate with its key pair (ECDSA P-256: fast to generate in tests). */
export interface TestSigner {
  readonly keys: CryptoKeyPair;
  readonly certificateDer: Uint8Array;
  readonly pem: string;
}

let serial = 1;
export async function testSigner(commonName: string): Promise<TestSigner> {
  const keys = (await crypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: (serial++).toString(16).padStart(2, '0'),
    name: `CN=${commonName}, C=EU`,
    notBefore: new Date('2020-01-01T00:00:00Z'),
    notAfter: new Date('2040-01-01T00:00:00Z'),
    keys,
    signingAlgorithm: EC,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
  });
  return { keys, certificateDer: new Uint8Array(cert.rawData), pem: cert.toString('pem') };
}
