// Original file: protos/core.proto


export interface FaceChallenge {
  'challengeId'?: (string);
  'type'?: (string);
  'userId'?: (string);
  'status'?: (string);
  'reason'?: (string);
  'errorCode'?: (string);
  'createdAt'?: (string);
  'completedAt'?: (string);
  'errorReasons'?: (string)[];
  '_reason'?: "reason";
  '_errorCode'?: "errorCode";
  '_completedAt'?: "completedAt";
}

export interface FaceChallenge__Output {
  'challengeId'?: (string);
  'type'?: (string);
  'userId'?: (string);
  'status'?: (string);
  'reason'?: (string);
  'errorCode'?: (string);
  'createdAt'?: (string);
  'completedAt'?: (string);
  'errorReasons'?: (string)[];
  '_reason'?: "reason";
  '_errorCode'?: "errorCode";
  '_completedAt'?: "completedAt";
}
