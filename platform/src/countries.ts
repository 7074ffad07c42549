/**
 * ISO 3166-1 alpha-3 to alpha-2 (249 officially assigned codes), plus the ICAO 9303 part 3
 * codes that appear in MRZs. Codes with no country (stateless, refugee, UN bodies) map to ''.
 * One table for the document reader (inference) and for data match and screening (core).
 */
const ISO_PAIRS = [
  'AFG:AF ALA:AX ALB:AL DZA:DZ ASM:AS AND:AD AGO:AO AIA:AI ATA:AQ ATG:AG ARG:AR ARM:AM ABW:AW AUS:AU AUT:AT AZE:AZ',
  'BHS:BS BHR:BH BGD:BD BRB:BB BLR:BY BEL:BE BLZ:BZ BEN:BJ BMU:BM BTN:BT BOL:BO BES:BQ BIH:BA BWA:BW BVT:BV BRA:BR',
  'IOT:IO BRN:BN BGR:BG BFA:BF BDI:BI CPV:CV KHM:KH CMR:CM CAN:CA CYM:KY CAF:CF TCD:TD CHL:CL CHN:CN CXR:CX CCK:CC',
  'COL:CO COM:KM COG:CG COD:CD COK:CK CRI:CR CIV:CI HRV:HR CUB:CU CUW:CW CYP:CY CZE:CZ DNK:DK DJI:DJ DMA:DM DOM:DO',
  'ECU:EC EGY:EG SLV:SV GNQ:GQ ERI:ER EST:EE SWZ:SZ ETH:ET FLK:FK FRO:FO FJI:FJ FIN:FI FRA:FR GUF:GF PYF:PF ATF:TF',
  'GAB:GA GMB:GM GEO:GE DEU:DE GHA:GH GIB:GI GRC:GR GRL:GL GRD:GD GLP:GP GUM:GU GTM:GT GGY:GG GIN:GN GNB:GW GUY:GY',
  'HTI:HT HMD:HM VAT:VA HND:HN HKG:HK HUN:HU ISL:IS IND:IN IDN:ID IRN:IR IRQ:IQ IRL:IE IMN:IM ISR:IL ITA:IT JAM:JM',
  'JPN:JP JEY:JE JOR:JO KAZ:KZ KEN:KE KIR:KI PRK:KP KOR:KR KWT:KW KGZ:KG LAO:LA LVA:LV LBN:LB LSO:LS LBR:LR LBY:LY',
  'LIE:LI LTU:LT LUX:LU MAC:MO MDG:MG MWI:MW MYS:MY MDV:MV MLI:ML MLT:MT MHL:MH MTQ:MQ MRT:MR MUS:MU MYT:YT MEX:MX',
  'FSM:FM MDA:MD MCO:MC MNG:MN MNE:ME MSR:MS MAR:MA MOZ:MZ MMR:MM NAM:NA NRU:NR NPL:NP NLD:NL NCL:NC NZL:NZ NIC:NI',
  'NER:NE NGA:NG NIU:NU NFK:NF MKD:MK MNP:MP NOR:NO OMN:OM PAK:PK PLW:PW PSE:PS PAN:PA PNG:PG PRY:PY PER:PE PHL:PH',
  'PCN:PN POL:PL PRT:PT PRI:PR QAT:QA REU:RE ROU:RO RUS:RU RWA:RW BLM:BL SHN:SH KNA:KN LCA:LC MAF:MF SPM:PM VCT:VC',
  'WSM:WS SMR:SM STP:ST SAU:SA SEN:SN SRB:RS SYC:SC SLE:SL SGP:SG SXM:SX SVK:SK SVN:SI SLB:SB SOM:SO ZAF:ZA SGS:GS',
  'SSD:SS ESP:ES LKA:LK SDN:SD SUR:SR SJM:SJ SWE:SE CHE:CH SYR:SY TWN:TW TJK:TJ TZA:TZ THA:TH TLS:TL TGO:TG TKL:TK',
  'TON:TO TTO:TT TUN:TN TUR:TR TKM:TM TCA:TC TUV:TV UGA:UG UKR:UA ARE:AE GBR:GB USA:US UMI:UM URY:UY UZB:UZ VUT:VU',
  'VEN:VE VNM:VN VGB:VG VIR:VI WLF:WF ESH:EH YEM:YE ZMB:ZM ZWE:ZW',
].join(' ');

// ICAO 9303 part 3 section 5: Germany is 'D', British nationality classes, Kosovo, the EU, the UN
// and its agencies, stateless persons and refugees; UTO is ICAO's fictitious specimen state (Utopia).
const ICAO_PAIRS =
  'D:DE GBD:GB GBN:GB GBO:GB GBP:GB GBS:GB RKS:XK EUE:EU UNO: UNA: UNK: XXA: XXB: XXC: XXX: XBA: XIM: XCC: XCE: XCO: XEC: XPO: XES: XMP: XOM: XDC: XAA: UTO:';

const TABLE = new Map<string, string>(`${ISO_PAIRS} ${ICAO_PAIRS}`.split(' ').map((pair) => pair.split(':') as [string, string]));

/** The MRZ code with its filler removed ('D<<' is 'D'). */
export function trimCountry(code: string): string {
  return code.replace(/<+$/, '');
}

export function isKnownCountry(code: string): boolean {
  return TABLE.has(trimCountry(code).toUpperCase());
}

/** Alpha-2 for an alpha-3, MRZ ('D<<') or alpha-2 code; undefined when unknown or no country. */
export function alpha2OfCountry(code: string): string | undefined {
  const trimmed = trimCountry(code).toUpperCase();
  if (/^[A-Z]{2}$/.test(trimmed)) return trimmed;
  return TABLE.get(trimmed) || undefined;
}
