// The verifier's identity towards wallets: its access (registration) certificate and the key that signs the
// request objects. Wallets identify us by `x509_hash:<sha256 of the certificate DER>` and check the signature
// against the leaf of `x5c`; real wallets also require the certificate to chain to a Member State's
// access-certificate authority, which a self-signed development certificate never does.
import { createHash, webcrypto } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
// @peculiar/x509 resolves its ASN.1 parsers through tsyringe, which needs the Reflect metadata API loaded first.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { importPKCS8, type CryptoKey as JoseKey } from 'jose';
import { appError } from '@idgate/protos';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

export interface VerifierIdentity {
  /** `x509_hash:` + base64url(SHA-256(leaf DER)) (OpenID4VP 1.0 §5.9.3). */
  readonly clientId: string;
  /** base64 (not url) DER of the chain, leaf first, as the `x5c` header carries it. */
  readonly x5c: readonly string[];
  readonly signingKey: JoseKey;
  /** True for the generated development certificate: no real wallet trusts it. */
  readonly selfSigned: boolean;
}

export function x509HashClientId(leafDer: Uint8Array): string {
  return `x509_hash:${createHash('sha256').update(leafDer).digest('base64url')}`;
}

function pemBlocks(pem: string, label: string): Uint8Array[] {
  const re = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`, 'g');
  return [...pem.matchAll(re)].map((m) => new Uint8Array(Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64')));
}

/** Reads a PEM certificate chain (leaf first) and its PKCS#8 P-256 key. */
export async function loadVerifierIdentity(certPem: string, keyPem: string, selfSigned = false): Promise<VerifierIdentity> {
  const chain = pemBlocks(certPem, 'CERTIFICATE');
  if (chain.length === 0) throw appError('WALLET_NOT_CONFIGURED', { message: 'The verifier certificate file holds no PEM certificate.' });
  let signingKey: JoseKey;
  try {
    signingKey = await importPKCS8(keyPem, 'ES256');
  } catch (cause) {
    throw appError('WALLET_NOT_CONFIGURED', { message: 'The verifier key is not a PKCS#8 P-256 private key.', cause });
  }
  return {
    clientId: x509HashClientId(chain[0]!),
    x5c: chain.map((der) => Buffer.from(der).toString('base64')),
    signingKey,
    selfSigned,
  };
}

/** A self-signed P-256 certificate for a development start; written once so the client_id stays stable. */
export async function generateDevCertificate(hostname: string, now = new Date()): Promise<{ certPem: string; keyPem: string }> {
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
  const keys = (await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString('hex'),
    name: `CN=idgate development verifier (not trusted by wallets), O=idgate dev`,
    notBefore: new Date(now.getTime() - 60_000),
    notAfter: new Date(now.getTime() + 365 * 24 * 3600_000),
    keys,
    signingAlgorithm: alg,
    extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: hostname }])],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  const keyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n`;
  return { certPem: cert.toString('pem') + '\n', keyPem };
}

/**
 * The configured identity, or on an embedded start without one a development certificate kept under
 * `dataDir/wallet/` (created on first start). Returns null when neither is possible: the path is then off.
 */
export async function resolveVerifierIdentity(opts: {
  certPath: string | undefined;
  keyPath: string | undefined;
  devDir: string | undefined;
  hostname: string;
}): Promise<VerifierIdentity | null> {
  if (opts.certPath && opts.keyPath) return loadVerifierIdentity(readFileSync(opts.certPath, 'utf8'), readFileSync(opts.keyPath, 'utf8'));
  if (opts.certPath || opts.keyPath) throw appError('WALLET_NOT_CONFIGURED', { message: 'Set both WALLET_VERIFIER_CERT and WALLET_VERIFIER_KEY.' });
  if (!opts.devDir) return null;
  const certFile = `${opts.devDir}/dev-verifier.crt.pem`;
  const keyFile = `${opts.devDir}/dev-verifier.key.pem`;
  if (!existsSync(certFile) || !existsSync(keyFile)) {
    const { certPem, keyPem } = await generateDevCertificate(opts.hostname);
    mkdirSync(dirname(certFile), { recursive: true });
    writeFileSync(keyFile, keyPem, { mode: 0o600 });
    writeFileSync(certFile, certPem);
  }
  return loadVerifierIdentity(readFileSync(certFile, 'utf8'), readFileSync(keyFile, 'utf8'), true);
}
