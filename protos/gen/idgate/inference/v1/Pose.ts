// Original file: protos/inference.proto


export interface Pose {
  'yaw'?: (number | string);
  'pitch'?: (number | string);
  'roll'?: (number | string);
}

export interface Pose__Output {
  'yaw'?: (number);
  'pitch'?: (number);
  'roll'?: (number);
}
