// Original file: protos/core.proto


export interface DashboardBlacklistImageRequest {
  'image'?: (Buffer | Uint8Array | string);
  'reason'?: (string);
}

export interface DashboardBlacklistImageRequest__Output {
  'image'?: (Buffer);
  'reason'?: (string);
}
