// Original file: protos/core.proto


export interface ScreeningStatusReply {
  'enabled'?: (boolean);
  'loaded'?: (boolean);
  'version'?: (string);
  'entityCount'?: (number);
  'personCount'?: (number);
  'lastRefreshAt'?: (string);
  'lastError'?: (string);
  'refreshFailures'?: (number);
  '_version'?: "version";
  '_lastRefreshAt'?: "lastRefreshAt";
  '_lastError'?: "lastError";
}

export interface ScreeningStatusReply__Output {
  'enabled'?: (boolean);
  'loaded'?: (boolean);
  'version'?: (string);
  'entityCount'?: (number);
  'personCount'?: (number);
  'lastRefreshAt'?: (string);
  'lastError'?: (string);
  'refreshFailures'?: (number);
  '_version'?: "version";
  '_lastRefreshAt'?: "lastRefreshAt";
  '_lastError'?: "lastError";
}
