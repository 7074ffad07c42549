// Original file: protos/core.proto


export interface ReviewListRequest {
  'status'?: (string);
  'limit'?: (number);
  'cursor'?: (string);
  '_status'?: "status";
  '_limit'?: "limit";
  '_cursor'?: "cursor";
}

export interface ReviewListRequest__Output {
  'status'?: (string);
  'limit'?: (number);
  'cursor'?: (string);
  '_status'?: "status";
  '_limit'?: "limit";
  '_cursor'?: "cursor";
}
