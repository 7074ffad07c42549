// Original file: protos/core.proto


export interface DashboardPasskeyOptions {
  'optionsJson'?: (string);
}

export interface DashboardPasskeyOptions__Output {
  'optionsJson'?: (string);
}
