#!/usr/bin/env node
// `npm run dev`: the server from source (tsx, restarted on change) on PORT (3000) and Vite's dev
// server on 5173, which proxies /api and /auth/v1 to it (vite.config.ts). For development only;
// `npm start` runs the compiled server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(root, 'server', 'index.ts')], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')], { cwd: root, stdio: 'inherit' }),
];
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => children.forEach((c) => c.kill(sig)));
let exited = 0;
for (const child of children) {
  child.on('exit', (code) => {
    if (code) process.exitCode = code;
    if (++exited === children.length) process.exit();
  });
}
