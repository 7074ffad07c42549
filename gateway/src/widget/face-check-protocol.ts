import type { AgeRange } from '@idgate/inference/vision';
import type { FrameResult } from './face-check.ts';
import type { WidgetConfig } from './widget-config.ts';

/** Messages from the page to the face-check worker. */
export type FaceCheckRequest =
  | { id: number; kind: 'load'; cfg: WidgetConfig }
  /** `data`: the frame's interleaved RGB bytes, transferred (not copied) to the worker. */
  | { id: number; kind: 'analyse'; data: ArrayBuffer; width: number; height: number }
  /** Frames already analysed, for the reference age model (a verdict within the guard band). */
  | { id: number; kind: 'reference-ages'; frames: { data: ArrayBuffer; width: number; height: number }[] };

/** The worker's answers, each to the request with the same id. */
export type FaceCheckReply =
  | { id: number; kind: 'loaded'; modelHashes: string[] }
  | { id: number; kind: 'analysed'; result: FrameResult }
  | { id: number; kind: 'reference-aged'; ages: (AgeRange | undefined)[]; durationsMs: number[]; modelHashes: string[] }
  | { id: number; kind: 'failed'; message: string };
