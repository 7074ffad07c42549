/**
 * Word classes that change how much a token says about identity. All entries are in the
 * normalised form (lowercase ASCII, no punctuation). See README.md "Normalisation".
 */

/** Honorifics and titles: dropped from person names before matching ("Mr.", "President"). */
export const HONORIFICS: ReadonlySet<string> = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mister', 'mx', 'dr', 'doctor', 'prof', 'professor', 'sir', 'dame', 'lord', 'lady',
  'madam', 'madame', 'mme', 'mlle', 'monsieur', 'herr', 'frau', 'senor', 'senora', 'senorita', 'sr', 'sra', 'srta',
  'dona', 'signor', 'signora', 'president', 'presidente', 'prasident', 'praesident', 'predsjednik', 'presedintele',
  'presiden', 'prezident', 'prezydent', 'elnok', 'general', 'gen', 'colonel', 'col', 'major', 'maj', 'captain', 'capt',
  'lieutenant', 'lt', 'sergeant', 'sgt', 'admiral', 'adm', 'marshal', 'rev', 'reverend', 'his', 'her', 'excellency',
  'hon', 'honorable', 'honourable', 'sheikh', 'shaikh', 'sheik', 'shaykh', 'king', 'queen', 'prince', 'princess',
  'emir', 'minister', 'senator', 'sen', 'rep', 'representative', 'deputy', 'diputado', 'diputada', 'ambassador',
]);

/**
 * Religious or customary name prefixes that sanctions lists often keep inside the name
 * ("HAJI MUHAMMAD ASHRAF", "QARI SAIFULLAH TOKHI"): kept, but weak.
 */
export const WEAK_PREFIXES: ReadonlySet<string> = new Set([
  'haji', 'hajji', 'hadji', 'alhaji', 'mullah', 'mulla', 'mawlawi', 'maulvi', 'maulana', 'mawlana', 'qari', 'sayed', 'sayyed', 'sayyid', 'syed', 'mufti', 'imam', 'ustadh', 'ustad', 'jr', 'junior', 'snr',
  'jnr', 'senior', 'ii', 'iii', 'iv', 'na',
]);

/** Particles and connectors: articles, "son of", nobiliary particles. Weak. */
export const PARTICLES: ReadonlySet<string> = new Set([
  'al', 'el', 'ul', 'ur', 'ud', 'ad', 'ed', 'as', 'ash', 'at', 'az', 'an', 'bin', 'ibn', 'ben', 'bint', 'binti', 'ibnu',
  'bn', 'de', 'da', 'di', 'do', 'du', 'del', 'della', 'dei', 'der', 'den', 'des', 'van', 'von', 'vom', 'la', 'le',
  'lo', 'los', 'las', 'dos', 'das', 'zu', 'ter', 'ten', 'te', 'af', 'av', 'and', 'of', 'the', 'und',
  'et', 'en', 'for', 'in', 'at', 'on',
]);

/** Particles after which the next name is the father's ("Mohammed bin Salman"). */
export const PATRONYMIC_MARKERS: ReadonlySet<string> = new Set(['bin', 'ibn', 'ben', 'bint', 'binti', 'ibnu', 'ould', 'walad']);

/** Legal forms (companies, vessels' owners) mapped to one canonical spelling. */
export const LEGAL_FORM_ALIASES: ReadonlyMap<string, string> = new Map([
  ['aktiengesellschaft', 'ag'], ['limited', 'ltd'], ['incorporated', 'inc'], ['corporation', 'corp'],
  ['company', 'co'], ['gesellschaft mit beschrankter haftung', 'gmbh'], ['public limited company', 'plc'],
  ['limited liability company', 'llc'], ['limited liability partnership', 'llp'], ['limited partnership', 'lp'],
  ['joint stock company', 'jsc'], ['open joint stock company', 'ojsc'], ['closed joint stock company', 'cjsc'],
  ['public joint stock company', 'pjsc'], ['oao', 'ojsc'], ['zao', 'cjsc'], ['pao', 'pjsc'], ['ao', 'jsc'],
  ['ooo', 'llc'], ['tov', 'llc'], ['obshchestvo s ogranichennoy otvetstvennostyu', 'llc'],
  ['obshchestvo s ogranichennoi otvetstvennostiu', 'llc'], ['aktsionernoe obshchestvo', 'jsc'],
  ['societatea cu raspundere limitata', 'srl'], ['societe anonyme', 'sa'], ['sociedad anonima', 'sa'],
  ['societe a responsabilite limitee', 'sarl'], ['sp z oo', 'spzoo'], ['sp zoo', 'spzoo'], ['spolka z ograniczona odpowiedzialnoscia', 'spzoo'],
  ['besloten vennootschap', 'bv'], ['naamloze vennootschap', 'nv'], ['aksjeselskap', 'as'], ['aktiebolag', 'ab'],
  ['proprietary', 'pty'], ['perseroan terbatas', 'pt'], ['sa de cv', 'sadecv'], ['s de rl', 'sderl'], ['int l', 'international'],
]);

export const LEGAL_FORMS: ReadonlySet<string> = new Set([
  'ag', 'ltd', 'inc', 'corp', 'co', 'gmbh', 'plc', 'llc', 'llp', 'lp', 'jsc', 'ojsc', 'cjsc', 'pjsc', 'srl', 'sa',
  'sarl', 'sas', 'spa', 'spzoo', 'bv', 'nv', 'as', 'ab', 'pty', 'pt', 'sadecv', 'sderl', 'se', 'sl', 'kg', 'oy',
  'oyj', 'aps', 'bvba', 'kft', 'doo', 'ad', 'eood', 'ood', 'fzco', 'fze', 'fzc', 'lda', 'ltda', 'cv', 'na', 'group',
]);

/** Spelled-out numbers and ordinals (organisation names: "Brigade Forty-Four", "First Bank"). */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ['one', 1], ['two', 2], ['three', 3], ['four', 4], ['five', 5], ['six', 6], ['seven', 7], ['eight', 8],
  ['nine', 9], ['ten', 10], ['eleven', 11], ['twelve', 12], ['twenty', 20], ['thirty', 30], ['forty', 40],
  ['fourty', 40], ['fifty', 50], ['sixty', 60], ['seventy', 70], ['eighty', 80], ['ninety', 90], ['first', 1],
  ['second', 2], ['third', 3], ['fourth', 4], ['fifth', 5], ['1st', 1], ['2nd', 2], ['3rd', 3], ['4th', 4], ['5th', 5],
]);
