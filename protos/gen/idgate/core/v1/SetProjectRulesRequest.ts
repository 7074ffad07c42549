// Original file: protos/core.proto


export interface SetProjectRulesRequest {
  'contentCategory'?: (string);
  'restrictedCountries'?: (string)[];
  'useDefaultList'?: (boolean);
  'serverSideChecks'?: (boolean);
  'tokenMethods'?: (string)[];
  'setTokenMethods'?: (boolean);
  'tokenMaxAgeDays'?: (number);
  '_contentCategory'?: "contentCategory";
  '_useDefaultList'?: "useDefaultList";
  '_serverSideChecks'?: "serverSideChecks";
  '_setTokenMethods'?: "setTokenMethods";
  '_tokenMaxAgeDays'?: "tokenMaxAgeDays";
}

export interface SetProjectRulesRequest__Output {
  'contentCategory'?: (string);
  'restrictedCountries'?: (string)[];
  'useDefaultList'?: (boolean);
  'serverSideChecks'?: (boolean);
  'tokenMethods'?: (string)[];
  'setTokenMethods'?: (boolean);
  'tokenMaxAgeDays'?: (number);
  '_contentCategory'?: "contentCategory";
  '_useDefaultList'?: "useDefaultList";
  '_serverSideChecks'?: "serverSideChecks";
  '_setTokenMethods'?: "setTokenMethods";
  '_tokenMaxAgeDays'?: "tokenMaxAgeDays";
}
