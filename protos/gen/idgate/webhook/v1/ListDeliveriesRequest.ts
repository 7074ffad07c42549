// Original file: protos/webhook.proto


export interface ListDeliveriesRequest {
  'id'?: (string);
  'limit'?: (number);
  '_limit'?: "limit";
}

export interface ListDeliveriesRequest__Output {
  'id'?: (string);
  'limit'?: (number);
  '_limit'?: "limit";
}
