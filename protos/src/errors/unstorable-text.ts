import { appError, type FieldIssue } from './app-error.ts';

/**
 * Text Postgres cannot store (`text`/`jsonb` refuse U+0000) or that is not Unicode at all (a
 * lone UTF-16 surrogate, e.g. JSON "\udc00"). Both can only arrive escaped in JSON (a raw
 * control character is invalid JSON; UTF-8 decoding never yields a surrogate), or percent-encoded
 * in a URL or a form (%00).
 */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Issues reported at most, so a body of a million bad strings costs one short answer. */
const MAX_ISSUES = 10;

/** Where in `value` a string or property name holds U+0000 or a lone surrogate (at most MAX_ISSUES). */
export function unstorableText(value: unknown, loc: string[], out: FieldIssue[] = []): FieldIssue[] {
  if (out.length >= MAX_ISSUES) return out;
  if (typeof value === 'string') {
    if (UNSTORABLE.test(value)) out.push(issue(loc, value));
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => unstorableText(v, [...loc, String(i)], out));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      // A bad property name is reported at its parent: the name itself cannot be shown.
      if (UNSTORABLE.test(k)) out.push(issue(loc, k, 'a property name'));
      else unstorableText(v, [...loc, k], out);
      if (out.length >= MAX_ISSUES) break;
    }
  }
  return out;
}

/** 400 REQUEST_INVALID naming where the text is, never what it is. */
export function unstorableTextRefusal(fields: FieldIssue[]) {
  return appError('REQUEST_INVALID', {
    message: 'The request holds text that cannot be accepted: U+0000 (NUL) or a lone UTF-16 surrogate; see details.fields.',
    details: { fields },
  });
}

function issue(loc: string[], text: string, what = 'the text'): FieldIssue {
  return text.includes('\0')
    ? { loc, msg: `${what} contains U+0000 (NUL), which is not accepted`, type: 'nul_character' }
    : { loc, msg: `${what} contains a lone UTF-16 surrogate (not valid Unicode)`, type: 'lone_surrogate' };
}
