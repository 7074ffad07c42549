import {
  anyObject,
  arr,
  bodyErrors,
  bool,
  envelope,
  errors,
  int,
  mapOf,
  mergeErrors,
  nullable,
  num,
  obj,
  oneOf,
  PATH_ERRORS,
  str,
  type Schema,
  type Typed,
} from './json-schema.ts';

export const apiKeyHeader: Schema = {
  type: 'object',
  properties: { 'x-api-key': { type: 'string', description: 'sk_live_, ak_live_ or pk_live_ key (spec §5).' } },
};

export const initBody = obj(
  {
    callback_url: str(2048, { description: 'HTTPS URL; http://localhost:<port> allowed in development.' }),
    min_age: int({ description: '1-99 (0-99 with purpose id_verification); required for age_verification.' }),
    verification_mode: str(32, { description: 'auto (default), document or facial; anything else gives INVALID_VERIFICATION_MODE.' }),
    purpose: str(32, { description: 'age_verification (default) or id_verification.' }),
    expected: obj(
      {
        first_name: str(200),
        last_name: str(200),
        date_of_birth: str(10, { description: 'YYYY-MM-DD, YYYYMMDD, YYYY/MM/DD or DD.MM.YYYY; anything else (08/12/1974 is ambiguous) is REQUEST_INVALID.' }),
        document_number: str(64),
        nationality: str(2),
      },
      [],
      { description: 'Identity data to compare with the document (needs a document path).' },
    ),
    mismatch_policy: str(16, { description: 'report (default) or review.' }),
    user_id: str(256, { description: 'Your user id, echoed on the callback as user_id.' }),
    theme: str(16, { description: 'light, dark or system.' }),
    locale: str(35, {
      description: 'en, es, fr, de, pt, pt-BR, ar, zh, ja, hi, nl; other regions reduce to the language; auto/unknown lets the browser decide.',
    }),
  },
  ['callback_url'],
);

export const initResponse = envelope(
  obj({ token: str(120), verify_url: str(4096), expires_at: str(40) }, ['token', 'verify_url']),
  'Init token (xit_, single use, 10 minutes) and the widget URL.',
);

const check = obj({ performed: bool(), passed: bool() }, ['performed', 'passed']);
export const resultRecord = obj(
  {
    token: str(120),
    status: str(32),
    verified: bool(),
    verification_type: nullable(str(32)),
    ip_country: nullable(str(2)),
    external_user_id: nullable(str(256)),
    reason: nullable(str(64)),
    checks: obj(
      {
        liveness: check,
        age: obj({ performed: bool(), passed: bool(), gate: nullable(int()) }, ['performed', 'passed', 'gate']),
        document: obj({ performed: bool(), passed: bool(), document_type: nullable(str(32)), country: nullable(str(3)) }, ['performed', 'passed']),
        face_match: check,
        eu_wallet: check,
        aml: check,
        data_match: obj({ performed: bool(), passed: bool(), fields: mapOf(oneOf(['match', 'mismatch', 'not_on_document'])) }),
      },
      ['liveness', 'age', 'document', 'face_match', 'eu_wallet', 'aml'],
    ),
    risk: obj({ band: oneOf(['low', 'elevated', 'high']) }, ['band']),
    created_at: str(40),
    completed_at: nullable(str(40)),
    expires_at: str(40),
  },
  ['token', 'status', 'verified', 'checks', 'created_at', 'expires_at'],
);

export const resultResponse = envelope(resultRecord, 'The result record (spec §2.5). Consumes the token once the session is final.');

export const statusResponse = envelope(
  obj({ status: str(32), terminal: bool(), updated_at: str(40), step: str(32) }, ['status', 'terminal', 'updated_at']),
  'Session status (spec §3 vocabulary); does not consume the token.',
);

export const tokenParams = obj({ token: str(200) }, ['token']);

export const verifyTokenBody = obj({ token: str(200) }, ['token']);
export const verifyTokenResponse = envelope(
  obj(
    {
      valid: bool(),
      status: str(32),
      verified: bool(),
      age_gate: int(),
      expires_at: str(40),
      billed: bool(),
    },
    ['valid', 'billed'],
  ),
  'Whether the result token is valid, without consuming it.',
);

/** The body of a call that takes no parameters: none, or `{}` (anything else is REQUEST_INVALID). */
export const noBody = obj({}, [], { description: 'No body, or {}: this call takes no parameters.' });

export const handoffExchangeBody = obj({ token: str(200, { description: 'The hand-off token (xho_) from the QR code.' }) }, ['token']);
export const handoffToken = envelope(
  obj(
    {
      handoff_token: str(120, { description: 'xho_…: put it in the QR code (URL fragment); single use, expires_at at the latest.' }),
      expires_at: str(40),
    },
    ['handoff_token', 'expires_at'],
  ),
  'A single-use hand-off token for this widget session.',
);

export const widgetStartBody = obj(
  {
    token: str(200, { description: 'The init token (xit_) from verify_url ?t=' }),
    wallet_available: bool({ description: 'The browser offers an EU Digital Identity Wallet (routes to path E); same as wallet.' }),
    wallet: bool({
      description:
        'A wallet is available (routes to path E when the service has the wallet configured and the session is an age-gated automatic age verification). The first-party cookie idgate_wallet=1 counts the same.',
    }),
    service_id: bool({
      description:
        "The browser holds a service ID (routes to path D: the passkey first). The hosted widget also sends it when the service's own first-party hint cookie is present.",
    }),
  },
  ['token'],
);

const frame = obj(
  {
    liveness_score: num(),
    age_estimate: num(),
    age_low: num({ description: "Low end of the frame's age range (the age model's lower quantile, or its lowest view); absent: age_estimate." }),
    age_high: num({ description: "High end of the frame's age range; absent: age_estimate." }),
    age_low_floor: num({
      description: "Lowest low end the age model's reference file could give this frame (guard band of the smaller file); with age_low_ceiling, or neither.",
    }),
    age_low_ceiling: num({ description: "Highest low end the age model's reference file could give this frame; with age_low_floor, or neither." }),
    duration_ms: int(),
    frame_hash: str(64),
  },
  ['liveness_score', 'age_estimate', 'duration_ms', 'frame_hash'],
);
export const deviceVerdictBody = obj(
  {
    nonce: str(200),
    liveness_passed: bool(),
    age_verdict: str(16),
    age_gate: int(),
    model_hashes: arr(str(64), 16),
    frames: arr(frame, 64),
    chain_hash: str(64),
    capture_started_ms: int(),
    capture_finished_ms: int(),
  },
  ['nonce', 'liveness_passed', 'age_verdict', 'age_gate', 'model_hashes', 'frames', 'chain_hash', 'capture_started_ms', 'capture_finished_ms'],
);

export const widgetStateData = obj(
  {
    session_status: str(32),
    step: str(32),
    path: str(2),
    widget_session: str(120),
    nonce: str(120),
    nonce_expires_at: str(40),
    min_age: int(),
    device_age_gate: int(),
    purpose: str(32),
    verification_mode: str(16),
    theme: str(16),
    locale: str(8),
    redirect_url: str(4096),
    document_path_available: bool(),
    reason: str(64),
    accepted_model_hashes: arr(str(64), 16),
    expires_at: str(40),
    service_account_offer: bool({ description: 'A passed session whose age may be saved to a service ID (24 hours).' }),
    bracket_method: str(20, { description: 'With service_account_offer: how the offered age was proved (document or facial_estimate).' }),
    service_id_step_up: str(32, {
      description:
        'Answer to a service-ID attempt that did not pass: bracket_below_gate, method_not_accepted, proof_too_old, no_age_proof or declined; the session continues on the step given.',
    }),
    server_side_checks: bool({
      description: "Step face_capture: the project runs path A's checks on the server; send frames, an on-device verdict is refused.",
    }),
    retake_reason: str(32, {
      description:
        "The last capture was refused as the user's to retake (document_unreadable, dob_unreadable, document_side_missing, face_not_found, face_multiple, face_quality_low, liveness_failed); the session waits at the same step.",
    }),
    retake_attempts_left: int({ description: 'With retake_reason: how many more captures of this kind the session allows (document 3, face 3 in all).' }),
    document_side_missing: str(8, {
      enum: ['front', 'back'],
      description: 'With retake_reason document_side_missing: the side of the two-sided document (ID card, licence) still to photograph; send both sides.',
    }),
    wallet_offered: bool({ description: 'The EU wallet can be used in this session now (path E; docs/wallet.md): offer "Use your EU wallet".' }),
  },
  ['session_status', 'step', 'path'],
);
export const widgetState = envelope(widgetStateData, 'Widget session state; redirect_url is set once the verdict is terminal.');

/**
 * `?renew_nonce=true` or nothing. Written out, its type stated: obj() would add `required: []`,
 * which the published document has never carried for this query.
 */
export const renewNonceQuery: Typed<{ renew_nonce?: 'true' }> = {
  type: 'object',
  properties: { renew_nonce: { type: 'string', enum: ['true'] } },
  additionalProperties: false,
};

export const framesBody = obj({ frames: arr(str(30_000_000, { contentEncoding: 'base64', pattern: '^[A-Za-z0-9+/]*={0,2}$' }), 8, { minItems: 1 }) }, [
  'frames',
]);

export const widgetSessionHeader: Schema = {
  type: 'object',
  properties: { 'x-widget-session': { type: 'string', description: 'The xws_ widget session token from the start call.' } },
};

export { bodyErrors, errors, mergeErrors, PATH_ERRORS };

/** A WebAuthn assertion as @simplewebauthn/browser returns it (AuthenticationResponseJSON). */
export const passkeyAssertionBody = obj(
  {
    credential: obj(
      {
        id: str(1400),
        rawId: str(1400),
        type: str(20, { enum: ['public-key'] }),
        response: obj(
          {
            clientDataJSON: str(8192),
            authenticatorData: str(8192),
            signature: str(2048),
            userHandle: str(1400),
          },
          ['clientDataJSON', 'authenticatorData', 'signature'],
        ),
        clientExtensionResults: anyObject(),
        authenticatorAttachment: str(32),
      },
      ['id', 'rawId', 'type', 'response'],
    ),
  },
  ['credential'],
);

/** WebAuthn request options (PublicKeyCredentialRequestOptionsJSON) for navigator.credentials.get. */
export const passkeyOptions = envelope(anyObject(), 'WebAuthn request options: pass them to navigator.credentials.get (single use, 2 minutes).');
