// `npm run dev`: the server with reload (tsx watch, port 3000) and the Vite dev server (port 5173, proxies /api).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const procs = [
  spawn('npm', ['run', 'dev', '-w', '@flood/server'], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', DATA_DIR: path.join(root, 'data'), ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', '@flood/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
