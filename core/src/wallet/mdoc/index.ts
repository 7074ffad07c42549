// The mdoc part of path E: session transcripts and the DeviceResponse verifier (the VerifyDeviceResponse seam).
export { verifyDeviceResponse } from './verify-device-response.ts';
export {
  dcApiSessionTranscript,
  redirectSessionTranscript,
  isoDcApiSessionTranscript,
  type DcApiHandoverInput,
  type RedirectHandoverInput,
  type IsoDcApiHandoverInput,
} from './session-transcript.ts';
