// Original file: protos/inference.proto


export interface Point {
  'x'?: (number | string);
  'y'?: (number | string);
}

export interface Point__Output {
  'x'?: (number);
  'y'?: (number);
}
