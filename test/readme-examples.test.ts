/**
 * The README's examples run as written on a fresh clone (issue 24, point 7): every
 * `npx sandtable …` line of its ```sh blocks runs, in order, with the built CLI
 * (`bin/sandtable.js` → `dist/cli.js`; `npm test` builds it first) in a scratch folder that
 * looks like the checkout's root to them (`resources` and `docs` linked in), and exits 0.
 * Lines that read `../shared/external-data/` go through `externalPathAsWritten` and are skipped with
 * its message when that data is absent; nothing else may need anything a clone lacks.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { externalPathAsWritten } from './support/formats.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'sandtable.js');

/** The text of each ```sh block of a Markdown text. */
export function shBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
}

/** The commands of a shell block: continuation lines joined, comment lines dropped. */
export function commandLines(block: string): string[] {
  return block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

/** Splits a command line the way sh would for these examples: quotes, and a trailing `# comment`. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: '"' | "'" | null = null;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = null;
      else word += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      word ??= '';
    } else if (/\s/.test(ch)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (ch === '#' && word === null) {
      break;
    } else {
      word = (word ?? '') + ch;
    }
  }
  if (quote) throw new Error(`unclosed ${quote} in: ${line}`);
  if (word !== null) words.push(word);
  return words;
}

/** Each `npx sandtable` line of the README, as the CLI's arguments. */
function readmeCommands(): { line: string; args: string[] }[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  return shBlocks(readme)
    .flatMap(commandLines)
    .map((line) => ({ line, words: shellWords(line) }))
    .filter(({ words }) => words[0] === 'npx' && words[1] === 'sandtable')
    .map(({ line, words }) => ({ line, args: words.slice(2) }));
}

/** The arguments with `../shared/external-data/…` resolved through the helper, or null when that data is absent. */
function withExternalData(args: string[]): string[] | null {
  const out = args.map(externalPathAsWritten);
  return out.every((a) => a !== null) ? (out as string[]) : null;
}

describe('the README parser', () => {
  it('joins continuation lines, drops comments and keeps quoted words whole', () => {
    expect(commandLines('# a\nnpx sandtable x \\\n    --y 1  # z\n\n')).toEqual(['npx sandtable x --y 1  # z']);
    expect(shellWords('npx sandtable paint m.json --at "11,6;11,7" --river="-3,4,-1"   # linear')).toEqual(['npx', 'sandtable', 'paint', 'm.json', '--at', '11,6;11,7', '--river=-3,4,-1']);
    expect(shBlocks('x\n```sh\na\n```\n```ts\nb\n```\n```sh\nc\n```\n')).toEqual(['a\n', 'c\n']);
  });
});

describe('the README examples on a fresh clone', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'sandtable-readme-'));
  symlinkSync(join(ROOT, 'resources'), join(scratch, 'resources'));
  symlinkSync(join(ROOT, 'docs'), join(scratch, 'docs'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const commands = readmeCommands();
  it('has examples to run, and the CLI is built', () => {
    expect(commands.length).toBeGreaterThan(30);
    expect(existsSync(join(ROOT, 'dist', 'cli.js')), 'dist/cli.js is missing: run `npm run build:cli` first').toBe(true);
  });

  for (const [k, { line, args }] of commands.entries()) {
    it(`${k + 1}: ${line}`, (ctx) => {
      const resolved = withExternalData(args);
      if (resolved === null) {
        ctx.skip(); // externalPath printed why
        return;
      }
      const r = spawnSync(process.execPath, [BIN, ...resolved], { cwd: scratch, encoding: 'utf8' });
      expect(r.status, `${line}\nexited ${r.status}: ${r.stderr.trim()}`).toBe(0);
    });
  }
});
