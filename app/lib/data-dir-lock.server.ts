// PGlite is one process per data directory: a second server on the same
// DATA_DIR would corrupt it. The lock that keeps a second one out is one the
// operating system holds for us and drops when the process ends, however it
// ends (kill -9, crash, power cut of a container): an exclusive SQLite lock
// on DATA_DIR/chuchiblog.lock.sqlite, taken through node:sqlite. SQLite locks
// with POSIX fcntl locks (LockFileEx on Windows), which the kernel releases
// with the process; within one process SQLite itself refuses a second
// connection, so a second lock in the same process (tests run apps
// in-process) is refused as well. Nothing is ever read from a PID, so a
// stale file, a reused PID or a restart under the same PID cannot block.
//
// DATA_DIR/chuchiblog.lock keeps the holder's PID as a note for tools that
// want to signal the running server (npm run backup); it decides nothing.
import { existsSync, mkdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** SQLite result codes (sqlite3.h) that node:sqlite puts on its errors as `errcode`. */
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_NOTADB = 26;

const LOCK_FILE = 'chuchiblog.lock.sqlite';
const PID_FILE = 'chuchiblog.lock';

/** Open lock connections: kept referenced so that garbage collection never closes one. */
const held = new Set<DatabaseSync>();

let sqlite: typeof DatabaseSync | undefined;

function loadSqlite() {
  if (sqlite) return sqlite;
  // Node 24 still calls node:sqlite experimental and says so on stderr at its
  // first load, which would put a warning into every start-up and script run.
  // Only that one notice is dropped, and only during this load; every other
  // warning passes. getBuiltinModule loads synchronously, so the filter is in
  // place exactly while the module announces itself.
  const emitWarning = process.emitWarning;
  process.emitWarning = function (warning: string | Error, ...rest: unknown[]) {
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    const message = typeof warning === 'string' ? warning : warning.message;
    if (type === 'ExperimentalWarning' && message.startsWith('SQLite is an experimental feature')) return;
    return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    sqlite = process.getBuiltinModule('node:sqlite').DatabaseSync;
  } finally {
    process.emitWarning = emitWarning;
  }
  return sqlite;
}

function sqliteCode(error: unknown) {
  return (error as { errcode?: number } | undefined)?.errcode;
}

/** Takes the exclusive lock on `file`, or answers undefined when another connection holds it. */
function tryLock(file: string): DatabaseSync | undefined {
  const Database = loadSqlite();
  for (let attempt = 0; ; attempt++) {
    // timeout 0: a held lock is answered at once with SQLITE_BUSY, never waited for.
    const db = new Database(file, { timeout: 0 });
    try {
      // No journal (nothing is ever written, the file stays empty); the lock,
      // once taken, is kept until the connection closes.
      db.exec('PRAGMA journal_mode=OFF');
      db.exec('PRAGMA locking_mode=EXCLUSIVE');
      db.exec('BEGIN EXCLUSIVE');
      return db;
    } catch (error) {
      db.close();
      const code = sqliteCode(error);
      if (code === SQLITE_BUSY || code === SQLITE_LOCKED) return undefined;
      // Not a database: something else was written into the file. SQLite
      // only gets to read the file once no one else holds the lock, so no
      // holder is affected; truncating (not deleting) keeps the file's
      // identity, on which other processes may be waiting to lock.
      if (code === SQLITE_NOTADB && attempt === 0) {
        truncateSync(file, 0);
        continue;
      }
      throw error;
    }
  }
}

function readPid(dataDir: string) {
  try {
    const pid = Number(readFileSync(path.join(dataDir, PID_FILE), 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Locks the data directory for this process, or throws DataDirLockedError
 * when another process (or another lock in this one) holds it. The returned
 * function releases it; the lock file itself stays (removing it would let a
 * process still opening the old file and one creating a new file both hold a
 * "lock"), only the PID note goes.
 */
export function lockDataDir(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  const db = tryLock(path.join(dataDir, LOCK_FILE));
  if (!db) {
    const pid = readPid(dataDir);
    throw new DataDirLockedError(
      `DATA_DIR ${path.resolve(dataDir)} is in use by another Chuchiblog process${pid ? ` (PID ${pid})` : ''}; stop it first or use another DATA_DIR.`,
    );
  }
  held.add(db);
  writeFileSync(path.join(dataDir, PID_FILE), String(process.pid));
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // The note goes first, while the lock is still ours: a successor's note is never removed.
    rmSync(path.join(dataDir, PID_FILE), { force: true });
    held.delete(db);
    db.close();
  };
}

/**
 * The PID of the process that holds the data directory's lock, as noted in
 * chuchiblog.lock, or undefined when no process holds the lock (a note left
 * behind by a killed process is then ignored). For tools that signal the
 * running server; call it from another process than the holder.
 */
export function lockHolderPid(dataDir: string) {
  const file = path.join(dataDir, LOCK_FILE);
  if (!existsSync(file)) return undefined;
  const db = tryLock(file);
  if (!db) return readPid(dataDir);
  db.close();
  return undefined;
}
