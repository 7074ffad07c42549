// Original file: protos/inference.proto


export interface Embedding {
  'values'?: (number | string)[];
  'model'?: (string);
}

export interface Embedding__Output {
  'values'?: (number)[];
  'model'?: (string);
}
