// Original file: protos/inference.proto

export const AgeVerdict = {
  AGE_VERDICT_UNSPECIFIED: 'AGE_VERDICT_UNSPECIFIED',
  AGE_VERDICT_PASS: 'AGE_VERDICT_PASS',
  AGE_VERDICT_FAIL: 'AGE_VERDICT_FAIL',
  AGE_VERDICT_UNDECIDED: 'AGE_VERDICT_UNDECIDED',
} as const;

export type AgeVerdict =
  | 'AGE_VERDICT_UNSPECIFIED'
  | 0
  | 'AGE_VERDICT_PASS'
  | 1
  | 'AGE_VERDICT_FAIL'
  | 2
  | 'AGE_VERDICT_UNDECIDED'
  | 3

export type AgeVerdict__Output = typeof AgeVerdict[keyof typeof AgeVerdict]
