// The seams of the EU wallet path (path E), fixed before its parts are built so that the trusted lists
// (wallet/trust/), the mdoc verifier (wallet/mdoc/) and the OpenID4VP flows (wallet/) meet in one place.
// Every failure crosses these seams as an AppError with a WALLET_* code (protos/src/errors/codes/wallet.ts).

/** The EU age-verification attestation: doctype and namespace are the same string. */
export const AGE_VERIFICATION_DOCTYPE = 'eu.europa.ec.av.1';
/** The EU person identification data (PID) in mso_mdoc form: doctype and namespace are the same string. */
export const PID_DOCTYPE = 'eu.europa.ec.eudi.pid.1';

/** Which attestations an issuer on a list may issue, from the list's service type. */
export type IssuerScope = 'pid' | 'age_verification' | 'any';

/** One certificate an mdoc issuer chain may end in, taken from a trusted list or from configuration. */
export interface IssuerTrustAnchor {
  /** DER of the certificate: an IACA root, or a document-signer certificate where a list names it directly. */
  readonly certificateDer: Uint8Array;
  /** Where it came from, for logs and operators: `lotl:DE`, `119602:<list URL>`, `config:<file>`. */
  readonly source: string;
  /** The list's service type URI, or `config` for an anchor a deployment added itself. */
  readonly serviceType: string;
  /** `granted` anchors are trusted; `withdrawn` ones are known but refused with WALLET_ISSUER_WITHDRAWN. */
  readonly status: 'granted' | 'withdrawn';
  readonly scope: IssuerScope;
}

/** What the verifier may trust at one moment: an immutable copy, swapped whole by a refresh. */
export interface IssuerTrustSnapshot {
  readonly anchors: readonly IssuerTrustAnchor[];
  /** When the newest list in this snapshot was fetched and verified. */
  readonly loadedAt: Date;
  /** The earliest next-update time of the lists in it; past it without a good refresh the snapshot is stale. */
  readonly nextUpdate: Date | undefined;
}

/** The trusted lists as the verifier sees them. */
export interface IssuerTrust {
  /**
   * The anchors usable at `now`. Throws AppError WALLET_TRUST_LIST_UNAVAILABLE before the first good load and
   * WALLET_TRUST_LIST_STALE once a list's next update has passed without a good refresh (RELIABILITY C-VP-2).
   * Never waits for a refresh in progress: it answers from the last good snapshot.
   */
  current(now: Date): IssuerTrustSnapshot;
}

/** One DeviceResponse to check, with everything it must be bound to. */
export interface DeviceResponseCheck {
  /** The CBOR DeviceResponse as the wallet sent it (after the response encryption was removed). */
  readonly deviceResponse: Uint8Array;
  /** The CBOR-encoded SessionTranscript of this flow (wallet/mdoc/session-transcript.ts computes it). */
  readonly sessionTranscript: Uint8Array;
  /** Doctypes the request offered; a document of another doctype is refused. */
  readonly acceptedDoctypes: readonly string[];
  /** NN of the requested `age_over_NN` (12, 15, 18, 21 or 25). */
  readonly ageOver: number;
  readonly trust: IssuerTrust;
  readonly now: Date;
  /** Tolerated clock difference for the MSO's validity period. */
  readonly clockSkewMs: number;
}

/** A DeviceResponse that passed every check: the only facts the verifier keeps. */
export interface DeviceResponseVerdict {
  readonly doctype: string;
  /** The NN whose `age_over_NN` was disclosed as true. */
  readonly ageOver: number;
  /** Country of the issuer (the IACA's C attribute), when present. */
  readonly issuerCountry: string | undefined;
}

/** Checks a DeviceResponse completely; throws AppError WALLET_* on the first failed check, never returns a fail. */
export type VerifyDeviceResponse = (check: DeviceResponseCheck) => Promise<DeviceResponseVerdict>;
