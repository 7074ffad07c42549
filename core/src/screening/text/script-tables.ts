/**
 * Letter tables for the scripts whose transliteration matters most for sanctions lists
 * (Cyrillic, Greek and Arabic, the scripts the lists use most; Hebrew because the lists carry Hebrew names).
 * They are tuned for name matching rather than for any one romanisation standard: the
 * similarity layer (match/token-similarity.ts) absorbs the differences between standards
 * (Sergei/Sergey/Serguei). Everything else goes through any-ascii (see transliterate.ts).
 */

const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Ukrainian, Belarusian
  є: 'ye',
  і: 'i',
  ї: 'yi',
  ґ: 'g',
  ў: 'u',
  // Serbian, Macedonian
  ђ: 'dj',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  џ: 'dz',
  ѓ: 'gj',
  ќ: 'kj',
  ѕ: 'dz',
  // Kazakh, Kyrgyz, Mongolian, Tatar, Bashkir, Tajik, Uzbek
  ә: 'a',
  ғ: 'gh',
  қ: 'q',
  ң: 'ng',
  ө: 'o',
  ұ: 'u',
  ү: 'u',
  һ: 'h',
  ҳ: 'h',
  ҷ: 'j',
  ӣ: 'i',
  ӯ: 'u',
};

const GREEK: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
  ά: 'a',
  έ: 'e',
  ή: 'i',
  ί: 'i',
  ό: 'o',
  ύ: 'y',
  ώ: 'o',
  ϊ: 'i',
  ϋ: 'y',
  ΐ: 'i',
  ΰ: 'y',
};

/**
 * Arabic, Persian and Urdu letters. Short vowels are not written in these scripts, so the
 * output is a consonant skeleton; tokens made from it are marked as abjad tokens and compared
 * on skeletons (see token-similarity.ts). `ع` and hamza carriers vanish, as in most romanisations.
 */
const ARABIC: Record<string, string> = {
  ا: 'a',
  أ: 'a',
  إ: 'i',
  آ: 'a',
  ٱ: 'a',
  ب: 'b',
  ت: 't',
  ث: 'th',
  ج: 'j',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'dh',
  ر: 'r',
  ز: 'z',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'd',
  ط: 't',
  ظ: 'z',
  ع: '',
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ك: 'k',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ه: 'h',
  و: 'u',
  ي: 'i',
  ى: 'a',
  ة: 'a',
  ء: '',
  ئ: '',
  ؤ: '',
  // Persian and Urdu
  پ: 'p',
  چ: 'ch',
  ژ: 'zh',
  گ: 'g',
  ک: 'k',
  ی: 'y',
  ٹ: 't',
  ڈ: 'd',
  ڑ: 'r',
  ں: 'n',
  ہ: 'h',
  ھ: 'h',
  ے: 'e',
  ۀ: 'h',
  ۃ: 'a',
};

/** Hebrew consonants; the geresh after ג, ז, צ, ת (ג' = j, ...) is handled in transliterate.ts. */
const HEBREW: Record<string, string> = {
  א: '',
  ב: 'b',
  ג: 'g',
  ד: 'd',
  ה: 'h',
  ו: 'u',
  ז: 'z',
  ח: 'kh',
  ט: 't',
  י: 'i',
  כ: 'k',
  ך: 'k',
  ל: 'l',
  מ: 'm',
  ם: 'm',
  נ: 'n',
  ן: 'n',
  ס: 's',
  ע: '',
  פ: 'p',
  ף: 'f',
  צ: 'ts',
  ץ: 'ts',
  ק: 'k',
  ר: 'r',
  ש: 'sh',
  ת: 't',
};

/** Letters that are vowels inside a word but consonants at its start (و ي ו י). */
export const WORD_INITIAL_CONSONANT: ReadonlyMap<number, string> = new Map([
  [0x0648, 'w'],
  [0x064a, 'y'],
  [0x06cc, 'y'],
  [0x05d5, 'v'],
  [0x05d9, 'y'],
]);

export const HEBREW_GERESH: Record<string, string> = { g: 'j', z: 'zh', ts: 'ch', t: 'th' };

/** Code point → Latin for the tabled scripts; `abjad` marks scripts without written vowels. */
export interface ScriptLetter {
  latin: string;
  abjad: boolean;
}

function buildTable(): Map<number, ScriptLetter> {
  const table = new Map<number, ScriptLetter>();
  const add = (letters: Record<string, string>, abjad: boolean) => {
    for (const [ch, latin] of Object.entries(letters)) table.set(ch.codePointAt(0)!, { latin, abjad });
  };
  add(CYRILLIC, false);
  add(GREEK, false);
  add(ARABIC, true);
  add(HEBREW, true);
  return table;
}

export const SCRIPT_LETTERS: ReadonlyMap<number, ScriptLetter> = buildTable();
