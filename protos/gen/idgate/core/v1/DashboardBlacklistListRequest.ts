// Original file: protos/core.proto


export interface DashboardBlacklistListRequest {
  'cursor'?: (string);
  '_cursor'?: "cursor";
}

export interface DashboardBlacklistListRequest__Output {
  'cursor'?: (string);
  '_cursor'?: "cursor";
}
