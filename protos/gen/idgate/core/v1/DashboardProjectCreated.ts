// Original file: protos/core.proto


export interface DashboardProjectCreated {
  'projectId'?: (string);
  'secretKey'?: (string);
  'publicKey'?: (string);
}

export interface DashboardProjectCreated__Output {
  'projectId'?: (string);
  'secretKey'?: (string);
  'publicKey'?: (string);
}
