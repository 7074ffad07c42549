// Original file: protos/core.proto


export interface FrameEvidence {
  'livenessScore'?: (number | string);
  'ageEstimate'?: (number | string);
  'durationMs'?: (number);
  'frameHash'?: (string);
}

export interface FrameEvidence__Output {
  'livenessScore'?: (number);
  'ageEstimate'?: (number);
  'durationMs'?: (number);
  'frameHash'?: (string);
}
