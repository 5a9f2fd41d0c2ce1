// `npm run bench [-- part…]`: runs the TypeScript benchmark runner (bench/main.ts) with tsx.
// Parts: bytes, lighthouse, federation, server, art; none named runs them all.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
const runner = fileURLToPath(new URL('./main.ts', import.meta.url));

const child = spawn(tsx, [runner, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
// Ctrl-C reaches the runner too (same process group); it stops the servers it started.
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
