/**
 * The external-data helper (formats.ts) and the rule it stands for: a clone is self-sufficient
 * (issue 24, point 7), so a test reaches ../shared/external-data only through `externalPath`,
 * which answers null (and says why) when the data is absent, and the test skips. The scan below
 * reads every test file of the repository and finds any that reaches it another way.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { externalPathIn } from './formats.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HELPER = 'test/support/formats.ts';
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'out', '.git', 'test-results', 'bench']);
/** Test code: test files, test kits, the CLI's test helper and everything under test/. */
const TEST_FILE = /(\.test\.ts|\.testkit\.ts|^cli\/testing\.ts|^test\/.*\.(ts|js|mjs))$/;

/** Every test file of the repository, relative to its root with `/`. */
function testFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return SKIPPED_FOLDERS.has(e.name) ? [] : testFiles(join(dir, e.name));
    const rel = relative(ROOT, join(dir, e.name)).split(sep).join('/');
    return TEST_FILE.test(rel) ? [rel] : [];
  });
}

/**
 * Where the code of `file` (relative to `root`) reaches the external data other than through
 * the helper: the data's location named in code (EXTERNAL_DATA, SANDTABLE_EXTERNAL_DATA), a
 * path naming `external-data`, a relative path out of the checkout into `../shared`, or
 * `join(…, '..', 'shared')`. Comments and prose (test titles, messages: text with spaces) do
 * not count.
 */
export function directReads(file: string, text: string, root = ROOT): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const shared = join(dirname(resolve(root)), 'shared');
  const found: string[] = [];
  let previous: string | null = null;
  const note = (node: ts.Node, why: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${file}:${line + 1}: ${why}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && /^(SANDTABLE_)?EXTERNAL_DATA$/.test(node.text)) note(node, `names ${node.text}`);
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      const s = node.text;
      const inImport = ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent);
      if (s.includes('SANDTABLE_EXTERNAL_DATA')) note(node, 'reads SANDTABLE_EXTERNAL_DATA');
      else if (!/\s/.test(s) && s.includes('external-data')) note(node, `a path into external-data: ${s}`);
      else if (!inImport && s.startsWith('..') && !/\s/.test(s)) {
        const target = resolve(dirname(join(root, file)), s);
        if (target === shared || target.startsWith(shared + sep)) note(node, `a path out of the checkout into ../shared: ${s}`);
      }
      if (previous === '..' && /^shared(\/|$)/.test(s)) note(node, "join(…, '..', 'shared')");
      previous = s;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('externalPath', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  it('gives the path of data that is there, and null with a message saying what is absent', () => {
    const root = mkdtempSync(join(tmpdir(), 'sandtable-external-'));
    dirs.push(root);
    writeFileSync(join(root, 'here.tmx'), '<map/>');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(externalPathIn(root, 'here.tmx')).toBe(join(root, 'here.tmx'));
    expect(warn).not.toHaveBeenCalled();
    expect(externalPathIn(root, 'tiled/desert.tmx')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/^\[skip\] .*desert\.tmx is absent .*tests that need it are skipped$/);
  });
});

describe('no test reads ../shared except through externalPath', () => {
  it('finds each way around the helper, and not comments, titles or imports', () => {
    const reads = (text: string, file = 'node/services/x.test.ts') => directReads(file, text, '/work/repo');
    expect(reads("readFileSync('../shared/external-data/tiled/desert.tmx')")).toHaveLength(1);
    expect(reads("readFileSync(new URL('../../../shared/external-data/a', import.meta.url))")).toHaveLength(1);
    expect(reads("const d = new URL('../../../shared/SPEC.md', import.meta.url);")).toHaveLength(1);
    expect(reads("join(ROOT, '..', 'shared', 'x')")).toHaveLength(1);
    expect(reads('const p = process.env.SANDTABLE_EXTERNAL_DATA;')).toHaveLength(1);
    expect(reads("import { EXTERNAL_DATA } from '../../test/support/formats.js'; join(EXTERNAL_DATA, 'tiled');")).toHaveLength(2);
    expect(reads('`${root}/external-data/tiled`')).toHaveLength(1);
    // Comments, prose, the app's own electron/shared, and paths that stay inside the checkout.
    expect(reads("// ../shared/external-data/tiled\ndescribe('Tiled files (shared/external-data/tiled)', () => {});")).toEqual([]);
    expect(reads("import { OPERATIONS } from '../shared/contract.js';", 'electron/preload/x.test.ts')).toEqual([]);
    expect(reads("const code = \"import { OPERATIONS } from '../shared/contract.js';\";")).toEqual([]);
    expect(reads("resolve('../shared/x')", 'electron/preload/x.test.ts')).toEqual([]);
    expect(reads("externalPath('tiled/desert.tmx')")).toEqual([]);
  });

  it('finds none in the repository', () => {
    const files = testFiles().filter((f) => f !== HELPER && f !== 'test/support/formats.test.ts');
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('node/services/maps-service.test.ts');
    expect(files.flatMap((f) => directReads(f, readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });
});
