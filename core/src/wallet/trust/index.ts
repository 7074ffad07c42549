import { basename } from 'node:path';
import { ConfigError, type Config, type Logger } from '@idgate/platform';
import { boundedFetcher } from './fetch-list.ts';
import { readPemCertificates } from './pem.ts';
import { TrustedLists, type ListArchive } from './trusted-lists.ts';

export { TrustedLists, type ListArchive, type StoredList, type RefreshReport, type ListOutcome } from './trusted-lists.ts';
export { TrustListArchiveRepository, MemoryListArchive } from './list-archive.repository.ts';
export { ISSUER_SERVICE_TYPES } from './service-types.ts';
export { WorkerListVerifier, inThreadListVerifier, type ListVerifier } from './list-verifier.ts';

type TrustConfig = Pick<
  Config,
  | 'walletTrustLotlUrl'
  | 'walletTrustLotlSigners'
  | 'walletTrustLists119602'
  | 'walletTrust119602Signers'
  | 'walletTrustAnchors'
  | 'walletTrustFetchTimeoutMs'
  | 'walletTrustMaxListBytes'
>;

/**
 * The IssuerTrust of this deployment from its WALLET_TRUST_* settings, or undefined when no trust source is
 * configured (the wallet path then answers WALLET_NOT_CONFIGURED). A list without its signer file is a
 * configuration error at start, never a list trusted unverified.
 */
export function trustedListsFromConfig(config: TrustConfig, deps: { archive: ListArchive; log: Logger; now?: () => Date }): TrustedLists | undefined {
  const lotlUrl = config.walletTrustLotlUrl;
  const loteUrls = config.walletTrustLists119602 ?? [];
  if (!lotlUrl && !loteUrls.length && !config.walletTrustAnchors) return undefined;
  if (lotlUrl && !config.walletTrustLotlSigners) throw new ConfigError('WALLET_TRUST_LOTL_SIGNERS', 'is required with WALLET_TRUST_LOTL_URL');
  if (loteUrls.length && !config.walletTrust119602Signers) throw new ConfigError('WALLET_TRUST_119602_SIGNERS', 'is required with WALLET_TRUST_LISTS_119602');
  return new TrustedLists({
    lotl: lotlUrl ? { url: lotlUrl, signers: readPemCertificates('WALLET_TRUST_LOTL_SIGNERS', config.walletTrustLotlSigners!) } : undefined,
    lote: loteUrls.length ? { urls: loteUrls, signers: readPemCertificates('WALLET_TRUST_119602_SIGNERS', config.walletTrust119602Signers!) } : undefined,
    anchors: config.walletTrustAnchors
      ? { file: basename(config.walletTrustAnchors), certificates: readPemCertificates('WALLET_TRUST_ANCHORS', config.walletTrustAnchors) }
      : undefined,
    fetchList: boundedFetcher({ timeoutMs: config.walletTrustFetchTimeoutMs, maxBytes: config.walletTrustMaxListBytes }),
    archive: deps.archive,
    log: deps.log,
    now: deps.now,
  });
}
