// A zip written one entry at a time (archiver), each entry's bytes counted and hashed (SHA-256) as
// they pass, for the manifest. The next entry is appended only after archiver has finished the
// previous one, and archiver pauses while the HTTP reader is slow, so at most one file's stream is
// open and memory stays bounded however large the organization's evidence is.
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import archiver from 'archiver';

export interface ZipFileEntry {
  path: string;
  bytes: number;
  sha256: string;
}

export class ExportZip {
  private readonly zip = archiver('zip', { zlib: { level: 6 } });
  readonly files: ZipFileEntry[] = [];

  constructor(private readonly date: Date) {}

  /** The zip's bytes, for the HTTP response. */
  get output(): Readable {
    return this.zip;
  }

  /** Adds one entry and resolves when archiver has written it; rejects when the source or the zip fails or the reader went away. */
  async add(path: string, source: Buffer | string | Readable): Promise<void> {
    const input = source instanceof Readable ? source : Readable.from([typeof source === 'string' ? Buffer.from(source, 'utf8') : source]);
    const hash = createHash('sha256');
    let bytes = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    const written = this.nextEntry(input, tap);
    input.pipe(tap);
    this.zip.append(tap, { name: path, date: this.date });
    try {
      await written;
    } catch (err) {
      input.destroy();
      throw err;
    }
    this.files.push({ path, bytes, sha256: hash.digest('hex') });
  }

  /** Adds a JSON document (UTF-8, two-space indented). */
  addJson(path: string, value: unknown): Promise<void> {
    return this.add(path, `${JSON.stringify(value, null, 2)}\n`);
  }

  /** Writes the central directory and ends the stream. */
  async finish(): Promise<void> {
    await this.zip.finalize();
  }

  /** Ends the stream with an error, so the download fails visibly instead of ending as a valid-looking, partial zip. */
  fail(err: Error): void {
    this.zip.destroy(err);
  }

  private nextEntry(input: Readable, tap: Transform): Promise<void> {
    const zip = this.zip;
    return new Promise<void>((resolve, reject) => {
      const cleanup = () => {
        zip.off('entry', onEntry);
        zip.off('error', onError);
        zip.off('close', onClose);
        input.off('error', onError);
        tap.off('error', onError);
      };
      const onEntry = () => {
        cleanup();
        resolve();
      };
      const onError = (err: Error) => {
        cleanup();
        reject(err);
      };
      const onClose = () => {
        cleanup();
        reject(new Error('the export stream closed before the archive was complete'));
      };
      zip.on('entry', onEntry);
      zip.on('error', onError);
      zip.on('close', onClose);
      input.on('error', onError);
      tap.on('error', onError);
    });
  }
}

/**
 * A file name safe as a path segment inside the zip: ASCII letters, digits, dot, dash and
 * underscore only, no leading dot, at most 80 characters. The user's own name stays in the JSON.
 */
export function safeFileName(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const cleaned = ascii
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .slice(-80)
    .replace(/^[._-]+/, '');
  return cleaned || 'file';
}
