import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVIDENCE_KINDS, checkEvidenceFile, kindOf, sanitizeFileName, MAX_FILE_NAME_LENGTH } from './evidence.ts';
import { inspectBytes, matchContent, ContentInspector } from './evidence-sniff.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const kind = (id: string) => EVIDENCE_KINDS.find((k) => k.id === id)!;
const withHead = (head: number[], size = 64) => {
  const b = new Uint8Array(size);
  b.set(head, 0);
  return b;
};

describe('sanitizeFileName', () => {
  it.each([
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['..\\..\\windows\\win.ini.txt', 'win.ini.txt'],
    ['  .hidden.csv ', 'hidden.csv'],
    ['a\u0000b\u202e.pdf', 'a_b_.pdf'],
    ['con.txt', '_con.txt'],
    ['', 'file'],
    ['../', 'file'],
    ['Prüfbericht 2026.pdf', 'Prüfbericht 2026.pdf'],
    ['a\ud800b\udc00.pdf', 'a_b_.pdf'],
    ['a' + '😀'.repeat(100) + '.pdf', 'a' + '😀'.repeat(87) + '.pdf'], // cut between code points
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('never returns a path separator, a leading dot or an over-long name, and keeps the extension', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (name) => {
        const clean = sanitizeFileName(`${name}.pdf`);
        expect(clean).not.toMatch(/[\\/]/);
        expect(clean.startsWith('.')).toBe(false);
        expect(clean.length).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
        expect(clean.length).toBeGreaterThan(0);
        expect(clean).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      }),
    );
  });
});

describe('checkEvidenceFile', () => {
  it('accepts allowed kinds by extension with a matching or generic MIME type', () => {
    expect(kindOf('a.PDF', 'application/pdf')?.id).toBe('pdf');
    expect(kindOf('photo.jpg', '')?.id).toBe('jpeg');
    expect(kindOf('data.csv', 'application/vnd.ms-excel')?.id).toBe('csv');
    expect(kindOf('notes.txt', 'text/plain; charset=utf-8')?.id).toBe('txt');
  });

  it('refuses unknown extensions and contradicting MIME types', () => {
    expect(kindOf('setup.exe', 'application/octet-stream')).toBeNull();
    expect(kindOf('noext', 'application/pdf')).toBeNull();
    expect(kindOf('report.pdf', 'image/png')).toBeNull();
  });

  it('explains oversize, wrong kind and empty files', () => {
    expect(checkEvidenceFile({ fileName: 'a.pdf', size: 26 * 1024 * 1024 }, 25)).toMatchObject({ ok: false, code: 'payload_too_large', message: expect.stringContaining('25 MB') });
    expect(checkEvidenceFile({ fileName: 'a.js', size: 10 }, 25)).toMatchObject({ ok: false, code: 'unsupported_media_type', message: expect.stringContaining('PDF') });
    expect(checkEvidenceFile({ fileName: 'a.pdf', size: 0 }, 25)).toMatchObject({ ok: false, code: 'validation_failed' });
    expect(checkEvidenceFile({ fileName: '../x.pdf', size: 10 }, 25)).toMatchObject({ ok: true, fileName: 'x.pdf', mimeType: 'application/pdf' });
  });
});

describe('content sniffing', () => {
  const zip = (names: string[]) => enc(`PK\u0003\u0004${names.map((n) => `....${n}....`).join('')}`);

  it.each([
    ['pdf', enc('%PDF-1.4\n...')],
    ['png', withHead([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['jpeg', withHead([0xff, 0xd8, 0xff, 0xe0])],
    ['gif', enc('GIF89a......')],
    ['webp', enc('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')],
    ['heic', withHead([0, 0, 0, 0x18, ...enc('ftypheic')])],
    ['doc', withHead([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
    ['docx', zip(['[Content_Types].xml', 'word/document.xml'])],
    ['xlsx', zip(['[Content_Types].xml', 'xl/workbook.xml'])],
    ['csv', enc('name,score\nÅsa,3\n')],
    ['txt', enc('\uFEFFplain notes')],
  ])('accepts genuine %s content', (id, bytes) => {
    expect(matchContent(kind(id), inspectBytes(bytes))).toBeNull();
  });

  it.each([
    ['pdf', withHead([0x4d, 0x5a, 0x90, 0x00])], // PE executable named .pdf
    ['txt', withHead([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1])], // ELF
    ['txt', enc('#!/bin/sh\nrm -rf /\n')],
    ['txt', enc('<html><script>alert(1)</script></html>')],
    ['csv', enc('a,b\u0000c')], // NUL byte: not text
    ['txt', new Uint8Array([0xc3, 0x28, 0x41])], // invalid UTF-8
    ['docx', zip(['[Content_Types].xml', 'xl/workbook.xml'])], // a workbook named .docx
    ['docx', zip(['evil.exe'])], // a plain ZIP
    ['png', enc('%PDF-1.4')], // wrong kind
  ])('refuses %s with disguised or wrong content', (id, bytes) => {
    expect(matchContent(kind(id), inspectBytes(bytes))).not.toBeNull();
  });

  it.each([
    ['pdf', '<!-- x --><html><script>alert(1)</script></html>\n%PDF-1.4\n'],
    ['pdf', '<!-- a --><!-- b -->\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>%PDF-1.7'],
    ['txt', '<!-- x --><svg onload="alert(1)"/>'],
    ['txt', '\uFEFF  \n\t<!-- leading comment -->\n<html><body>hi</body></html>'],
    ['txt', '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['csv', '<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x"><!-- c --><svg/>'],
    ['csv', '<!-- never closed' + ' x'.repeat(5_000)],
    ['pdf', '<!--' + '-'.repeat(100) + '-->' + '<iframe src="javascript:alert(1)">%PDF-1.4'],
  ])('refuses markup behind comments, BOM, whitespace or an XML declaration disguised as %s', (id, text) => {
    expect(inspectBytes(enc(text)).format).toBe('script');
    expect(matchContent(kind(id), inspectBytes(enc(text)))).not.toBeNull();
  });

  it('still accepts text that merely mentions markup, and PDFs with leading whitespace', () => {
    expect(inspectBytes(enc('notes: <!-- not markup --> and <svg> later')).format).toBe('text');
    expect(inspectBytes(enc('<!-- comment --> plain text after it')).format).toBe('text');
    expect(inspectBytes(enc('\n\n%PDF-1.4\n')).format).toBe('pdf');
  });

  it('treats a text file that merely starts with "MZ" as text', () => {
    expect(inspectBytes(enc('MZ sales figures, 2026')).format).toBe('text');
  });

  it('gives the same answer whether a file arrives in one piece or in many chunks', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 300 }), fc.integer({ min: 1, max: 17 }), (text, step) => {
        const bytes = enc(text);
        const inspector = new ContentInspector();
        for (let i = 0; i < bytes.length; i += step) inspector.update(bytes.subarray(i, i + step));
        expect(inspector.finish().format).toBe(inspectBytes(bytes).format);
      }),
    );
  });
});
