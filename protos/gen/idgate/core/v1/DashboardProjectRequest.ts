// Original file: protos/core.proto


export interface DashboardProjectRequest {
  'name'?: (string);
}

export interface DashboardProjectRequest__Output {
  'name'?: (string);
}
