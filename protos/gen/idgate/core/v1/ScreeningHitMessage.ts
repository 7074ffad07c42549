// Original file: protos/core.proto


export interface ScreeningHitMessage {
  'entityId'?: (string);
  'matchedName'?: (string);
  'score'?: (number | string);
  'sourceLists'?: (string)[];
  'topics'?: (string)[];
  'matchedNameLatin'?: (string);
}

export interface ScreeningHitMessage__Output {
  'entityId'?: (string);
  'matchedName'?: (string);
  'score'?: (number);
  'sourceLists'?: (string)[];
  'topics'?: (string)[];
  'matchedNameLatin'?: (string);
}
