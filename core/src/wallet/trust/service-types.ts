import type { IssuerScope } from '../contracts.ts';

/**
 * Service types whose certificates may anchor an mdoc issuer chain, and which attestations each may issue.
 * The TS 119 602 URIs are the normative EUDI ones (PID providers; qualified, public-body and other
 * attestation providers, who issue the age-verification attestation); the TS 119 612 `Svctype/...` ones are
 * what national lists published in the older XML form use for the same providers. A service of any other type
 * (qualified CAs for signatures, time stamping, wallet providers, relying parties) is never an mdoc anchor.
 */
export const ISSUER_SERVICE_TYPES: Readonly<Record<string, IssuerScope>> = {
  'http://uri.etsi.org/19602/SvcType/PID/Issuance': 'pid',
  'http://uri.etsi.org/TrstSvc/Svctype/PID_Issuer': 'pid',
  'http://uri.etsi.org/19602/SvcType/QEAA/Issuance': 'age_verification',
  'http://uri.etsi.org/19602/SvcType/PubEAA/Issuance': 'age_verification',
  'http://uri.etsi.org/19602/SvcType/EAA/Issuance': 'age_verification',
  'http://uri.etsi.org/TrstSvc/Svctype/QEAA_Provider': 'age_verification',
  'http://uri.etsi.org/TrstSvc/Svctype/PUB_EAA_Provider': 'age_verification',
  'http://uri.etsi.org/TrstSvc/Svctype/Non_Q_EAA_Provider': 'age_verification',
};

/** Statuses under which a listed service is trusted (TS 119 612 clause 5.5.4; TS 119 602 "notified"). */
const GRANTED_STATUS = /\/(granted|notified|recognisedatnationallevel|accredited|undersupervision)$/i;

/**
 * `granted` for an active status, `withdrawn` for anything else: an unknown status is refused rather than
 * trusted, so a list using a status this code does not know fails closed.
 */
export function statusOf(uri: string | undefined): 'granted' | 'withdrawn' {
  return uri && GRANTED_STATUS.test(uri.trim()) ? 'granted' : 'withdrawn';
}

export const TSL_STATUS_GRANTED = 'http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/granted';
export const TSL_STATUS_WITHDRAWN = 'http://uri.etsi.org/TrstSvc/TrustedList/Svcstatus/withdrawn';
export const SVC_PID_ISSUANCE = 'http://uri.etsi.org/19602/SvcType/PID/Issuance';
export const SVC_PUB_EAA_ISSUANCE = 'http://uri.etsi.org/19602/SvcType/PubEAA/Issuance';
