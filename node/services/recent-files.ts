/**
 * The recent-projects list (File ▸ Open Recent, the start screen): a small JSON file in the
 * user data folder, newest first. A damaged or foreign file is treated as an empty list —
 * losing the list is harmless, refusing to start is not. Writes go to a temporary file
 * renamed over the old one, so a crash mid-write never leaves half a list.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const FORMAT = 'sandtable-recent';
export const MAX_RECENT = 10;

export class RecentFiles {
  readonly file: string;

  constructor(userDataDir: string) {
    this.file = join(userDataDir, 'recent.json');
  }

  /** Paths that still exist, newest first. */
  list(): string[] {
    return this.read().filter((p) => existsSync(p));
  }

  add(path: string): string[] {
    const next = [path, ...this.read().filter((p) => p !== path)].slice(0, MAX_RECENT);
    this.write(next);
    return next.filter((p) => existsSync(p));
  }

  remove(path: string): void {
    this.write(this.read().filter((p) => p !== path));
  }

  clear(): void {
    this.write([]);
  }

  private read(): string[] {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(this.file, 'utf8'));
    } catch {
      return [];
    }
    if (typeof json !== 'object' || json === null) return [];
    const { format, files } = json as { format?: unknown; files?: unknown };
    if (format !== FORMAT || !Array.isArray(files)) return [];
    return files.filter((f): f is string => typeof f === 'string' && f.length > 0).slice(0, MAX_RECENT);
  }

  private write(files: string[]): void {
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify({ format: FORMAT, version: 1, files }, null, 2)}\n`);
    renameSync(tmp, this.file);
  }
}
