import type { NameToken } from '../text/normalize-name.ts';
import { prepareToken, type PreparedToken } from '../match/token-similarity.ts';

/**
 * Distinct name tokens of the index. Names are stored as sequences of vocabulary ids, so each
 * distinct spelling is normalised, phonetically folded and keyed once, not once per name.
 */
export class VocabularyBuilder {
  private readonly ids = new Map<string, number>();
  readonly tokens: PreparedToken[] = [];

  intern(token: NameToken): number {
    const key = `${token.script[0]}${token.cls[0]}${token.glyph ?? token.text}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.tokens.length;
      this.ids.set(key, id);
      this.tokens.push(prepareToken({ text: token.text, cls: token.cls, script: token.script, glyph: token.glyph }));
    }
    return id;
  }

  get size(): number {
    return this.tokens.length;
  }
}
