import { describe, expect, it } from 'vitest';
import { OneFaceTrack } from './face-track.ts';

const face = (x: number) => ({ box: { x1: x, y1: 100, x2: x + 200, y2: 340 }, score: 0.9, landmarks: [] });

describe('one face tracked across a burst', () => {
  it('follows a face that moves a little from frame to frame', () => {
    const t = new OneFaceTrack();
    expect(t.follow({ subject: face(100), peopleInFrame: 1 })).toBe(true);
    expect(t.follow({ subject: face(130), peopleInFrame: 1 })).toBe(true);
    expect(t.follow({ subject: face(160), peopleInFrame: 1 })).toBe(true);
  });

  it('breaks when the face jumps elsewhere (another person stepping in)', () => {
    const t = new OneFaceTrack();
    t.follow({ subject: face(100), peopleInFrame: 1 });
    expect(t.follow({ subject: face(400), peopleInFrame: 1 })).toBe(false);
    // The new face starts a new track.
    expect(t.follow({ subject: face(410), peopleInFrame: 1 })).toBe(true);
  });

  it('breaks on a frame with no face or with several faces, so a swap out of view is caught too', () => {
    const t = new OneFaceTrack();
    t.follow({ subject: face(100), peopleInFrame: 1 });
    expect(t.follow({ subject: undefined, peopleInFrame: 0 })).toBe(false);
    t.follow({ subject: face(100), peopleInFrame: 1 });
    expect(t.follow({ subject: face(100), peopleInFrame: 2 })).toBe(false);
  });
});
