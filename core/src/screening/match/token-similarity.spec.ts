import { describe, expect, it } from 'vitest';
import { normalizeName } from '../text/normalize-name.ts';
import { weightedDistance } from './edit-distance.ts';
import { phoneticForm, skeletonForm } from './phonetic.ts';
import { prepareToken, TOKEN_SIMILARITY, tokenSimilarity } from './token-similarity.ts';

const token = (name: string) => prepareToken(normalizeName(name)[0]);
const sim = (a: string, b: string) => tokenSimilarity(token(a), token(b));

describe('phoneticForm', () => {
  it('folds transliteration variants of one sound', () => {
    expect(phoneticForm('mohammed')).toBe(phoneticForm('mohamed'));
    expect(phoneticForm('friedrich')).toBe(phoneticForm('fridrich'));
    expect(phoneticForm('bashar')).toBe(phoneticForm('bachar'));
    expect(phoneticForm('abdullah')).toBe(phoneticForm('abdulla'));
    expect(phoneticForm('shi')).toBe(phoneticForm('xi'));
  });

  it('keeps distinct consonants distinct', () => {
    expect(phoneticForm('miller')).not.toBe(phoneticForm('tyler'));
  });

  it('has a consonant skeleton without vowels', () => {
    expect(skeletonForm(phoneticForm('muhammad'))).toBe('mhmd');
  });
});

describe('weightedDistance', () => {
  it('charges less for confusable letters and transpositions', () => {
    expect(weightedDistance('sergei', 'sergei')).toBe(0);
    expect(weightedDistance('tim', 'tom')).toBeLessThan(weightedDistance('tim', 'tin'));
    expect(weightedDistance('donlad', 'donald')).toBeLessThan(1);
    expect(weightedDistance('kazim', 'kasim')).toBeLessThan(weightedDistance('kazim', 'kalim'));
  });

  it('stops early past the limit', () => {
    expect(weightedDistance('abcdefgh', 'stuvwxyz', 1)).toBeGreaterThan(1);
  });
});

describe('tokenSimilarity', () => {
  it('is 1 for equal tokens and high for spelling variants', () => {
    expect(sim('putin', 'putin')).toBe(1);
    expect(sim('usama', 'osama')).toBeGreaterThan(0.8);
    expect(sim('scholze', 'scholz')).toBeGreaterThan(0.8);
  });

  it('is low for different names', () => {
    expect(sim('viktorovich', 'borisovich')).toBeLessThan(0.55);
    expect(sim('frank', 'frederik')).toBeLessThan(0.55);
  });

  it('matches an initial with any word of that letter', () => {
    expect(sim('j', 'joachim')).toBe(0.9);
    expect(sim('o', 'joachim')).toBe(0);
  });

  it('compares an Arabic-script token with a Latin one on consonant skeletons', () => {
    expect(sim('محمد', 'Mohammed')).toBeGreaterThan(0.8);
    expect(sim('محمد', 'Ahmed')).toBeLessThan(0.8);
  });

  it('lets a word cut by the MRZ agree with the list words it begins, under an exact match', () => {
    const cut = { ...token('montesin'), truncated: true };
    expect(tokenSimilarity(cut, token('montesinos'))).toBe(TOKEN_SIMILARITY.truncatedPrefix);
    expect(tokenSimilarity(token('montesinos'), cut)).toBe(TOKEN_SIMILARITY.truncatedPrefix);
    expect(tokenSimilarity(cut, token('montesin'))).toBe(1);
    expect(tokenSimilarity(cut, token('ramirez'))).toBeLessThan(0.55);
    // The same word not cut is only as similar as its spelling says.
    expect(tokenSimilarity(token('montesin'), token('montesinos'))).toBeLessThan(TOKEN_SIMILARITY.truncatedPrefix);
    expect(tokenSimilarity({ ...token('mon'), truncated: true }, token('montesinos'))).toBe(TOKEN_SIMILARITY.truncatedPrefix);
    expect(tokenSimilarity(token('mon'), token('montesinos'))).toBeLessThan(0.55);
    expect(tokenSimilarity({ ...token('m'), truncated: true }, token('montesinos'))).toBe(0.9);
  });

  it('compares words through their romanisation variants, at most as a phonetic match', () => {
    expect(sim('sjarif', 'syarif')).toBe(TOKEN_SIMILARITY.variantCap);
    expect(sim('tjahjo', 'cahyo')).toBe(TOKEN_SIMILARITY.variantCap);
    expect(sim('cahyo', 'tjahjo')).toBe(TOKEN_SIMILARITY.variantCap);
    expect(sim('charkow', 'kharkov')).toBe(TOKEN_SIMILARITY.variantCap);
    expect(sim('chan', 'khan')).toBeLessThan(0.8);
    expect(sim('chernov', 'khernov')).toBeLessThan(0.8);
  });

  it('already equates German umlauts written out or dropped (ä/ae/a, ö/oe/o, ü/ue/u, ß/ss)', () => {
    expect(sim('Müller', 'Mueller')).toBe(TOKEN_SIMILARITY.phoneticEqual);
    expect(sim('Müller', 'Muller')).toBe(1);
    expect(sim('Schröder', 'SCHROEDER')).toBe(TOKEN_SIMILARITY.phoneticEqual);
    expect(sim('Jäger', 'JAEGER')).toBe(TOKEN_SIMILARITY.phoneticEqual);
    expect(sim('Weiß', 'WEISS')).toBe(1);
  });

  it('honours a floor by answering 0 below it', () => {
    expect(tokenSimilarity(token('anderson'), token('andersen'), 0.99)).toBe(0);
  });
});
