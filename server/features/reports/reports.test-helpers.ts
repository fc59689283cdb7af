// Reading generated report files in tests: PDF text (uncompressed streams) and DOCX/XLSX XML.
import JSZip from 'jszip';

/** The text drawn in an uncompressed pdfkit PDF (hex strings inside TJ arrays, joined per array). */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  const out: string[] = [];
  for (const arr of raw.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const parts = [...arr[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'));
    out.push(parts.join(''));
  }
  return out.join('\n');
}

export async function zipEntry(bytes: Uint8Array, path: string): Promise<string> {
  const zip = await JSZip.loadAsync(bytes);
  const file = zip.file(path);
  if (!file) throw new Error(`${path} is not in the archive`);
  return file.async('string');
}

/** The visible text of word/document.xml (w:t runs), XML entities decoded. */
export async function docxText(bytes: Uint8Array): Promise<string> {
  const xml = await zipEntry(bytes, 'word/document.xml');
  const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]!.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e]!)).join(' ');
}
