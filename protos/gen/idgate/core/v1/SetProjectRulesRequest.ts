// Original file: protos/core.proto


export interface SetProjectRulesRequest {
  'contentCategory'?: (string);
  'restrictedCountries'?: (string)[];
  'useDefaultList'?: (boolean);
  'serverSideChecks'?: (boolean);
  '_contentCategory'?: "contentCategory";
  '_useDefaultList'?: "useDefaultList";
  '_serverSideChecks'?: "serverSideChecks";
}

export interface SetProjectRulesRequest__Output {
  'contentCategory'?: (string);
  'restrictedCountries'?: (string)[];
  'useDefaultList'?: (boolean);
  'serverSideChecks'?: (boolean);
  '_contentCategory'?: "contentCategory";
  '_useDefaultList'?: "useDefaultList";
  '_serverSideChecks'?: "serverSideChecks";
}
