/** One rule for "a path inside a root" (path-capability.ts), and the node doors that use it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTilesetFile } from '../formats/files.js';
import { FileCapabilities } from '../services/file-capabilities.js';
import { FolderFence, FolderGrantNeeded, isInside, realIsInside, realPathInside, realPathInsideAsync } from './path-capability.js';

let dir: string;
let root: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandtable-path-capability-'));
  root = join(dir, 'root');
  mkdirSync(join(root, 'sub'), { recursive: true });
  writeFileSync(join(root, 'sub', 'inside.tsj'), '{}');
  writeFileSync(join(root, '..notes.tsj'), '{}');
  writeFileSync(join(dir, 'secret.tsj'), '{}');
  symlinkSync(join(dir, 'secret.tsj'), join(root, 'link.tsj'));
  symlinkSync(join(root, 'sub', 'inside.tsj'), join(root, 'inner-link.tsj'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a path inside a root', () => {
  it('accepts a path below the root, also a name starting with ..', () => {
    expect(isInside(join(root, 'sub', 'inside.tsj'), root)).toBe(true);
    expect(isInside(join(root, '..notes.tsj'), root)).toBe(true);
    expect(realPathInside(join(root, 'sub', 'inside.tsj'), root)).toBe(realPathInside(join(root, 'inner-link.tsj'), root));
  });

  it('refuses .. escapes, other roots and the root itself', () => {
    expect(isInside(join(root, '..', 'secret.tsj'), root)).toBe(false);
    expect(isInside(dir, root)).toBe(false);
    expect(isInside('/etc/passwd', root)).toBe(false);
    // Where the copies disagreed (node/formats/files.ts took the root itself as inside), the rule is: a door hands out files, not its folder.
    expect(isInside(root, root)).toBe(false);
    expect(realIsInside(root, root)).toBe(false);
  });

  it('directly in the root only, when not deep', () => {
    expect(isInside(join(root, 'a.tsj'), root, false)).toBe(true);
    expect(isInside(join(root, 'sub', 'inside.tsj'), root, false)).toBe(false);
  });

  it('refuses a symlink out of the root in every node door (sync, async, file capabilities, tilesets)', async () => {
    const link = join(root, 'link.tsj');
    expect(realPathInside(link, root)).toBeNull();
    expect(await realPathInsideAsync(link, root)).toBeNull();
    expect(() => new FileCapabilities({ roots: [root] }).check(link, 'import a map from')).toThrow(/may not import a map from this path/);
    // A fenced tileset read does not read the link's target: it notes the folder to ask about.
    const fence = new FolderFence([root]);
    expect(readTilesetFile('link.tsj', root, fence)).not.toBe('{}');
    expect(() => fence.ask()).toThrow(FolderGrantNeeded);
    // The same doors accept the file the link would have reached through the root.
    expect(new FileCapabilities({ roots: [root] }).check(join(root, 'inner-link.tsj'), 'import a map from')).toBe(join(root, 'inner-link.tsj'));
    const inner = new FolderFence([root]);
    expect(readTilesetFile('inner-link.tsj', root, inner)).toBe('{}');
    expect(() => inner.ask()).not.toThrow();
  });

  it('takes a root that does not exist yet as written (a projects folder not made yet)', () => {
    expect(realIsInside(join(dir, 'later', 'a.sandtable'), join(dir, 'later'))).toBe(true);
  });
});
