// Original file: protos/core.proto


export interface FrameEvidence {
  'livenessScore'?: (number | string);
  'ageEstimate'?: (number | string);
  'durationMs'?: (number);
  'frameHash'?: (string);
  'ageLow'?: (number | string);
  'ageHigh'?: (number | string);
  '_ageLow'?: "ageLow";
  '_ageHigh'?: "ageHigh";
}

export interface FrameEvidence__Output {
  'livenessScore'?: (number);
  'ageEstimate'?: (number);
  'durationMs'?: (number);
  'frameHash'?: (string);
  'ageLow'?: (number);
  'ageHigh'?: (number);
  '_ageLow'?: "ageLow";
  '_ageHigh'?: "ageHigh";
}
