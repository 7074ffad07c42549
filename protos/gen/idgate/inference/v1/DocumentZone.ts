// Original file: protos/inference.proto


export interface DocumentZone {
  'zone'?: (string);
  'surname'?: (string);
  'givenNames'?: (string);
  'dateOfBirth'?: (string);
  'documentNumber'?: (string);
  'nationality'?: (string);
  '_surname'?: "surname";
  '_givenNames'?: "givenNames";
  '_dateOfBirth'?: "dateOfBirth";
  '_documentNumber'?: "documentNumber";
  '_nationality'?: "nationality";
}

export interface DocumentZone__Output {
  'zone'?: (string);
  'surname'?: (string);
  'givenNames'?: (string);
  'dateOfBirth'?: (string);
  'documentNumber'?: (string);
  'nationality'?: (string);
  '_surname'?: "surname";
  '_givenNames'?: "givenNames";
  '_dateOfBirth'?: "dateOfBirth";
  '_documentNumber'?: "documentNumber";
  '_nationality'?: "nationality";
}
