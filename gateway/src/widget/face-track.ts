import { intersectionOverUnion, type Box } from '@idgate/inference/vision';
import type { FrameResult } from './face-check.ts';

/** Two consecutive boxes of one face overlap at least this much: a head moves, it does not jump. */
export const MIN_TRACK_IOU = 0.3;

/**
 * Keeps a burst to one person on the device. The server refuses a burst whose frames are not the
 * same person by their face embeddings; the widget does not load the recognizer (13 MB more on a
 * first visit), so it asks for an unbroken track instead: every analysed frame shows exactly one
 * face, and each face box overlaps the previous one. A frame with no face, with several faces, or
 * with a face somewhere else breaks the track, and the frames collected so far are dropped.
 */
export class OneFaceTrack {
  private last: Box | undefined;

  /** Feeds one analysed frame; false when it breaks the track (the burst starts over). */
  follow(r: Pick<FrameResult, 'subject' | 'peopleInFrame'>): boolean {
    if (!r.subject || r.peopleInFrame !== 1) {
      this.last = undefined;
      return false;
    }
    const continues = this.last === undefined || intersectionOverUnion(this.last, r.subject.box) >= MIN_TRACK_IOU;
    this.last = r.subject.box;
    return continues;
  }
}
