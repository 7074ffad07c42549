// Original file: protos/core.proto


export interface ProjectRulesMessage {
  'contentCategory'?: (string);
  'restrictedCountries'?: (string)[];
  'defaultList'?: (boolean);
  'serverSideChecks'?: (boolean);
  'tokenMethods'?: (string)[];
  'tokenMaxAgeDays'?: (number);
}

export interface ProjectRulesMessage__Output {
  'contentCategory'?: (string);
  'restrictedCountries'?: (string)[];
  'defaultList'?: (boolean);
  'serverSideChecks'?: (boolean);
  'tokenMethods'?: (string)[];
  'tokenMaxAgeDays'?: (number);
}
