/**
 * Document reading for the document path (SPEC section 1, path B/C): MRZ OCR on PaddleOCR
 * PP-OCRv4 models, ICAO 9303 MRZ parsing, AAMVA PDF417 decoding, portrait location and quality
 * outcomes. Safe to call from a Piscina worker: sessions load once per thread.
 */
export { readDocument } from './read-document.ts';
export { parseMrz, type ParseMrzOptions } from './mrz/parse.ts';
export { parseAamva, type AamvaResult } from './barcode/aamva.ts';
export { cropDocumentFace, type DocumentFaceCrop, type FaceBox, type FaceDetector } from './face/crop.ts';
export { OCR_MODEL_IDS, prepareOcrModelBytes, warmUpDocumentReader, type OcrModelBytes, type OcrRuntimeOptions } from './ocr/models.ts';
export { DocumentInputError } from './errors.ts';
export type { DocumentReading, ReadDocumentOptions, ReadingStatus } from './types.ts';
export type { MrzResult } from './mrz/types.ts';
export type { MrzChecks } from './mrz/checks.ts';
export type { MrzFormat } from './mrz/formats.ts';
export type { DocumentType } from './mrz/document-type.ts';
