import { boxArea, type FaceDetection } from './types.ts';

export interface SubjectPolicy {
  /**
   * A second face counts as "another person in frame" when its box area is at least this share of
   * the largest face's area. Smaller faces are bystanders far in the background (the manifest
   * finds such faces in several single-person fixtures) and are ignored.
   */
  readonly secondFaceAreaRatio: number;
}

export interface SubjectSelection {
  /** The largest face, or undefined when none was found. */
  readonly subject: FaceDetection | undefined;
  /** Faces large enough to count as people in frame (the subject included). */
  readonly peopleInFrame: number;
}

/** Picks the subject (largest face) and counts the other faces that are not mere background. */
export function selectSubject(faces: readonly FaceDetection[], policy: SubjectPolicy): SubjectSelection {
  if (faces.length === 0) return { subject: undefined, peopleInFrame: 0 };
  const byArea = [...faces].sort((a, b) => boxArea(b.box) - boxArea(a.box));
  const largest = boxArea(byArea[0].box);
  const peopleInFrame = byArea.filter((f) => boxArea(f.box) >= largest * policy.secondFaceAreaRatio).length;
  return { subject: byArea[0], peopleInFrame };
}
