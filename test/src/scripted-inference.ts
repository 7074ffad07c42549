import { Server, ServerCredentials, type sendUnaryData, type ServerUnaryCall } from '@grpc/grpc-js';
import { appError, inferenceProto, SERVER_OPTIONS, toServiceError, type ErrorCode, type InferenceServiceHandlers } from '@idgate/protos';

/** What the scripted node answers to ReadDocument (fields of protos/inference.proto). */
export interface ScriptedReading {
  status: 'ok' | 'document_unreadable' | 'dob_unreadable';
  surname?: string;
  givenNames?: string;
  dateOfBirth?: string;
  documentNumber?: string;
  nationality?: string;
  expiryDate?: string;
  /** false: the zones were read but no portrait was found on the page (default: a portrait when status is ok). */
  portrait?: boolean;
}

/** What the scripted node answers to CheckFace: a refusal of the detector, or a liveness verdict. */
export interface ScriptedFace {
  /** The detector's refusal of the burst (FACE_NOT_FOUND, FACE_MULTIPLE, FACE_QUALITY_LOW). */
  refuse?: ErrorCode;
  /** Default true. */
  live?: boolean;
  /** Why each frame was skipped (empty: a usable frame); default one usable frame. */
  frameReasons?: string[][];
}

export interface ScriptedInferenceNode {
  address: string;
  /** The next ReadDocument answers, in order; the last one repeats. */
  readings: ScriptedReading[];
  /** The next CheckFace answers, in order; the last one repeats (default: a live face). */
  faces: ScriptedFace[];
  /** How long ReadDocument takes, in ms (races of uploads). */
  readDelayMs?: number;
  /** CheckFace's age estimate in years (path A on the server: core judges it for min_age); unset: no age answer. */
  faceAge?: number;
  /**
   * The recognizer named on every embedding. `scripted` (the default) matches no face core
   * compares itself (blacklist, Face 2FA); the manifest's active recognizer makes every face the
   * same person (readFaceMatchPolicy of @idgate/core names it).
   */
  embeddingModel: string;
  close(): Promise<void>;
}

const VALUES = Array.from({ length: 512 }, (_, i) => (i % 2 ? 1 : -1) / Math.sqrt(512));

/**
 * An inference node that answers from a script instead of models, for tests whose subject is
 * not the models (the review queue over HTTP on both storage backends): a live face with a
 * fixed embedding, a scripted document reading with a portrait, and a face match. The real
 * models are exercised by document-path.test.ts and document-data-match.test.ts.
 */
export async function startScriptedInference(): Promise<ScriptedInferenceNode> {
  const node: Omit<ScriptedInferenceNode, 'address' | 'close'> = { readings: [{ status: 'ok' }], faces: [{}], embeddingModel: 'scripted' };
  const embedding = () => ({ values: VALUES, model: node.embeddingModel });
  const answer =
    <Req, Res>(fn: (req: Req) => Res) =>
    (call: ServerUnaryCall<Req, Res>, cb: sendUnaryData<Res>) =>
      cb(null, fn(call.request));
  // The methods the flows under test call; the others answer UNIMPLEMENTED, as grpc-js does for a missing handler.
  const impl: Pick<InferenceServiceHandlers, 'CheckFace' | 'ReadDocument'> = {
    CheckFace: (_call, cb) => {
      const face = node.faces.length > 1 ? node.faces.shift()! : (node.faces[0] ?? {});
      if (face.refuse) return cb(toServiceError(appError(face.refuse, { details: { reasons: ['scripted'] } })) as never, null);
      const live = face.live ?? true;
      const frames = (face.frameReasons ?? [[]]).map((reasons, index) => ({ index, reasons, ...(reasons.length ? {} : { score: live ? 0.95 : 0.2 }) }));
      cb(null, {
        liveness: { live, score: live ? 0.95 : 0.2, threshold: 0.5, frames },
        embedding: { embedding: embedding() },
        bestFrame: 0,
        ...(node.faceAge === undefined ? {} : { age: { estimatedAge: node.faceAge, low: node.faceAge, high: node.faceAge } }),
      });
    },
    ReadDocument: (_call, cb) => setTimeout(() => cb(null, readDocument()), node.readDelayMs ?? 0),
  };
  function readDocument() {
    const { portrait, ...r } = node.readings.length > 1 ? node.readings.shift()! : node.readings[0];
    return {
      documentType: 'passport',
      issuingCountry: 'US',
      mrzChecksValid: true,
      expiryDate: '2031-01-01',
      ...r,
      reasons: [],
      portraitReasons: portrait === false ? ['portrait_not_found'] : [],
      ...(r.status === 'ok' && portrait !== false ? { portraitEmbedding: embedding() } : {}),
    };
  }
  const rest: Pick<InferenceServiceHandlers, 'MatchFaces' | 'Health'> = {
    MatchFaces: answer(() => ({ match: true, similarity: 0.8, threshold: 0.35, model: 'scripted' })),
    Health: answer(() => ({
      ready: true,
      poolSize: 1,
      busy: 0,
      queued: 0,
      maxQueue: 8,
      executionProvider: 'cpu',
      models: ['scripted'],
      completed: '0',
      meanRunTimeMs: 1,
    })),
  };
  const server = new Server(SERVER_OPTIONS);
  server.addService(inferenceProto().InferenceService.service, { ...impl, ...rest });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return Object.assign(node, {
    address: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  });
}
