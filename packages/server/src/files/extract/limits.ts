/** Bounds on extraction work, so one hostile or huge upload cannot stall or exhaust the server. */

/** A file's extraction is abandoned (its worker ended) after this long. */
export const EXTRACT_TIMEOUT_MS = 60_000;
/** Old-generation heap of an extraction worker; past it the worker dies, not the server. */
export const EXTRACT_MAX_HEAP_MB = 512;
/** Extraction workers running at once (a 2-core machine keeps one core for requests). */
export const EXTRACT_WORKERS = 2;
/** Scanned PDFs: pages OCR'd at most (OCR is ~0.5 s a page); later pages are left out. */
export const OCR_PAGE_CAP = 20;
/** Render scale of a scanned page for OCR (1 = 72 dpi; 2 ≈ 144 dpi reads body text well). */
export const OCR_RENDER_SCALE = 2;
/** Extracted text kept per file (characters); the rest is cut (a pathological spreadsheet). */
export const MAX_TEXT_CHARS = 20_000_000;

/** ZIP-based formats (DOCX, XLSX, PPTX, ODF, EPUB): refused before parsing when declared over these. */
export const ZIP_MAX_UNCOMPRESSED_BYTES = 256 * 1024 * 1024;
/** Uncompressed/compressed: Office XML compresses ~10×; bombs are 1000×+. */
export const ZIP_MAX_RATIO = 100;
export const ZIP_MAX_ENTRIES = 10_000;
/** The ratio is checked only above this much declared content: small files compress oddly but harmlessly. */
export const ZIP_RATIO_FLOOR_BYTES = 8 * 1024 * 1024;
