/** Test helper: an Io that captures what a command prints and uses the real file system. */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Io } from './io.js';
import { run } from './main.js';

export interface Captured {
  code: number;
  out: string;
  err: string;
}

export function runCli(argv: string[]): Captured {
  let out = '';
  let err = '';
  const io: Io = {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    readText: (p) => readFileSync(p, 'utf8'),
    writeText: (p, t) => writeFileSync(p, t),
  };
  const code = run(argv, io);
  return { code, out, err };
}

/** Runs and parses --json output, failing loudly with stderr if the command failed. */
export function runJson<T = any>(argv: string[]): T {
  const r = runCli([...argv, '--json']);
  if (r.code !== 0) throw new Error(`sandtable ${argv.join(' ')} exited ${r.code}: ${r.err}`);
  return JSON.parse(r.out) as T;
}
