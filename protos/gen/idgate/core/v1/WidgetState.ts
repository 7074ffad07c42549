// Original file: protos/core.proto


export interface WidgetState {
  'sessionStatus'?: (string);
  'step'?: (string);
  'path'?: (string);
  'pathRule'?: (string);
  'widgetSession'?: (string);
  'nonce'?: (string);
  'nonceExpiresAt'?: (string);
  'minAge'?: (number);
  'purpose'?: (string);
  'verificationMode'?: (string);
  'theme'?: (string);
  'locale'?: (string);
  'redirectUrl'?: (string);
  'documentPathAvailable'?: (boolean);
  'reason'?: (string);
  'acceptedModelHashes'?: (string)[];
  'expiresAt'?: (string);
  'deviceAgeGate'?: (number);
  'serviceAccountOffer'?: (boolean);
  'serverSideChecks'?: (boolean);
  'bracketMethod'?: (string);
  'serviceIdStepUp'?: (string);
  'retakeReason'?: (string);
  'retakeAttemptsLeft'?: (number);
  '_widgetSession'?: "widgetSession";
  '_nonce'?: "nonce";
  '_nonceExpiresAt'?: "nonceExpiresAt";
  '_minAge'?: "minAge";
  '_theme'?: "theme";
  '_locale'?: "locale";
  '_redirectUrl'?: "redirectUrl";
  '_reason'?: "reason";
  '_deviceAgeGate'?: "deviceAgeGate";
  '_serviceAccountOffer'?: "serviceAccountOffer";
  '_serverSideChecks'?: "serverSideChecks";
  '_bracketMethod'?: "bracketMethod";
  '_serviceIdStepUp'?: "serviceIdStepUp";
  '_retakeReason'?: "retakeReason";
  '_retakeAttemptsLeft'?: "retakeAttemptsLeft";
}

export interface WidgetState__Output {
  'sessionStatus'?: (string);
  'step'?: (string);
  'path'?: (string);
  'pathRule'?: (string);
  'widgetSession'?: (string);
  'nonce'?: (string);
  'nonceExpiresAt'?: (string);
  'minAge'?: (number);
  'purpose'?: (string);
  'verificationMode'?: (string);
  'theme'?: (string);
  'locale'?: (string);
  'redirectUrl'?: (string);
  'documentPathAvailable'?: (boolean);
  'reason'?: (string);
  'acceptedModelHashes'?: (string)[];
  'expiresAt'?: (string);
  'deviceAgeGate'?: (number);
  'serviceAccountOffer'?: (boolean);
  'serverSideChecks'?: (boolean);
  'bracketMethod'?: (string);
  'serviceIdStepUp'?: (string);
  'retakeReason'?: (string);
  'retakeAttemptsLeft'?: (number);
  '_widgetSession'?: "widgetSession";
  '_nonce'?: "nonce";
  '_nonceExpiresAt'?: "nonceExpiresAt";
  '_minAge'?: "minAge";
  '_theme'?: "theme";
  '_locale'?: "locale";
  '_redirectUrl'?: "redirectUrl";
  '_reason'?: "reason";
  '_deviceAgeGate'?: "deviceAgeGate";
  '_serviceAccountOffer'?: "serviceAccountOffer";
  '_serverSideChecks'?: "serverSideChecks";
  '_bracketMethod'?: "bracketMethod";
  '_serviceIdStepUp'?: "serviceIdStepUp";
  '_retakeReason'?: "retakeReason";
  '_retakeAttemptsLeft'?: "retakeAttemptsLeft";
}
