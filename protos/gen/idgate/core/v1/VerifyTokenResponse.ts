// Original file: protos/core.proto


export interface VerifyTokenResponse {
  'valid'?: (boolean);
  'status'?: (string);
  'verified'?: (boolean);
  'ageGate'?: (number);
  'expiresAt'?: (string);
  'billed'?: (boolean);
  '_status'?: "status";
  '_verified'?: "verified";
  '_ageGate'?: "ageGate";
  '_expiresAt'?: "expiresAt";
}

export interface VerifyTokenResponse__Output {
  'valid'?: (boolean);
  'status'?: (string);
  'verified'?: (boolean);
  'ageGate'?: (number);
  'expiresAt'?: (string);
  'billed'?: (boolean);
  '_status'?: "status";
  '_verified'?: "verified";
  '_ageGate'?: "ageGate";
  '_expiresAt'?: "expiresAt";
}
