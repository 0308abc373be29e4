// `npm start`: builds the web app and the server when their sources are newer than the build, then runs the
// portal (embedded database under DATA_DIR unless DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

/** Newest modification time under the given paths (files or folders), skipping node_modules and dist. */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') walk(path.join(p, name));
    } else max = Math.max(max, st.mtimeMs);
  };
  for (const p of paths) walk(p);
  return max;
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const shared = [at('domain', 'src'), at('package-lock.json')];
const webStale =
  builtAt(at('web', 'dist', 'index.html')) <
  newest([...shared, at('web', 'src'), at('web', 'index.html'), at('web', 'vite.config.ts'), at('web', 'public')]);
const serverStale =
  builtAt(at('server', 'dist', 'main.js')) < newest([...shared, at('server', 'src'), at('server', 'build.mjs')]);

for (const [stale, ws] of [
  [webStale, '@flood/web'],
  [serverStale, '@flood/server'],
]) {
  if (!stale) continue;
  console.log(`Đang build ${ws}… / building ${ws}…`);
  const r = spawnSync('npm', ['run', 'build', '-w', ws], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', at('server', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
