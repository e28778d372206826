/** Test helper: an Io that captures what a command prints and uses the real file system. */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Io } from './io.js';
import { run } from './main.js';

export interface Captured {
  code: number;
  out: string;
  err: string;
}

function capture(): { io: Io; result: (code: number) => Captured } {
  let out = '';
  let err = '';
  const io: Io = {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    readText: (p) => readFileSync(p, 'utf8'),
    writeText: (p, t) => writeFileSync(p, t),
    writeBytes: (p, b) => writeFileSync(p, b),
  };
  return { io, result: (code) => ({ code, out, err }) };
}

export function runCli(argv: string[]): Captured {
  const { io, result } = capture();
  const code = run(argv, io);
  if (code instanceof Promise) throw new Error(`sandtable ${argv[0]} is asynchronous; use runCliAsync`);
  return result(code);
}

export async function runCliAsync(argv: string[]): Promise<Captured> {
  const { io, result } = capture();
  return result(await run(argv, io));
}

export async function runJsonAsync<T = any>(argv: string[]): Promise<T> {
  const r = await runCliAsync([...argv, '--json']);
  if (r.code !== 0) throw new Error(`sandtable ${argv.join(' ')} exited ${r.code}: ${r.err}`);
  return JSON.parse(r.out) as T;
}

/** Runs and parses --json output, failing loudly with stderr if the command failed. */
export function runJson<T = any>(argv: string[]): T {
  const r = runCli([...argv, '--json']);
  if (r.code !== 0) throw new Error(`sandtable ${argv.join(' ')} exited ${r.code}: ${r.err}`);
  return JSON.parse(r.out) as T;
}
