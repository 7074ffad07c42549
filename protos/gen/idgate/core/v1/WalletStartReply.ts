// Original file: protos/core.proto

import type { WalletDcApiRequest as _idgate_core_v1_WalletDcApiRequest, WalletDcApiRequest__Output as _idgate_core_v1_WalletDcApiRequest__Output } from '../../../idgate/core/v1/WalletDcApiRequest.ts';

export interface WalletStartReply {
  'transactionId'?: (string);
  'channel'?: (string);
  'expiresAt'?: (string);
  'dcApiRequests'?: (_idgate_core_v1_WalletDcApiRequest)[];
  'deepLink'?: (string);
  'requestUri'?: (string);
  '_deepLink'?: "deepLink";
  '_requestUri'?: "requestUri";
}

export interface WalletStartReply__Output {
  'transactionId'?: (string);
  'channel'?: (string);
  'expiresAt'?: (string);
  'dcApiRequests'?: (_idgate_core_v1_WalletDcApiRequest__Output)[];
  'deepLink'?: (string);
  'requestUri'?: (string);
  '_deepLink'?: "deepLink";
  '_requestUri'?: "requestUri";
}
