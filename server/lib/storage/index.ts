import type { Env } from '../../env.ts';
import { createDiskStore } from './object-store.disk.ts';
import type { ObjectStore } from './object-store.ts';
import { createS3Store } from './object-store.s3.ts';

export type { ObjectStore, PresignedRequest } from './object-store.ts';
export { assertStorageKey } from './object-store.ts';

/** The evidence store for this configuration: S3 when S3_BUCKET is set, else DATA_DIR/evidence. */
export function createObjectStore(env: Env): ObjectStore {
  if (env.S3_BUCKET) {
    return createS3Store({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
  }
  return createDiskStore(env.DATA_DIR);
}
