// Files on local disk: DATA_DIR/evidence/<organizationId>/<evidenceId>. Writes go to a temporary
// name and are renamed into place, so a reader never sees half a file.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, listPrefixOf, type ObjectStore } from './object-store.ts';

export function createDiskStore(dataDir: string): ObjectStore {
  const root = path.resolve(dataDir, 'evidence');
  const fileOf = (key: string, allowPrefix = false) => {
    assertStorageKey(key, allowPrefix);
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error('storage key escapes the root');
    return file;
  };
  const sizeOf = async (file: string) => {
    try {
      const st = await stat(file);
      return st.isFile() ? st.size : null;
    } catch {
      return null;
    }
  };
  async function* list(prefix: string): AsyncGenerator<string> {
    const { orgPrefix, rest } = listPrefixOf(prefix);
    let names: string[];
    try {
      names = await readdir(fileOf(orgPrefix, true));
    } catch {
      return;
    }
    for (const name of names.sort()) if (!name.endsWith('.tmp') && name.startsWith(rest)) yield `${orgPrefix}${name}`;
  }

  return {
    kind: 'disk',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, file);
    },
    async putStream(key, body, size) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.tmp`;
      try {
        await pipeline(Readable.from(body), createWriteStream(tmp));
        const written = await sizeOf(tmp);
        if (written !== size) throw new Error(`stream ended after ${written ?? 0} of ${size} bytes`);
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async move(from, to) {
      const source = fileOf(from);
      const target = fileOf(to);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(source, target);
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    },
    async get(key) {
      const file = fileOf(key);
      if ((await sizeOf(file)) === null) return null;
      return createReadStream(file, { highWaterMark: 1024 * 1024 });
    },
    async head(key) {
      const size = await sizeOf(fileOf(key));
      return size === null ? null : { size };
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    list,
    async deletePrefix(prefix) {
      const { orgPrefix, rest } = listPrefixOf(prefix);
      if (!rest) {
        let count = 0;
        try {
          count = (await readdir(fileOf(orgPrefix, true))).filter((n) => !n.endsWith('.tmp')).length;
        } catch {
          return 0;
        }
        await rm(fileOf(orgPrefix, true), { recursive: true, force: true });
        return count;
      }
      let count = 0;
      for await (const key of list(prefix)) {
        await rm(fileOf(key), { force: true });
        count++;
      }
      return count;
    },
    presignPut: async () => null,
    presignGet: async () => null,
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK);
    },
    close: async () => {},
  };
}
