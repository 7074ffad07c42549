// The ISO/ICAO country table lives in @idgate/platform (shared with the document reader).
export { alpha2OfCountry } from '@idgate/platform';
