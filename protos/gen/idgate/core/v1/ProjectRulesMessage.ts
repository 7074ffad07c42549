// Original file: protos/core.proto


export interface ProjectRulesMessage {
  'contentCategory'?: (string);
  'restrictedCountries'?: (string)[];
  'defaultList'?: (boolean);
  'serverSideChecks'?: (boolean);
}

export interface ProjectRulesMessage__Output {
  'contentCategory'?: (string);
  'restrictedCountries'?: (string)[];
  'defaultList'?: (boolean);
  'serverSideChecks'?: (boolean);
}
