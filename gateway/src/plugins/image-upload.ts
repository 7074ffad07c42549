import { createHash } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { appError, type AppError, type ErrorCode } from '@idgate/protos';
import { decodedLength, defineCounter, defineGauge, type Logger } from '@idgate/platform';
import type { UploadBudget, UploadLimitName } from './upload-budget.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The code a body over the route's limit gets (error-handler.ts); PAYLOAD_TOO_LARGE when unset. */
    bodyTooLarge?: ErrorCode;
  }
}

/** The code an image over its limit gets on a route: the document photo's own, or the face images' one. */
export type TooLargeCode = 'IMAGE_TOO_LARGE' | 'DOCUMENT_IMAGE_TOO_LARGE';

/** What an image route accepts, and who its client is. */
export interface ImageRoute {
  /** Largest body in bytes (protos framesBodyLimit / imageBodyLimit). */
  bodyLimit: number;
  /** Largest image (decoded bytes) in the body: FACE_FRAME_MAX_BYTES or INFERENCE_MAX_IMAGE_BYTES. */
  maxImageBytes: number;
  tooLarge: TooLargeCode;
  /** The widget's client is its address (it holds no key); a tenant's is its API key (one server may call for many users). */
  clientBy: 'client-ip' | 'api-key';
  /** The base64 images of a parsed body, whatever its shape (the route's schema judges the shape afterwards). */
  images(body: unknown): string[];
}

type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Why a request was refused: one warn line and one metric sample each. */
type RefusalLimit = UploadLimitName | 'body_bytes' | 'image_bytes';

/**
 * Seconds a refused client is told to wait. The budgets free up as requests finish (a widget
 * request takes about a second); a client's own limit frees when its own upload finishes.
 */
export const UPLOAD_RETRY_AFTER_SECONDS = 2;

const refusals = defineCounter({
  name: 'idgate_image_upload_refusals_total',
  help: 'Image requests refused by the gateway before reaching core, by route pattern and the limit they hit',
  labelNames: ['route', 'limit'],
});

const liveBudgets = new Set<UploadBudget>();
defineGauge({
  name: 'idgate_image_uploads_in_flight',
  help: 'Image requests this process holds (admitted, not yet answered)',
  collect() {
    this.set([...liveBudgets].reduce((n, b) => n + b.held().requests, 0));
  },
});
defineGauge({
  name: 'idgate_image_upload_bytes_in_flight',
  help: 'Body bytes (as declared, or the route limit) of the image requests this process holds',
  collect() {
    this.set([...liveBudgets].reduce((n, b) => n + b.held().bytes, 0));
  },
});

/**
 * Admission control of the image routes (frames, document, Face 2FA, blacklist image; docs/errors.md
 * "Images"): each request is refused as early as what it breaks can be known, and its body is never
 * held when it is refused:
 *  1. onRequest, from the headers alone: a Content-Length over the route's body limit (413, the
 *     route's image code), then the client's and the process's in-flight budgets (429
 *     UPLOADS_IN_FLIGHT, 503 UPLOADS_BUSY, both with Retry-After). A body without Content-Length
 *     is counted at the route's limit, and Fastify stops reading it at that limit (413 likewise).
 *  2. preValidation, once parsed and before any base64 is decoded: each image against its own cap.
 * A refusal before the body was read closes the connection, so Node does not read the rest of it
 * only to drop it. Each refusal writes one warn line naming the limit, never the client.
 */
export class ImageUploads {
  private readonly budget: UploadBudget;
  private readonly log: Logger;

  constructor(budget: UploadBudget, log: Logger) {
    this.budget = budget;
    this.log = log;
  }

  /** Shows this budget in the metrics gauges; the returned hook (onClose) takes it out again. */
  track(): () => Promise<void> {
    liveBudgets.add(this.budget);
    return async () => {
      liveBudgets.delete(this.budget);
    };
  }

  /**
   * Route options of an image route. `before` are onRequest hooks that run first (the widget's
   * rate limit: a request over it is refused before it takes a place in the budgets).
   */
  route(r: ImageRoute, before: Hook[] = []) {
    return {
      bodyLimit: r.bodyLimit,
      config: { bodyTooLarge: r.tooLarge },
      onRequest: [...before, this.admit(r)],
      preValidation: this.checkImages(r),
      onError: this.onError(r),
    };
  }

  private admit(r: ImageRoute): Hook {
    return async (req, reply) => {
      const declared = contentLength(req);
      if (declared !== undefined && declared > r.bodyLimit)
        throw this.refuse(req, 'body_bytes', r.bodyLimit, declared, appError(r.tooLarge, { details: { reasons: ['body_bytes_over_limit'] } }));
      const admission = this.budget.admit(clientOf(req, r.clientBy), declared ?? r.bodyLimit);
      if (!admission.admitted) {
        const code = admission.limit.startsWith('client') ? 'UPLOADS_IN_FLIGHT' : 'UPLOADS_BUSY';
        throw this.refuse(
          req,
          admission.limit,
          admission.max,
          admission.current,
          appError(code, { details: { retryAfterSeconds: UPLOAD_RETRY_AFTER_SECONDS } }),
        );
      }
      // 'close' comes once the answer is sent or the connection is gone, whichever way the request ends.
      reply.raw.once('close', admission.release);
    };
  }

  private checkImages(r: ImageRoute): Hook {
    return async (req) => {
      for (const image of r.images(req.body)) {
        const bytes = decodedLength(image);
        if (bytes > r.maxImageBytes)
          throw this.refuse(req, 'image_bytes', r.maxImageBytes, bytes, appError(r.tooLarge, { details: { reasons: ['image_bytes_over_limit'] } }));
      }
    };
  }

  /** A body that passed its limit while streaming (no Content-Length) is logged here; any unread body closes the connection. */
  private onError(r: ImageRoute) {
    return async (req: FastifyRequest, reply: FastifyReply, err: FastifyError): Promise<void> => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') this.warn(req, 'body_bytes', r.bodyLimit, undefined, r.tooLarge);
      if (!req.raw.readableEnded) reply.header('connection', 'close');
    };
  }

  private refuse(req: FastifyRequest, limit: RefusalLimit, max: number, current: number, err: AppError): AppError {
    this.warn(req, limit, max, current, err.code);
    return err;
  }

  private warn(req: FastifyRequest, limit: RefusalLimit, max: number, current: number | undefined, code: string): void {
    const route = req.routeOptions.url ?? 'unmatched';
    refusals.inc({ route, limit });
    // No address, key or session: which limit, how far over, and the request id to find the access line.
    this.log.warn({ reqId: req.id, route, limit, max, current, code }, 'image upload refused');
  }
}

function contentLength(req: FastifyRequest): number | undefined {
  const raw = req.headers['content-length'];
  // Node's parser has already refused a malformed or repeated Content-Length (400).
  return raw === undefined ? undefined : Number(raw);
}

/** The budget key of a client: never the raw API key (it is a secret), its hash. */
function clientOf(req: FastifyRequest, by: ImageRoute['clientBy']): string {
  if (by === 'client-ip') return `ip:${req.ip}`;
  const key = req.headers['x-api-key'];
  return `key:${createHash('sha256')
    .update(typeof key === 'string' ? key : '')
    .digest('base64url')
    .slice(0, 22)}`;
}

/** The strings of `body[field]` when it is an array (the frames), or `body[field]` itself when it is a string. */
export function imagesAt(...fields: string[]): (body: unknown) => string[] {
  return (body) =>
    fields.flatMap((field) => {
      const value = body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
      if (typeof value === 'string') return [value];
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    });
}
