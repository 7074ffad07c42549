// Original file: protos/inference.proto


export interface HealthResponse {
  'ready'?: (boolean);
  'poolSize'?: (number);
  'busy'?: (number);
  'queued'?: (number);
  'maxQueue'?: (number);
  'executionProvider'?: (string);
  'providerFallback'?: (string);
  'models'?: (string)[];
  'completed'?: (string);
  'meanRunTimeMs'?: (number | string);
  '_providerFallback'?: "providerFallback";
}

export interface HealthResponse__Output {
  'ready'?: (boolean);
  'poolSize'?: (number);
  'busy'?: (number);
  'queued'?: (number);
  'maxQueue'?: (number);
  'executionProvider'?: (string);
  'providerFallback'?: (string);
  'models'?: (string)[];
  'completed'?: (string);
  'meanRunTimeMs'?: (number);
  '_providerFallback'?: "providerFallback";
}
