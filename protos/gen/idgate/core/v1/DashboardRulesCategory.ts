// Original file: protos/core.proto


export interface DashboardRulesCategory {
  'name'?: (string);
  'defaultCountries'?: (string)[];
}

export interface DashboardRulesCategory__Output {
  'name'?: (string);
  'defaultCountries'?: (string)[];
}
