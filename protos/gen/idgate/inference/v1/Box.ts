// Original file: protos/inference.proto


export interface Box {
  'x1'?: (number | string);
  'y1'?: (number | string);
  'x2'?: (number | string);
  'y2'?: (number | string);
}

export interface Box__Output {
  'x1'?: (number);
  'y1'?: (number);
  'x2'?: (number);
  'y2'?: (number);
}
