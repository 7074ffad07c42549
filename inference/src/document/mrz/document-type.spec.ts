import { describe, expect, it } from 'vitest';
import { documentTypeOf } from './document-type.ts';

describe('document type from the MRZ code', () => {
  it.each([
    ['P', 'passport'],
    ['PD', 'passport'],
    ['V', 'visa'],
    ['ID', 'id_card'],
    ['I', 'id_card'],
    ['IA', 'id_card'],
    ['IR', 'residence_permit'],
    ['AR', 'residence_permit'],
    ['AC', 'travel_document'],
    ['X', 'unknown'],
  ])('%s is %s', (code, type) => {
    expect(documentTypeOf(code)).toBe(type);
  });
});
