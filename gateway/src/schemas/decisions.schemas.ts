import { PROOF_METHODS } from '@idgate/protos';
import { anyObject, arr, bool, envelope, int, nullable, obj, oneOf, str } from './json-schema.ts';

export const documentBody = obj(
  {
    image: str(30_000_000, {
      contentEncoding: 'base64',
      pattern: '^[A-Za-z0-9+/]*={0,2}$',
      description: "The document photo (JPEG, PNG, WebP…), base64: a passport's data page, or the FRONT of a two-sided document; read by OCR and dropped.",
    }),
    back_image: str(30_000_000, {
      contentEncoding: 'base64',
      pattern: '^[A-Za-z0-9+/]*={0,2}$',
      description: 'The BACK of a two-sided document (ID card with its MRZ, licence with its PDF417 barcode), base64; same limits as image.',
    }),
  },
  ['image'],
);

export const review = obj(
  {
    id: str(64),
    status: oneOf(['open', 'approved', 'rejected', 'retake_requested']),
    reason: oneOf(['aml_match', 'data_mismatch']),
    token: str(120, { description: 'Result token (xtk_) of the session under review.' }),
    session_status: str(32),
    external_user_id: nullable(str(256)),
    context: anyObject({ description: 'data_mismatch: { data_match: { passed, fields } } (verdicts only, never values); aml_match: the match context.' }),
    checks: anyObject({ description: 'checks of the result record.' }),
    risk: obj({ band: oneOf(['low', 'elevated', 'high']) }, ['band']),
    note: nullable(str(2000)),
    created_at: str(40),
    decided_at: nullable(str(40)),
    retake_token: nullable(str(120, { description: 'Result token of the linked retake session.' })),
  },
  ['id', 'status', 'reason', 'token', 'session_status', 'context', 'checks', 'created_at'],
);

export const reviewResponse = envelope(review, 'A review of the queue with its context.');
export const reviewListResponse = envelope(obj({ reviews: arr(review, 100), next_cursor: nullable(str(200)) }, ['reviews']), 'Reviews, oldest first.');
export const retakeResponse = envelope(
  obj(
    {
      review,
      retake: obj({ token: str(120, { description: 'Init token (xit_) of the new linked session.' }), verify_url: str(4096), expires_at: str(40) }, [
        'token',
        'verify_url',
        'expires_at',
      ]),
    },
    ['review', 'retake'],
  ),
  'The review (retake_requested) and the new session the user recaptures in; send the user to verify_url.',
);

export const reviewParams = obj({ id: str(64) }, ['id']);
export const reviewQuery = obj({
  status: str(32, { description: 'open (default), approved, rejected or retake_requested.' }),
  limit: str(3, { pattern: '^[1-9][0-9]{0,2}$', description: '1-100, default 50.' }),
  cursor: str(200, { description: 'next_cursor of the previous page.' }),
});
/** Optional body: the routes read an absent body as `{}` before validation. */
export const reviewDecisionBody = obj({ note: str(2000, { description: 'Your reviewer note, kept with the review.' }) }, [], {
  description: 'Optional: { note }.',
});

/** A partial change: every field is optional, and one left out keeps its value. */
export const rulesBody = obj({
  content_category: str(32, { description: 'general (the default of a new project), alcohol, tobacco, gambling or adult. Absent: kept.' }),
  restricted_countries: nullable(
    arr(str(2), 250, {
      description: "ISO alpha-2 codes where a document is always required (path C); null: back to the category's default list. Absent: kept.",
    }),
  ),
  server_side_checks: bool({
    description:
      "true: path A's face checks run on the server (camera frames over TLS, processed in memory, dropped) and an on-device verdict is refused (SERVER_SIDE_CHECKS_REQUIRED); false: the device decides (the default of a new project). Absent: kept.",
  }),
  token_methods: nullable(
    arr(str(20, { enum: [...PROOF_METHODS] }), PROOF_METHODS.length, {
      description:
        "Path D: how a returning user's service ID must have proved its age for this project to accept it (document, wallet, facial_estimate); [] turns path D off; null: every method (the default). Absent: kept.",
    }),
  ),
  token_max_age_days: nullable(
    int({ minimum: 1, maximum: 3650, description: 'Path D: how old that proof may be, in days; null: 365 (the default). Absent: kept.' }),
  ),
});
export const rulesResponse = envelope(
  obj(
    {
      content_category: str(32),
      restricted_countries: arr(str(2), 250),
      default_list: bool(),
      server_side_checks: bool(),
      token_methods: arr(str(20), 3),
      token_max_age_days: int(),
    },
    ['content_category', 'restricted_countries', 'default_list', 'server_side_checks', 'token_methods', 'token_max_age_days'],
  ),
  'The rule engine settings of the project.',
);
