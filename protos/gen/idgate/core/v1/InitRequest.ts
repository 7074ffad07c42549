// Original file: protos/core.proto

import type { ExpectedData as _idgate_core_v1_ExpectedData, ExpectedData__Output as _idgate_core_v1_ExpectedData__Output } from '../../../idgate/core/v1/ExpectedData.ts';

export interface InitRequest {
  'callbackUrl'?: (string);
  'minAge'?: (number);
  'verificationMode'?: (string);
  'purpose'?: (string);
  'expected'?: (_idgate_core_v1_ExpectedData | null);
  'mismatchPolicy'?: (string);
  'userId'?: (string);
  'theme'?: (string);
  'locale'?: (string);
  '_minAge'?: "minAge";
  '_verificationMode'?: "verificationMode";
  '_purpose'?: "purpose";
  '_expected'?: "expected";
  '_mismatchPolicy'?: "mismatchPolicy";
  '_userId'?: "userId";
  '_theme'?: "theme";
  '_locale'?: "locale";
}

export interface InitRequest__Output {
  'callbackUrl'?: (string);
  'minAge'?: (number);
  'verificationMode'?: (string);
  'purpose'?: (string);
  'expected'?: (_idgate_core_v1_ExpectedData__Output);
  'mismatchPolicy'?: (string);
  'userId'?: (string);
  'theme'?: (string);
  'locale'?: (string);
  '_minAge'?: "minAge";
  '_verificationMode'?: "verificationMode";
  '_purpose'?: "purpose";
  '_expected'?: "expected";
  '_mismatchPolicy'?: "mismatchPolicy";
  '_userId'?: "userId";
  '_theme'?: "theme";
  '_locale'?: "locale";
}
