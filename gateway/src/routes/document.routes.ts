import type { FastifyInstance } from 'fastify';
import { callUnary, type CoreClients } from '@idgate/protos';
import { DOCUMENT_SIDES, imageBodyLimit } from '@idgate/platform';
import type { KeyValueStore } from '@idgate/platform/kv';
import { imagesAt, type ImageUploads } from '../plugins/image-upload.ts';
import { rateLimit } from '../plugins/rate-limit.ts';
import * as S from '../schemas/verify.schemas.ts';
import { documentBody } from '../schemas/decisions.schemas.ts';
import type { SchemaRequestTypeProvider } from '../schemas/json-schema.ts';
import { callContext } from './context.ts';
import { widgetStateBody } from './widget.routes.ts';

/**
 * The document capture of the document path (B/C; docs/decisions/document-path.md): the front (or a
 * passport's data page) as `image` and, for a two-sided document, its back as `back_image`, base64
 * in JSON like the frames route, read by OCR on an inference node and dropped. The liveness
 * step before it is the frames route at step `liveness_required`.
 */
export function documentRoutes(
  fastify: FastifyInstance,
  d: { core: CoreClients; kv: KeyValueStore; now?: () => number; perMinute: number; uploads: ImageUploads; maxImageBytes: number },
): void {
  const app = fastify.withTypeProvider<SchemaRequestTypeProvider>();
  const limit = rateLimit(d.kv, { name: 'widget', perMinute: d.perMinute, by: 'client-ip' }, d.now);
  // A photo over INFERENCE_MAX_IMAGE_BYTES is DOCUMENT_IMAGE_TOO_LARGE (docs/errors.md "Images"), from its
  // Content-Length when it says so, before the body is read.
  const upload = d.uploads.route(
    {
      // Front and back of a two-sided document, each up to INFERENCE_MAX_IMAGE_BYTES.
      bodyLimit: imageBodyLimit(d.maxImageBytes, DOCUMENT_SIDES),
      maxImageBytes: d.maxImageBytes,
      tooLarge: 'DOCUMENT_IMAGE_TOO_LARGE',
      clientBy: 'client-ip',
      images: imagesAt('image', 'back_image'),
    },
    [limit],
  );
  app.post(
    '/verify/v1/widget/session/document',
    {
      ...upload,
      schema: {
        tags: ['widget'],
        summary:
          'Document path: the ID document photo, and the back of a two-sided one (base64), read by OCR, matched against the liveness selfie, then dropped',
        headers: S.widgetSessionHeader,
        body: documentBody,
        response: {
          200: S.widgetState,
          ...S.bodyErrors({
            401: ['WIDGET_SESSION_INVALID'],
            409: ['SESSION_STATE_CONFLICT'],
            410: ['SESSION_EXPIRED'],
            413: ['DOCUMENT_IMAGE_TOO_LARGE'],
            422: ['DOCUMENT_IMAGE_EMPTY', 'DOCUMENT_IMAGE_INVALID', 'IMAGE_UNDECODABLE'],
            429: ['RATE_LIMITED', 'UPLOADS_IN_FLIGHT'],
            501: ['FEATURE_NOT_AVAILABLE'],
            503: ['INFERENCE_BUSY', 'UPLOADS_BUSY', 'UPSTREAM_UNAVAILABLE'],
            504: ['INFERENCE_TIMEOUT'],
          }),
        },
      },
    },
    async (req) => {
      const image = Buffer.from(req.body.image, 'base64');
      const back = req.body.back_image;
      const sides = back === undefined ? { image } : { image, backImage: Buffer.from(back, 'base64') };
      return widgetStateBody(await callUnary(d.core.widget, 'submitDocument', sides, callContext(req)));
    },
  );
}
