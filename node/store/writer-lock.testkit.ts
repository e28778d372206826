/**
 * Another app window in another process, for the writer-lock tests (writer-lock.test.ts, and
 * the services' and the CLI's tests of the same rule): a child process (writer-lock-child.ts)
 * that holds a project as an app window would, driven one JSON line at a time, and a project
 * with one 8×8 map `front` for it to edit.
 *
 * Test-only.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { TerrainMap } from '../../core/map/terrain-map.js';
import { openProject } from './project.js';
import { FIXED_NOW, tempFile } from './store.testkit.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHILD = fileURLToPath(new URL('./writer-lock-child.ts', import.meta.url));

export interface Reply {
  ok: boolean;
  name?: string;
  message?: string;
  readOnly?: boolean;
  value?: number;
  hash?: string;
  seq?: number;
  changes?: { index: number; after: number }[];
}

export interface Window {
  readonly child: ChildProcessByStdio<Writable, Readable, Readable>;
  send(cmd: object): Promise<Reply>;
}

/** A child process on `path` (nothing opened yet: send `{ op: 'open', access }`); kill it with SIGKILL when done. */
export async function startWindow(path: string): Promise<Window> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const lines = createInterface({ input: child.stdout });
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  await new Promise<void>((resolve, reject) => {
    waiting.push((line) => (line === 'ready' ? resolve() : reject(new Error(line))));
    child.once('exit', (code) => reject(new Error(`child exited ${code}`)));
  });
  return {
    child,
    send: (cmd) =>
      new Promise<Reply>((resolve) => {
        waiting.push((line) => resolve(JSON.parse(line) as Reply));
        child.stdin.write(`${JSON.stringify(cmd)}\n`);
      }),
  };
}

/** A project (in a temporary folder, store.testkit.ts) with one 8×8 map `front` of palette clear, forest, hills. */
export function newLockProject(name = 'two.sandtable'): string {
  const path = tempFile(name);
  const p = openProject(path, { now: FIXED_NOW });
  p.maps.put(TerrainMap.create({ size: { kind: 'square', width: 8, height: 8 }, palette: ['clear', 'forest', 'hills'], meta: { name: 'Front' } }), { id: 'front' });
  p.close();
  return path;
}
