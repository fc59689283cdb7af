// Types of scripts/build-server.mjs (plain ESM, run by Node without a compiler) for the TypeScript tests.
export declare const ROOT: string;
export declare const SERVER_OUT: string;
export declare const SERVER_NODE_OPTIONS: string[];
export declare function serverBuildIsStale(outfile?: string): boolean;
export declare function buildServer(outfile?: string, entry?: string): Promise<{ outfile: string; packages: string[] }>;
export declare function packageName(specifier: string): string | null;
export declare function newestMtime(p: string): number;
