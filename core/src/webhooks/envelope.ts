/** What the envelope of spec §6 wraps around a stored payload. */
export interface EnvelopeFields {
  /** evt_… (the delivery id header carries the same value). */
  id: string;
  type: string;
  apiVersion: string;
  /** When the event happened (the state change), not when it is sent. */
  createdAt: Date;
  /** The JSON text of `data`: for session.* / review.* the stored result record, verbatim. */
  dataJson: string;
}

/**
 * The envelope bytes: `{"id","type","api_version","created","data"}`, built by concatenation
 * around the stored payload so `data` is byte-identical to the result record (spec §2.5, §6).
 * Never parse and re-serialise `dataJson`.
 */
export function buildEnvelope(f: EnvelopeFields): string {
  const created = Math.floor(f.createdAt.getTime() / 1000);
  return `{"id":${JSON.stringify(f.id)},"type":${JSON.stringify(f.type)},"api_version":${JSON.stringify(f.apiVersion)},"created":${created},"data":${f.dataJson}}`;
}

/** `data` of the dashboard's test event (spec §6: `{ message }`). */
export function testEventData(brand: string): string {
  return JSON.stringify({ message: `This is a test event from ${brand}. If you can read this, your endpoint works.` });
}
