// Original file: protos/core.proto


export interface DashboardBlacklistSessionRequest {
  'session'?: (string);
  'reason'?: (string);
}

export interface DashboardBlacklistSessionRequest__Output {
  'session'?: (string);
  'reason'?: (string);
}
