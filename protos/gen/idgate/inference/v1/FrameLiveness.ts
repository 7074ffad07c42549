// Original file: protos/inference.proto


export interface FrameLiveness {
  'index'?: (number);
  'score'?: (number | string);
  'reasons'?: (string)[];
  '_score'?: "score";
}

export interface FrameLiveness__Output {
  'index'?: (number);
  'score'?: (number);
  'reasons'?: (string)[];
  '_score'?: "score";
}
