import { readFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { ConfigError } from '@idgate/platform';

/** The DER of every certificate in a PEM file; a file without one, or with a broken one, is a configuration error. */
export function readPemCertificates(env: string, file: string): Uint8Array[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(env, `cannot read the PEM file ${file}`);
  }
  const blocks = [...text.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)];
  if (blocks.length === 0) throw new ConfigError(env, `no certificate in ${file}`);
  return blocks.map((m) => {
    const der = new Uint8Array(Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64'));
    try {
      new X509Certificate(der);
    } catch {
      throw new ConfigError(env, `a certificate in ${file} does not parse`);
    }
    return der;
  });
}
