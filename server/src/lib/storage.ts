import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (ARCHITECTURE.md "Files"): a local directory by default; an S3-compatible
 * store can implement the same interface. Keys are random names made by `newStorageKey`, never a name
 * a person typed, so a key can neither escape the store nor collide.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes as a stream with their size; null when the key holds nothing. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  read(key: string): Promise<Buffer | null>;
  /** Removes a key (nothing happens when it does not exist). */
  remove(key: string): Promise<void>;
}

const KEY = /^[a-f0-9]{32}\.[a-z0-9]{2,8}(\.(gz|br))?$/;

/** A fresh random storage key with the given extension ('geojson', 'png', 'xlsx'…). */
export function newStorageKey(ext: string): string {
  return `${randomBytes(16).toString('hex')}.${ext.toLowerCase()}`;
}

/** Whether a string is a storage key this portal could have made (anything else is refused unread). */
export const isStorageKey = (key: string): boolean => KEY.test(key);

function checked(key: string): string {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Files under one directory, spread over 256 sub-folders by the key's first two characters. */
export function createLocalStorage(dir: string): FileStorage {
  const fileOf = (key: string) => path.join(dir, checked(key).slice(0, 2), key);
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, data);
        await rename(tmp, file);
      } catch (e) {
        // A full disk leaves the part written so far: given back rather than kept as a stray .tmp file.
        await rm(tmp, { force: true }).catch(() => undefined);
        throw e;
      }
    },
    async open(key) {
      const file = fileOf(key);
      try {
        const s = await stat(file);
        return { stream: createReadStream(file), size: s.size };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async read(key) {
      const opened = await this.open(key);
      if (!opened) return null;
      const chunks: Buffer[] = [];
      for await (const c of opened.stream) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/** In memory, for tests and tools. */
export function createMemoryStorage(): FileStorage & { keys(): string[] } {
  const files = new Map<string, Buffer>();
  return {
    async put(key, data) {
      files.set(checked(key), Buffer.from(data));
    },
    async open(key) {
      const b = files.get(checked(key));
      if (!b) return null;
      const { Readable } = await import('node:stream');
      return { stream: Readable.from([b]), size: b.length };
    },
    async read(key) {
      return files.get(checked(key)) ?? null;
    },
    async remove(key) {
      files.delete(checked(key));
    },
    keys: () => [...files.keys()],
  };
}
