// Original file: protos/core.proto


export interface DashboardFaceUser {
  'userId'?: (string);
  'enrolledAt'?: (string);
  'lastVerifiedAt'?: (string);
  '_lastVerifiedAt'?: "lastVerifiedAt";
}

export interface DashboardFaceUser__Output {
  'userId'?: (string);
  'enrolledAt'?: (string);
  'lastVerifiedAt'?: (string);
  '_lastVerifiedAt'?: "lastVerifiedAt";
}
