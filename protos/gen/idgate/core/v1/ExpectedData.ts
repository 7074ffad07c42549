// Original file: protos/core.proto


export interface ExpectedData {
  'firstName'?: (string);
  'lastName'?: (string);
  'dateOfBirth'?: (string);
  'documentNumber'?: (string);
  'nationality'?: (string);
  '_firstName'?: "firstName";
  '_lastName'?: "lastName";
  '_dateOfBirth'?: "dateOfBirth";
  '_documentNumber'?: "documentNumber";
  '_nationality'?: "nationality";
}

export interface ExpectedData__Output {
  'firstName'?: (string);
  'lastName'?: (string);
  'dateOfBirth'?: (string);
  'documentNumber'?: (string);
  'nationality'?: (string);
  '_firstName'?: "firstName";
  '_lastName'?: "lastName";
  '_dateOfBirth'?: "dateOfBirth";
  '_documentNumber'?: "documentNumber";
  '_nationality'?: "nationality";
}
