// Original file: protos/core.proto


export interface DashboardFaceUserRequest {
  'projectId'?: (string);
  'userId'?: (string);
}

export interface DashboardFaceUserRequest__Output {
  'projectId'?: (string);
  'userId'?: (string);
}
