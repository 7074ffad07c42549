// Original file: protos/inference.proto

import type { Embedding as _idgate_inference_v1_Embedding, Embedding__Output as _idgate_inference_v1_Embedding__Output } from '../../../idgate/inference/v1/Embedding.ts';
import type { DocumentZone as _idgate_inference_v1_DocumentZone, DocumentZone__Output as _idgate_inference_v1_DocumentZone__Output } from '../../../idgate/inference/v1/DocumentZone.ts';

export interface ReadDocumentResponse {
  'status'?: (string);
  'reasons'?: (string)[];
  'documentType'?: (string);
  'issuingCountry'?: (string);
  'nationality'?: (string);
  'dateOfBirth'?: (string);
  'expiryDate'?: (string);
  'documentNumber'?: (string);
  'surname'?: (string);
  'givenNames'?: (string);
  'sex'?: (string);
  'mrzChecksValid'?: (boolean);
  'portraitEmbedding'?: (_idgate_inference_v1_Embedding | null);
  'portraitReasons'?: (string)[];
  'timingsMs'?: ({[key: string]: number | string});
  'zones'?: (_idgate_inference_v1_DocumentZone)[];
  'sideMissing'?: (string);
  '_documentType'?: "documentType";
  '_issuingCountry'?: "issuingCountry";
  '_nationality'?: "nationality";
  '_dateOfBirth'?: "dateOfBirth";
  '_expiryDate'?: "expiryDate";
  '_documentNumber'?: "documentNumber";
  '_surname'?: "surname";
  '_givenNames'?: "givenNames";
  '_sex'?: "sex";
  '_mrzChecksValid'?: "mrzChecksValid";
  '_portraitEmbedding'?: "portraitEmbedding";
  '_sideMissing'?: "sideMissing";
}

export interface ReadDocumentResponse__Output {
  'status'?: (string);
  'reasons'?: (string)[];
  'documentType'?: (string);
  'issuingCountry'?: (string);
  'nationality'?: (string);
  'dateOfBirth'?: (string);
  'expiryDate'?: (string);
  'documentNumber'?: (string);
  'surname'?: (string);
  'givenNames'?: (string);
  'sex'?: (string);
  'mrzChecksValid'?: (boolean);
  'portraitEmbedding'?: (_idgate_inference_v1_Embedding__Output);
  'portraitReasons'?: (string)[];
  'timingsMs'?: ({[key: string]: number});
  'zones'?: (_idgate_inference_v1_DocumentZone__Output)[];
  'sideMissing'?: (string);
  '_documentType'?: "documentType";
  '_issuingCountry'?: "issuingCountry";
  '_nationality'?: "nationality";
  '_dateOfBirth'?: "dateOfBirth";
  '_expiryDate'?: "expiryDate";
  '_documentNumber'?: "documentNumber";
  '_surname'?: "surname";
  '_givenNames'?: "givenNames";
  '_sex'?: "sex";
  '_mrzChecksValid'?: "mrzChecksValid";
  '_portraitEmbedding'?: "portraitEmbedding";
  '_sideMissing'?: "sideMissing";
}
