// Original file: protos/inference.proto


export interface ReadDocumentRequest {
  'image'?: (Buffer | Uint8Array | string);
  'today'?: (string);
  'backImage'?: (Buffer | Uint8Array | string);
  '_today'?: "today";
  '_backImage'?: "backImage";
}

export interface ReadDocumentRequest__Output {
  'image'?: (Buffer);
  'today'?: (string);
  'backImage'?: (Buffer);
  '_today'?: "today";
  '_backImage'?: "backImage";
}
