/**
 * Shared shapes of the browser-safe vision module. Everything here is plain data over typed
 * arrays, so the same code runs in an inference worker (onnxruntime-node) and in the hosted
 * widget (onnxruntime-web). No Node-only imports anywhere under vision/.
 */

/** A point in image pixels; pixel centres sit at integer coordinates. */
export type Point = readonly [number, number];

/** Axis-aligned box in image pixels (x2/y2 exclusive-ish, as the detectors emit them). */
export interface Box {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/**
 * One detected face: box, detector confidence and the 5 landmarks in the order
 * [eye on image-left, eye on image-right, nose tip, mouth corner image-left, mouth corner image-right].
 */
export interface FaceDetection {
  readonly box: Box;
  readonly score: number;
  readonly landmarks: readonly Point[];
}

/** Interleaved 8-bit RGB pixels (HWC), row-major, no padding. */
export interface RgbImage {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** How a model wants its input tensor built from RGB pixels. */
export interface TensorSpec {
  readonly channelOrder: 'rgb' | 'bgr';
  /** Subtracted from the 0-255 value; one number or one per output channel (in tensor order). */
  readonly mean: number | readonly number[];
  /** Divides after the mean; one number or one per output channel. */
  readonly std: number | readonly number[];
}

export function boxWidth(b: Box): number {
  return b.x2 - b.x1;
}

export function boxHeight(b: Box): number {
  return b.y2 - b.y1;
}

export function boxArea(b: Box): number {
  return Math.max(0, boxWidth(b)) * Math.max(0, boxHeight(b));
}
