import { arr, bool, envelope, literal, nullable, obj, oneOf, str } from './json-schema.ts';

const image = str(30_000_000, {
  contentEncoding: 'base64',
  pattern: '^[A-Za-z0-9+/]*={0,2}$',
  description: 'One face photo (JPEG, PNG or WebP), base64; processed in memory and dropped, never stored.',
});
const userId = str(100, {
  minLength: 1,
  description: 'Your user id: the key of the enrollment in this project; 1 to 100 characters (UTF-16 code units), so that it fits the DELETE path.',
});
const timestamp = str(40, { description: 'ISO 8601 UTC.' });
/** FACE_QUALITY_LOW only: why the face was unusable, the values of an HTTP error's details.reasons. */
const jobErrorReasons = arr(str(40), 10, {
  description: 'FACE_QUALITY_LOW only: what to change: face_too_small, face_blurry, face_turned_sideways, face_tilted_up_or_down, face_rotated.',
});

export const faceChallengeBody = obj({ user_id: userId, image }, ['user_id', 'image']);

const challenge = obj(
  {
    challenge_id: str(64, { description: 'fch_…' }),
    type: oneOf(['register', 'verify']),
    user_id: str(100),
    status: oneOf(['processing', 'passed', 'failed', 'error'], {
      description: 'processing until the face was judged; error: the image could not be used (not a decision, not billed).',
    }),
    reason: nullable(oneOf(['face_mismatch', 'liveness_failed', 'blacklist_match', null], { description: 'Why a challenge failed; null otherwise.' })),
    error: nullable(
      obj({ code: str(64), message: str(400), reasons: jobErrorReasons }, ['code', 'message'], {
        description:
          'Status error only: a catalogue code (FACE_NOT_FOUND, FACE_MULTIPLE, FACE_QUALITY_LOW, IMAGE_UNDECODABLE, FACE_CHECK_INTERRUPTED, FACE_ENROLLMENT_STALE…).',
      }),
    ),
    created_at: timestamp,
    completed_at: nullable(timestamp),
  },
  ['challenge_id', 'type', 'user_id', 'status', 'reason', 'error', 'created_at', 'completed_at'],
);

export const faceChallengeResponse = envelope(challenge, 'A Face 2FA challenge: pass/fail and a reason, never a score.');
export const faceChallengeParams = obj({ id: str(64) }, ['id']);
export const faceUserParams = obj({ user_id: str(100, { minLength: 1 }) }, ['user_id']);
export const faceUserDeletedResponse = envelope(
  obj({ user_id: str(100), deleted: bool({ description: 'false when the user had no enrollment.' }) }, ['user_id', 'deleted']),
  "The enrollment and the user's challenges are gone.",
);

const reason = str(500, { minLength: 1, description: 'Why the face is listed (your words, shown back in the list).' });
export const blacklistSessionBody = obj({ session_token: str(120, { minLength: 1, description: "The session's result token (xtk_…)." }), reason }, [
  'session_token',
  'reason',
]);
export const blacklistImageBody = obj({ image, reason }, ['image', 'reason']);

const entry = obj(
  {
    id: str(64, { description: 'bl_…' }),
    source: oneOf(['session', 'image']),
    reason: str(500),
    status: oneOf(['processing', 'active', 'failed'], { description: 'active: faces are searched against it; failed: no usable face (see error).' }),
    error: nullable(obj({ code: str(64), message: str(400), reasons: jobErrorReasons }, ['code', 'message'])),
    created_at: timestamp,
    processed_at: nullable(timestamp),
  },
  ['id', 'source', 'reason', 'status', 'error', 'created_at', 'processed_at'],
  { description: 'A blacklist entry; never its embedding.' },
);

export const blacklistEntryResponse = envelope(entry, 'A blacklist entry (no embedding).');
export const blacklistListResponse = envelope(
  obj({ entries: arr(entry, 100), next_cursor: nullable(str(200)) }, ['entries', 'next_cursor']),
  'Active entries of the account, newest first (no embeddings).',
);
export const blacklistQuery = obj({
  limit: str(3, { pattern: '^[1-9][0-9]{0,2}$', description: '1-100, default 50.' }),
  cursor: str(200, { description: 'next_cursor of the previous page.' }),
});
export const blacklistParams = obj({ id: str(64) }, ['id']);
export const blacklistDeletedResponse = envelope(obj({ id: str(64), deleted: literal(true) }, ['id', 'deleted']), 'The entry is gone.');
