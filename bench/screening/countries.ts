/**
 * English country name → ISO alpha-2, from the ICU region names Node ships (the yente negatives
 * give nationality as a name). Unknown names map to undefined, i.e. no nationality in the query.
 */
const names = new Intl.DisplayNames(['en'], { type: 'region' });
const byName = new Map<string, string>();
for (let a = 65; a <= 90; a++) {
  for (let b = 65; b <= 90; b++) {
    const code = String.fromCharCode(a, b);
    try {
      const name = names.of(code);
      if (name && name !== code) byName.set(name.toLowerCase(), code);
    } catch {
      // not a region code
    }
  }
}
const EXTRA: Record<string, string> = {
  'united states of america': 'US',
  usa: 'US',
  russia: 'RU',
  'czech republic': 'CZ',
  'ivory coast': 'CI',
  'democratic republic of the congo': 'CD',
  'republic of the congo': 'CG',
  'south korea': 'KR',
  'north korea': 'KP',
  burma: 'MM',
  'hong kong': 'HK',
  palestine: 'PS',
  turkey: 'TR',
  myanmar: 'MM',
  'east timor': 'TL',
  'bosnia and herzegovina': 'BA',
  uk: 'GB',
};

export function countryCode(value: string): string | undefined {
  const v = value.trim();
  if (/^[A-Za-z]{2}$/.test(v) && v.toLowerCase() !== 'uk') return v.toUpperCase();
  return byName.get(v.toLowerCase()) ?? EXTRA[v.toLowerCase()];
}
