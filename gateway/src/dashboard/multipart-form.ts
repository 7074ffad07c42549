import { appError } from '@idgate/protos';

/** One uploaded file of a form: its bytes as sent, and what the browser declared about it. */
export interface UploadedFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

export interface MultipartLimits {
  /** Parts in all (fields and files); a form of the dashboard has a handful. */
  maxParts: number;
  /** Bytes of one text field. */
  maxFieldBytes: number;
  /** The names that may carry a file; a file under any other name is refused. */
  fileFields: ReadonlySet<string>;
}

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');
const invalid = (message: string) => appError('REQUEST_INVALID', { message: `The form could not be read: ${message}.` });

/**
 * Reads a whole `multipart/form-data` body (RFC 7578) that Fastify has already bounded by the route's body
 * limit, for the dashboard's one upload form: a browser posts it without any script. Strict rather than
 * forgiving: one boundary from the header, each part named once by Content-Disposition, files only under
 * the names allowed. A malformed body is REQUEST_INVALID. A file's bytes are kept in memory only while the
 * request runs; nothing here writes them anywhere.
 */
export function parseMultipart(body: Buffer, contentType: string, limits: MultipartLimits): MultipartForm {
  const boundary = boundaryOf(contentType);
  const delimiter = Buffer.from(`--${boundary}`);
  const form: MultipartForm = { fields: {}, files: {} };
  let at = body.indexOf(delimiter);
  if (at !== 0) throw invalid('it does not start with its boundary');
  let parts = 0;
  for (;;) {
    at += delimiter.length;
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return form; // "--": the closing delimiter
    if (!body.subarray(at, at + 2).equals(CRLF)) throw invalid('a boundary is not followed by a line break');
    at += 2;
    const headersEnd = body.indexOf(HEADERS_END, at);
    if (headersEnd < 0) throw invalid('a part has no end to its headers');
    const headers = headersOf(body.subarray(at, headersEnd).toString('latin1'));
    const contentStart = headersEnd + HEADERS_END.length;
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), contentStart);
    if (next < 0) throw invalid('it has no closing boundary');
    if (++parts > limits.maxParts) throw invalid(`more than ${limits.maxParts} parts`);
    addPart(form, headers, body.subarray(contentStart, next), limits);
    at = next + CRLF.length;
  }
}

function boundaryOf(contentType: string): string {
  const m = /^multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) throw invalid('the Content-Type names no boundary');
  return boundary;
}

function headersOf(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw invalid('a part header is malformed');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function addPart(form: MultipartForm, headers: Map<string, string>, data: Buffer, limits: MultipartLimits): void {
  const disposition = headers.get('content-disposition') ?? '';
  if (!/^form-data\s*(;|$)/i.test(disposition)) throw invalid('a part is not form-data');
  const name = paramOf(disposition, 'name');
  const filename = paramOf(disposition, 'filename');
  if (!name) throw invalid('a part has no name');
  if (Object.hasOwn(form.fields, name) || Object.hasOwn(form.files, name)) throw invalid(`the field ${name} is sent twice`);
  if (filename !== undefined) {
    if (!limits.fileFields.has(name)) throw invalid(`the field ${name} takes no file`);
    form.files[name] = { filename, contentType: (headers.get('content-type') ?? 'application/octet-stream').toLowerCase(), data };
    return;
  }
  if (data.length > limits.maxFieldBytes) throw invalid(`the field ${name} is longer than ${limits.maxFieldBytes} bytes`);
  form.fields[name] = data.toString('utf8');
}

/** A quoted or bare parameter of a Content-Disposition header (browsers quote, and escape `"` as %22). */
function paramOf(header: string, key: string): string | undefined {
  const m = new RegExp(`;\\s*${key}=(?:"([^"]*)"|([^\\s;]*))`, 'i').exec(header);
  if (!m) return undefined;
  return m[1] ?? m[2] ?? '';
}
