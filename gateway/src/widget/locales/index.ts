import { ar } from './ar.ts';
import { de } from './de.ts';
import { en, type Messages } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { hi } from './hi.ts';
import { ja } from './ja.ts';
import { nl } from './nl.ts';
import { pt } from './pt.ts';
import { ptBR } from './pt-BR.ts';
import { zh } from './zh.ts';

export type { MessageKey, Messages } from './en.ts';

/** Every locale of spec §2.1, keyed by its normalised tag. */
export const LOCALES: Record<string, Messages> = { en, es, fr, de, pt, 'pt-BR': ptBR, ar, zh, ja, hi, nl };

/** Right-to-left scripts among the supported locales. */
export const RTL_LOCALES: ReadonlySet<string> = new Set(['ar']);
