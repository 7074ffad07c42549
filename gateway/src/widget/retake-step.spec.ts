import { describe, expect, it } from 'vitest';
import { translator } from './i18n.ts';
import { attemptsLeftKey, retakeMessage, withoutRetake } from './retake-step.ts';

describe('retake step', () => {
  it('words the tries left with the plural form of the page language', () => {
    const left = (locale: string, n: number) => translator(locale).t(attemptsLeftKey(locale, n), { n });
    expect(left('en', 2)).toBe('2 tries left.');
    expect(left('en', 1)).toBe('1 try left.');
    expect(left('fr', 1)).toBe('Il vous reste 1 essai.');
    expect(left('de', 2)).toBe('Noch 2 Versuche.');
    expect(left('ar', 2)).toContain('2');
  });

  it('trying again leaves the same step without the retake', () => {
    const state = {
      session_status: 'in_progress',
      step: 'document_required',
      document_path_available: true,
      retake_reason: 'document_unreadable',
      retake_attempts_left: 2,
    };
    expect(withoutRetake(state)).toEqual({ session_status: 'in_progress', step: 'document_required', document_path_available: true });
  });

  it('names the side of a two-sided document the server found missing, and trying again drops it', () => {
    const state = {
      session_status: 'in_progress',
      step: 'document_required',
      document_path_available: true,
      retake_reason: 'document_unreadable',
      retake_attempts_left: 2,
      document_side_missing: 'back' as const,
    };
    expect(translator('en').t(retakeMessage(state))).toMatch(/back of your document was missing/);
    expect(translator('ja').t(retakeMessage({ ...state, document_side_missing: 'front' }))).toContain('表面');
    expect(retakeMessage({ ...state, document_side_missing: undefined })).toBe('retake_document_unreadable');
    expect(withoutRetake(state)).not.toHaveProperty('document_side_missing');
  });
});
