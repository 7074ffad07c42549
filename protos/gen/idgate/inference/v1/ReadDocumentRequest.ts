// Original file: protos/inference.proto


export interface ReadDocumentRequest {
  'image'?: (Buffer | Uint8Array | string);
  'today'?: (string);
  '_today'?: "today";
}

export interface ReadDocumentRequest__Output {
  'image'?: (Buffer);
  'today'?: (string);
  '_today'?: "today";
}
