import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'tessera.pid';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `${dataDir} is in use by process ${pid}. The embedded database (PGlite) serves one process at a time: ` +
        'stop that process first, or set DATABASE_URL to share a Postgres server between processes.',
    );
    this.name = 'DataDirInUseError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Claims DATA_DIR for this process; a lock left by a dead process is taken over. Returns the release. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  for (;;) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8'));
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) throw new DataDirInUseError(dataDir, holder);
      rmSync(path, { force: true });
    }
  }
}
