// The part of s3rver 3.x (no bundled types) that tests/support/s3-server.ts uses.
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  export default class S3rver {
    constructor(options: {
      directory: string;
      silent?: boolean;
      vhostBuckets?: boolean;
      configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
    });
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  }
}
