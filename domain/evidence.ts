// Evidence files: which kinds are allowed, size limits and safe file names.
// Pure and shared by the SPA (checks before queuing) and the server (checks on upload).
// Content sniffing (magic bytes) lives in ./evidence-sniff.ts.
import { replaceLoneSurrogates } from './text.ts';

export const DEFAULT_EVIDENCE_MAX_MB = 25;
/** Client chunk size for resumable uploads. */
export const EVIDENCE_CHUNK_BYTES = 2 * 1024 * 1024;
/** The largest chunk the server accepts in one PATCH. */
export const EVIDENCE_MAX_CHUNK_BYTES = 4 * 1024 * 1024;
export const MAX_FILE_NAME_LENGTH = 180;

/** What the content of a file turned out to be (evidence-sniff.ts). */
export type SniffedFormat = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'heic' | 'ooxml' | 'ole2' | 'text';

export interface EvidenceKind {
  id: string;
  label: string;
  extensions: readonly string[];
  /** The first one is canonical (what the server stores and serves). */
  mimeTypes: readonly string[];
  /** Accepted formats of the content. */
  formats: readonly SniffedFormat[];
  /** For OOXML: the folder that must appear in the ZIP (word/, xl/, ppt/). */
  ooxmlFolder?: string;
}

export const EVIDENCE_KINDS: readonly EvidenceKind[] = [
  { id: 'pdf', label: 'PDF', extensions: ['pdf'], mimeTypes: ['application/pdf'], formats: ['pdf'] },
  { id: 'png', label: 'PNG image', extensions: ['png'], mimeTypes: ['image/png'], formats: ['png'] },
  { id: 'jpeg', label: 'JPEG image', extensions: ['jpg', 'jpeg'], mimeTypes: ['image/jpeg', 'image/pjpeg'], formats: ['jpeg'] },
  { id: 'gif', label: 'GIF image', extensions: ['gif'], mimeTypes: ['image/gif'], formats: ['gif'] },
  { id: 'webp', label: 'WebP image', extensions: ['webp'], mimeTypes: ['image/webp'], formats: ['webp'] },
  { id: 'heic', label: 'HEIC photo', extensions: ['heic', 'heif'], mimeTypes: ['image/heic', 'image/heif'], formats: ['heic'] },
  {
    id: 'docx',
    label: 'Word document',
    extensions: ['docx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    formats: ['ooxml'],
    ooxmlFolder: 'word/',
  },
  {
    id: 'xlsx',
    label: 'Excel workbook',
    extensions: ['xlsx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    formats: ['ooxml'],
    ooxmlFolder: 'xl/',
  },
  {
    id: 'pptx',
    label: 'PowerPoint presentation',
    extensions: ['pptx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    formats: ['ooxml'],
    ooxmlFolder: 'ppt/',
  },
  { id: 'doc', label: 'Word 97-2003 document', extensions: ['doc'], mimeTypes: ['application/msword'], formats: ['ole2'] },
  { id: 'xls', label: 'Excel 97-2003 workbook', extensions: ['xls'], mimeTypes: ['application/vnd.ms-excel'], formats: ['ole2'] },
  { id: 'ppt', label: 'PowerPoint 97-2003', extensions: ['ppt'], mimeTypes: ['application/vnd.ms-powerpoint'], formats: ['ole2'] },
  { id: 'txt', label: 'Text file', extensions: ['txt', 'md'], mimeTypes: ['text/plain', 'text/markdown'], formats: ['text'] },
  // Windows browsers report .csv as application/vnd.ms-excel.
  { id: 'csv', label: 'CSV file', extensions: ['csv'], mimeTypes: ['text/csv', 'application/csv', 'application/vnd.ms-excel'], formats: ['text'] },
];

/** MIME types a browser reports when it does not know the type; the extension decides then. */
const GENERIC_MIME = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/x-unknown']);

/** For <input type="file" accept=...>: every allowed extension and MIME type. */
export const EVIDENCE_ACCEPT = [
  ...EVIDENCE_KINDS.flatMap((k) => k.extensions.map((e) => `.${e}`)),
  ...new Set(EVIDENCE_KINDS.flatMap((k) => k.mimeTypes)),
].join(',');

export const ALLOWED_KINDS_TEXT = 'PDF, images (PNG, JPEG, GIF, WebP, HEIC), Office documents (Word, Excel, PowerPoint) and text or CSV files';

export const EVIDENCE_MSG = {
  tooLarge: (maxMb: number) => `This file is larger than ${maxMb} MB. Please attach a smaller file.`,
  empty: 'This file is empty.',
  wrongKind: `This kind of file cannot be attached. Allowed: ${ALLOWED_KINDS_TEXT}.`,
  contentMismatch: 'The content of this file does not match its type, so it cannot be attached.',
  hashMismatch: 'The uploaded file was damaged on the way (checksum mismatch). Please upload it again.',
  offsetMismatch: 'The upload is out of step with the server; resume from the returned offset.',
  notFound: 'Evidence file not found',
  notComplete: 'The upload of this file is not complete yet.',
  detached: 'This evidence file has been removed.',
} as const;

export const evidenceMaxBytes = (maxMb: number = DEFAULT_EVIDENCE_MAX_MB) => Math.floor(maxMb * 1024 * 1024);

/** Lower-case extension without the dot, or '' when there is none. */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function normalizeMime(mime: string | null | undefined): string {
  return (mime ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The allowed kind for a file name and declared MIME type, or null (refused). The extension decides. */
export function kindOf(fileName: string, mimeType?: string | null): EvidenceKind | null {
  const ext = fileExtension(fileName);
  const kind = EVIDENCE_KINDS.find((k) => k.extensions.includes(ext));
  if (!kind) return null;
  const mime = normalizeMime(mimeType);
  if (GENERIC_MIME.has(mime) || kind.mimeTypes.includes(mime)) return kind;
  return null;
}

export const canonicalMime = (kind: EvidenceKind) => kind.mimeTypes[0]!;

// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f<>:"/\\|?*\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/**
 * A display-safe file name: no folders (../../etc/passwd.pdf → passwd.pdf), no control or
 * bidi characters, no unpaired surrogates, no leading dots, at most MAX_FILE_NAME_LENGTH characters with the extension kept.
 * It is only ever shown and sent in Content-Disposition; storage keys never derive from it.
 */
export function sanitizeFileName(name: string): string {
  const raw = (name.normalize('NFC').split(/[\\/]/).pop() ?? '').replace(UNSAFE_CHARS, '_');
  const base = replaceLoneSurrogates(raw, '_');
  let clean = base.replace(/\s+/g, ' ').trim().replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (WINDOWS_RESERVED.test(clean)) clean = `_${clean}`;
  if (!clean) clean = 'file';
  if (clean.length <= MAX_FILE_NAME_LENGTH) return clean;
  const ext = fileExtension(clean);
  const keep = ext && ext.length < 12 ? `.${ext}` : '';
  // Cut between code points: half an emoji would be a lone surrogate, which PostgreSQL cannot store.
  return clean.slice(0, MAX_FILE_NAME_LENGTH - keep.length).replace(/[\ud800-\udbff]$/, '') + keep;
}

export type EvidenceCheck =
  | { ok: true; kind: EvidenceKind; fileName: string; mimeType: string }
  | { ok: false; code: 'payload_too_large' | 'unsupported_media_type' | 'validation_failed'; message: string };

/** The checks both sides run before anything is stored: size, extension and declared type. */
export function checkEvidenceFile(input: { fileName: string; mimeType?: string | null; size: number }, maxMb: number): EvidenceCheck {
  const fileName = sanitizeFileName(input.fileName);
  if (!Number.isFinite(input.size) || input.size <= 0) return { ok: false, code: 'validation_failed', message: EVIDENCE_MSG.empty };
  if (input.size > evidenceMaxBytes(maxMb)) return { ok: false, code: 'payload_too_large', message: EVIDENCE_MSG.tooLarge(maxMb) };
  const kind = kindOf(fileName, input.mimeType);
  if (!kind) return { ok: false, code: 'unsupported_media_type', message: EVIDENCE_MSG.wrongKind };
  return { ok: true, kind, fileName, mimeType: canonicalMime(kind) };
}

/** "1.2 MB" style sizes for progress and error messages. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
