// Original file: protos/core.proto


export interface DashboardFaceUsersRequest {
  'projectId'?: (string);
  'cursor'?: (string);
  '_cursor'?: "cursor";
}

export interface DashboardFaceUsersRequest__Output {
  'projectId'?: (string);
  'cursor'?: (string);
  '_cursor'?: "cursor";
}
