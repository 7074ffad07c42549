/**
 * Largest gRPC message, either way (the channel and server options of @idgate/protos use it). The
 * HTTP body limits below keep every request the gateway accepts under it (framesBodyLimit), so no
 * request reaches the hop only to be refused by it.
 */
export const GRPC_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** Frames one POST /verify/v1/widget/session/frames may carry (the widget sends 3). */
export const MAX_FRAMES_PER_REQUEST = 8;

/** JSON around the base64 images of one request: property names, quotes, `user_id`, `reason`. */
const JSON_AROUND_IMAGES_BYTES = 4096;

/** Room in the gRPC message to core for what travels beside the frames (session header, context). */
const FRAMES_MESSAGE_ENVELOPE_BYTES = 64 * 1024;

/** Length of `bytes` bytes in base64 (padded): images travel in JSON as base64. */
export const base64Length = (bytes: number): number => 4 * Math.ceil(bytes / 3);

/**
 * Body limit of the frames route: MAX_FRAMES_PER_REQUEST frames of `maxFrameBytes` (FACE_FRAME_MAX_BYTES)
 * as base64 in JSON, but never more than one gRPC message to core can carry, so a larger request is
 * refused at the gateway and never fails at the hop.
 * @example framesBodyLimit(4_000_000) // 42_670_784: 8 frames of 4 MB
 */
export function framesBodyLimit(maxFrameBytes: number): number {
  const frames = MAX_FRAMES_PER_REQUEST * base64Length(maxFrameBytes);
  return Math.min(frames, base64Length(GRPC_MAX_MESSAGE_BYTES - FRAMES_MESSAGE_ENVELOPE_BYTES)) + JSON_AROUND_IMAGES_BYTES;
}

/**
 * Body limit of an image route (Face 2FA, blacklist image: one; the document: front and back): `images`
 * images of `maxImageBytes` (INFERENCE_MAX_IMAGE_BYTES) each as base64 in JSON.
 * @example imageBodyLimit(15_000_000) // 20_004_096
 * @example imageBodyLimit(15_000_000, 2) // 40_004_096
 */
export function imageBodyLimit(maxImageBytes: number, images = 1): number {
  return images * base64Length(maxImageBytes) + JSON_AROUND_IMAGES_BYTES;
}

/** Images one document request carries: the front (or a passport page) and the back of a two-sided document. */
export const DOCUMENT_SIDES = 2;

/** The largest body any image route accepts: what an in-flight byte budget must be able to hold. */
export function largestImageRequest(c: { faceFrameMaxBytes: number; inferenceMaxImageBytes: number }): number {
  return Math.max(framesBodyLimit(c.faceFrameMaxBytes), imageBodyLimit(c.inferenceMaxImageBytes, DOCUMENT_SIDES));
}

/** Image bytes that `base64` decodes to (its padding excluded), without decoding it. */
export function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}
