// Content sniffing for evidence files: the type is decided by the bytes, never by the name.
// Incremental (the server streams a file from disk; the SPA passes one buffer), pure, no I/O.
import { EVIDENCE_MSG, type EvidenceKind, type SniffedFormat } from './evidence.ts';

export type SniffResult = SniffedFormat | 'executable' | 'script' | 'unknown';

const HEAD_BYTES = 64 * 1024;
const TAIL_BYTES = 256 * 1024;

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const EXECUTABLE_SIGNATURES: readonly (readonly number[])[] = [
  ascii('MZ'), // Windows PE / DOS
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O fat / Java class
  [0x00, 0x61, 0x73, 0x6d], // WebAssembly
  ascii('#!'), // shebang scripts
];

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
/** What a browser, an SVG viewer or a server would run or render as a page, once the prolog is skipped. */
const SCRIPT_STARTS = [
  '<!doctype html', '<html', '<head', '<body', '<script', '<svg', '<iframe', '<object', '<embed', '<meta', '<?php', '<%', '@echo off', '#!',
];
/** How much of the head the markup check reads; prologs longer than this are refused as markup. */
const MARKUP_SCAN_CHARS = 4096;

/** Binary formats recognised from the first bytes; null when the head matches none (maybe text). */
export function sniffHead(head: Uint8Array): SniffResult | null {
  if (EXECUTABLE_SIGNATURES.some((sig) => startsWith(head, sig))) return 'executable';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, ascii('ftyp'), 4) && HEIC_BRANDS.has(String.fromCharCode(...head.subarray(8, 12)))) return 'heic';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole2';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'ooxml';
  // PDF readers accept a header anywhere in the first 1024 bytes.
  if (latin1(head.subarray(0, 1024)).includes('%PDF-')) return 'pdf';
  return null;
}

function latin1(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return s;
}

/**
 * Whether the file opens as markup or a script. Browsers and XML parsers skip a byte-order mark,
 * whitespace, comments (`<!-- … -->`), XML declarations and processing instructions (`<?xml …?>`)
 * and non-HTML doctypes (`<!DOCTYPE svg …>`) before the first element, so this does too: `<!-- x --><svg`
 * is SVG. The scan is bounded: a prolog that does not end within MARKUP_SCAN_CHARS counts as markup.
 */
export function looksLikeScript(head: Uint8Array): boolean {
  let rest = latin1(head.subarray(0, MARKUP_SCAN_CHARS)).toLowerCase();
  for (;;) {
    rest = rest.replace(/^(?:\u00ef\u00bb\u00bf|\ufeff)/, '').trimStart();
    if (SCRIPT_STARTS.some((s) => rest.startsWith(s))) return true;
    const close = rest.startsWith('<!--') ? '-->' : rest.startsWith('<?') ? '?>' : rest.startsWith('<!doctype') ? '>' : null;
    if (close === null) return false;
    const end = rest.indexOf(close, 2);
    if (end === -1) return true;
    rest = rest.slice(end + close.length);
  }
}

/** Feeds a file through in chunks; finish() tells what the content is. */
export class ContentInspector {
  private head: Uint8Array = new Uint8Array(0);
  private tail: Uint8Array = new Uint8Array(0);
  private decoder = new TextDecoder('utf-8', { fatal: true });
  private isText = true;
  private bytes = 0;

  update(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    if (this.head.length < HEAD_BYTES) this.head = concat(this.head, chunk.subarray(0, HEAD_BYTES - this.head.length));
    this.tail = concat(this.tail, chunk.subarray(Math.max(0, chunk.length - TAIL_BYTES)));
    if (this.tail.length > TAIL_BYTES) this.tail = this.tail.slice(this.tail.length - TAIL_BYTES);
    if (this.isText) this.checkText(chunk);
  }

  private checkText(chunk: Uint8Array): void {
    if (chunk.includes(0)) {
      this.isText = false;
      return;
    }
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.isText = false;
    }
  }

  /** The sniffed format, plus the ZIP entry names seen (for OOXML checks). */
  finish(): { format: SniffResult; zipText: string } {
    if (this.isText) {
      try {
        this.decoder.decode();
      } catch {
        this.isText = false;
      }
    }
    // Markup first: PDF readers find "%PDF-" anywhere in the first KB, so `<html>…%PDF-` would pass as PDF.
    if (looksLikeScript(this.head)) return { format: 'script', zipText: '' };
    let binary = sniffHead(this.head);
    // "MZ…" that is valid text throughout is a text file starting with MZ, not a PE image (which has NUL bytes).
    if (binary === 'executable' && this.isText && startsWith(this.head, ascii('MZ'))) binary = null;
    if (binary === 'ooxml') return { format: binary, zipText: latin1(this.head) + latin1(this.tail) };
    if (binary) return { format: binary, zipText: '' };
    if (this.bytes > 0 && this.isText) return { format: 'text', zipText: '' };
    return { format: 'unknown', zipText: '' };
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b.slice();
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** Whether the sniffed content is an allowed instance of the declared kind; else the reason to show. */
export function matchContent(kind: EvidenceKind, sniffed: { format: SniffResult; zipText: string }): string | null {
  const { format } = sniffed;
  if (format === 'executable' || format === 'script' || format === 'unknown') return EVIDENCE_MSG.contentMismatch;
  if (!kind.formats.includes(format)) return EVIDENCE_MSG.contentMismatch;
  if (format === 'ooxml') {
    const ok = sniffed.zipText.includes('[Content_Types].xml') && (!kind.ooxmlFolder || sniffed.zipText.includes(kind.ooxmlFolder));
    if (!ok) return EVIDENCE_MSG.contentMismatch;
  }
  return null;
}

/** One-shot helper for a whole file in memory (the SPA, multipart uploads). */
export function inspectBytes(bytes: Uint8Array): { format: SniffResult; zipText: string } {
  const inspector = new ContentInspector();
  for (let i = 0; i < bytes.length; i += 1024 * 1024) inspector.update(bytes.subarray(i, i + 1024 * 1024));
  return inspector.finish();
}
