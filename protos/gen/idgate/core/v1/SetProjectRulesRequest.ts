// Original file: protos/core.proto


export interface SetProjectRulesRequest {
  'contentCategory'?: (string);
  'restrictedCountries'?: (string)[];
  'useDefaultList'?: (boolean);
  'serverSideChecks'?: (boolean);
  '_contentCategory'?: "contentCategory";
}

export interface SetProjectRulesRequest__Output {
  'contentCategory'?: (string);
  'restrictedCountries'?: (string)[];
  'useDefaultList'?: (boolean);
  'serverSideChecks'?: (boolean);
  '_contentCategory'?: "contentCategory";
}
