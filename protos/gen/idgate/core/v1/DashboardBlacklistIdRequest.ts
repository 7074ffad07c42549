// Original file: protos/core.proto


export interface DashboardBlacklistIdRequest {
  'entryId'?: (string);
}

export interface DashboardBlacklistIdRequest__Output {
  'entryId'?: (string);
}
