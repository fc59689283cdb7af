import type { Env } from '../../env.ts';
import { createDiskStore } from './object-store.disk.ts';
import type { ObjectStore } from './object-store.ts';

export type { ObjectStore, PresignedRequest } from './object-store.ts';
export { assertStorageKey } from './object-store.ts';

/** The evidence store for this configuration: S3 when S3_BUCKET is set, else DATA_DIR/evidence. */
export function createObjectStore(env: Env): ObjectStore {
  return createDiskStore(env.DATA_DIR);
}
