/**
 * Parser for the PDF417 payload of North American driver's licences and ID cards (AAMVA DL/ID Card
 * Design Standard, versions 1-10). Pure: only the fields the verification needs are kept; address,
 * height and other elements are dropped.
 */
export interface AamvaResult {
  /** A header and a DL or ID subfile were found. */
  valid: boolean;
  /** Issuer Identification Number of the jurisdiction (6 digits). */
  issuerId?: string;
  aamvaVersion?: number;
  documentType?: 'driving_licence' | 'id_card';
  documentNumber?: string;
  familyName?: string;
  givenNames?: string;
  middleNames?: string;
  dateOfBirth?: string;
  expiryDate?: string;
  issueDate?: string;
  sex?: 'M' | 'F' | 'X';
  /** Alpha-3 ('USA', 'CAN'). */
  country?: string;
  countryAlpha2?: string;
  /** State or province code (DAJ). */
  jurisdiction?: string;
  problems: string[];
}

const CANADIAN_JURISDICTIONS = new Set(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);

interface Header {
  issuerId: string;
  version: number;
}

function parseHeader(text: string): Header | undefined {
  const match = /(?:ANSI |AAMVA)\s?(\d{6})(\d{2})/.exec(text);
  return match ? { issuerId: match[1], version: Number(match[2]) } : undefined;
}

/** Elements of the DL or ID subfile: 3-letter id, value up to the next LF or CR. */
function parseElements(text: string): { type?: 'DL' | 'ID'; elements: Map<string, string> } {
  const elements = new Map<string, string>();
  const start = /(DL|ID)(?=D[A-Z]{2})/.exec(text);
  if (!start) return { elements };
  // eslint-disable-next-line no-control-regex -- AAMVA separates records with RS (0x1e)
  for (const record of text.slice(start.index + 2).split(/[\n\r\x1e]+/)) {
    const element = /^\s*([A-Z]{3})(.*)$/.exec(record);
    if (!element) continue;
    if (element[1].startsWith('Z')) break; // jurisdiction-specific subfile follows
    if (!elements.has(element[1])) elements.set(element[1], element[2].trim());
  }
  return { type: start[1] as 'DL' | 'ID', elements };
}

function isoDate(year: number, month: number, day: number): string | undefined {
  if (year < 1880 || year > 2200 || month < 1 || month > 12 || day < 1) return undefined;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * AAMVA dates are MMDDCCYY in the US and CCYYMMDD in Canada (and in version 1). The expected
 * order is tried first; the other only when the first is not a calendar date.
 */
export function parseAamvaDate(value: string | undefined, canadianOrder: boolean): string | undefined {
  if (!value || !/^\d{8}$/.test(value)) return undefined;
  const n = (from: number, to: number) => Number(value.slice(from, to));
  const us = () => isoDate(n(4, 8), n(0, 2), n(2, 4));
  const ca = () => isoDate(n(0, 4), n(4, 6), n(6, 8));
  return canadianOrder ? (ca() ?? us()) : (us() ?? ca());
}

function sexOf(value: string | undefined): 'M' | 'F' | 'X' | undefined {
  if (value === '1' || value === 'M') return 'M';
  if (value === '2' || value === 'F') return 'F';
  if (value === '9' || value === 'X') return 'X';
  return undefined;
}

/** Names: DCS/DAC/DAD (v3+), DCS + DCT 'FIRST,MIDDLE' (v2), DAA 'LAST,FIRST,MIDDLE' (v1). */
function namesOf(e: Map<string, string>): Pick<AamvaResult, 'familyName' | 'givenNames' | 'middleNames'> {
  const clean = (s: string | undefined) => s?.replace(/[,$]+/g, ' ').replace(/\s+/g, ' ').trim() || undefined;
  if (e.has('DAA') && !e.has('DCS')) {
    const [family, given, ...middle] = e.get('DAA')!.split(/[,$]/);
    return { familyName: clean(family), givenNames: clean(given), middleNames: clean(middle.join(' ')) };
  }
  const given = e.get('DAC') ?? e.get('DCT')?.split(/[,$]/)[0];
  const middle = e.get('DAD') ?? e.get('DCT')?.split(/[,$]/).slice(1).join(' ');
  return { familyName: clean(e.get('DCS') ?? e.get('DAB')), givenNames: clean(given), middleNames: clean(middle) };
}

export function parseAamva(text: string): AamvaResult {
  const header = parseHeader(text);
  const { type, elements: e } = parseElements(text);
  if (!header || !type) return { valid: false, problems: [header ? 'subfile_not_found' : 'header_not_found'] };
  const jurisdiction = e.get('DAJ') || undefined;
  const country = e.get('DCG') || (jurisdiction && CANADIAN_JURISDICTIONS.has(jurisdiction) ? 'CAN' : 'USA');
  const canadianOrder = country === 'CAN' || header.version === 1;
  const result: AamvaResult = {
    valid: true,
    issuerId: header.issuerId,
    aamvaVersion: header.version,
    documentType: type === 'DL' ? 'driving_licence' : 'id_card',
    documentNumber: e.get('DAQ') || undefined,
    ...namesOf(e),
    dateOfBirth: parseAamvaDate(e.get('DBB'), canadianOrder),
    expiryDate: parseAamvaDate(e.get('DBA'), canadianOrder),
    issueDate: parseAamvaDate(e.get('DBD'), canadianOrder),
    sex: sexOf(e.get('DBC')),
    country,
    countryAlpha2: country === 'CAN' ? 'CA' : country === 'USA' ? 'US' : undefined,
    jurisdiction,
    problems: [],
  };
  if (!result.dateOfBirth) result.problems.push(e.has('DBB') ? 'birth_date_invalid' : 'birth_date_missing');
  return result;
}
