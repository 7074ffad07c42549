// Original file: protos/core.proto


export interface ScreenNameRequest {
  'name'?: (string);
  'birthDate'?: (string);
  'nationality'?: (string);
  'threshold'?: (number | string);
  '_birthDate'?: "birthDate";
  '_nationality'?: "nationality";
  '_threshold'?: "threshold";
}

export interface ScreenNameRequest__Output {
  'name'?: (string);
  'birthDate'?: (string);
  'nationality'?: (string);
  'threshold'?: (number);
  '_birthDate'?: "birthDate";
  '_nationality'?: "nationality";
  '_threshold'?: "threshold";
}
