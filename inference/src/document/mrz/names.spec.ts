import { describe, expect, it } from 'vitest';
import { cleanNameFiller, splitNames } from './names.ts';

describe('MRZ names', () => {
  it('turns filler read as K or C back into filler', () => {
    expect(cleanNameFiller('MUSTERMANN<<ERIKA<<<KKK<CKK')).toBe('MUSTERMANN<<ERIKA<<<<<<<<<<');
    expect(cleanNameFiller('ERIKA<<<C<<<<K<')).toBe('ERIKA<<<<<<<<<<');
  });

  it('keeps names that end in K or C', () => {
    expect(cleanNameFiller('MACK<<<<<<')).toBe('MACK<<<<<<');
    expect(cleanNameFiller('SMITH<<KC')).toBe('SMITH<<KC');
    expect(cleanNameFiller('SMITH<<JACK<<<<<')).toBe('SMITH<<JACK<<<<<');
    expect(cleanNameFiller('SMITH<<<JACK<<<')).toBe('SMITH<<<JACK<<<');
  });

  it('splits primary and secondary identifiers', () => {
    expect(splitNames('ERIKSSON<<ANNA<MARIA<<<<<<<')).toEqual({ surname: 'ERIKSSON', givenNames: 'ANNA MARIA' });
    expect(splitNames('VAN<DER<BERG<<JAN<<<<')).toEqual({ surname: 'VAN DER BERG', givenNames: 'JAN' });
    expect(splitNames('MADONNA<<<<<<<')).toEqual({ surname: 'MADONNA', givenNames: '' });
  });
});
