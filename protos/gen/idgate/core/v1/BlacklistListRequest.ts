// Original file: protos/core.proto


export interface BlacklistListRequest {
  'limit'?: (number);
  'cursor'?: (string);
  '_limit'?: "limit";
  '_cursor'?: "cursor";
}

export interface BlacklistListRequest__Output {
  'limit'?: (number);
  'cursor'?: (string);
  '_limit'?: "limit";
  '_cursor'?: "cursor";
}
