import type { AamvaResult } from './barcode/aamva.ts';
import type { Rect } from './image/raster.ts';
import type { MrzResult } from './mrz/types.ts';
import type { PrintedFields } from './printed/parse-printed.ts';

/** Outcome names of SPEC section 2.5 ('ok' means the document was read and its birth date trusted). */
export type ReadingStatus = 'ok' | 'document_unreadable' | 'dob_unreadable';

export interface DocumentReading {
  status: ReadingStatus;
  /** Machine-readable causes: 'mrz_not_found', 'image_blurred', 'birth_date_check_failed', ... */
  reasons: string[];
  documentType?: string;
  /** Alpha-2 where the code names a country. */
  issuingCountry?: string;
  /** Alpha-3 as in the MRZ or barcode. */
  nationality?: string;
  dateOfBirth?: string;
  expiryDate?: string;
  documentNumber?: string;
  surname?: string;
  givenNames?: string;
  sex?: string;
  zones: { mrz?: MrzResult; barcode?: AamvaResult; printed?: PrintedFields };
  /** Every MRZ check digit passed (absent when no MRZ was read). */
  mrzChecksValid?: boolean;
  /** Expected portrait area in original-image pixels (from the MRZ geometry), for the face detector. */
  faceBox?: Rect;
  /** Focus measure of the page (variance of the Laplacian at detector scale). */
  sharpness?: number;
  timingsMs: Record<string, number>;
}

export interface ReadDocumentOptions {
  /** Refuse images with more pixels than this (default INFERENCE_MAX_PIXELS' default, 40 MP). */
  maxPixels?: number;
  /** Reference date for two-digit years (YYYY-MM-DD); defaults to today (UTC). */
  today?: string;
  /** Called before each stage; throws to stop the read (the worker's deadline and cancel check). */
  checkpoint?: () => void;
  /**
   * Also read the printed, labelled fields (docs/decisions/document-path.md "Printed text"): always (the
   * front of a two-sided pair), or only when no MRZ or barcode was found (is a lone picture a card front?).
   */
  readPrinted?: 'always' | 'without-zone';
}
