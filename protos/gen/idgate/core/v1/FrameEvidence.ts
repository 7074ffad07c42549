// Original file: protos/core.proto


export interface FrameEvidence {
  'livenessScore'?: (number | string);
  'ageEstimate'?: (number | string);
  'durationMs'?: (number);
  'frameHash'?: (string);
  'ageLow'?: (number | string);
  'ageHigh'?: (number | string);
  'ageLowFloor'?: (number | string);
  'ageLowCeiling'?: (number | string);
  '_ageLow'?: "ageLow";
  '_ageHigh'?: "ageHigh";
  '_ageLowFloor'?: "ageLowFloor";
  '_ageLowCeiling'?: "ageLowCeiling";
}

export interface FrameEvidence__Output {
  'livenessScore'?: (number);
  'ageEstimate'?: (number);
  'durationMs'?: (number);
  'frameHash'?: (string);
  'ageLow'?: (number);
  'ageHigh'?: (number);
  'ageLowFloor'?: (number);
  'ageLowCeiling'?: (number);
  '_ageLow'?: "ageLow";
  '_ageHigh'?: "ageHigh";
  '_ageLowFloor'?: "ageLowFloor";
  '_ageLowCeiling'?: "ageLowCeiling";
}
