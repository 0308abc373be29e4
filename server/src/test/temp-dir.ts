import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A new folder in the temporary folder for a DATA_DIR (or a tree holding some), reachable by the embedded
 * PostgreSQL's user when the tests run as root: mkdtemp's 0700 would keep that user out.
 */
export async function tempDataDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  await chmod(dir, 0o755);
  return dir;
}
