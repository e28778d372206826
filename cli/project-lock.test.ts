/**
 * The writer lock is one rule for every door (issue 24): while an app window in another
 * process (node/store/writer-lock-child.ts) holds a project, the CLI's import into it is
 * refused — exit 1, one line naming the project and the holder, the project unchanged — and
 * a command that only reads is refused too unless it is given `--read-only`. Once the
 * window lets go, the import goes through the same lock and gives it back.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { dirname, join } from 'node:path';
import { cleanupTempDirs } from '../node/store/store.testkit.js';
import { newLockProject, startWindow } from '../node/store/writer-lock.testkit.js';
import { runCliAsync, runJson } from './testing.js';

afterAll(cleanupTempDirs);

describe('the CLI and a project another process holds', () => {
  it('refuses to import into it, reads it only with --read-only, and imports once it is let go', async () => {
    const project = newLockProject('held.sandtable');
    const map = join(dirname(project), 'm.json');
    runJson(['new', '--kind', 'square', '--size', '4x4', '--fill', 'forest', '-o', map]);
    const writer = await startWindow(project);
    try {
      expect(await writer.send({ op: 'open', access: 'exclusive' })).toMatchObject({ ok: true, readOnly: false });
      expect(await writer.send({ op: 'paint', index: 1, value: 2 })).toMatchObject({ ok: true });
      const hash = (await writer.send({ op: 'hash' })).hash;

      const refused = await runCliAsync(['import', map, '--into', project]);
      expect(refused.code).toBe(1);
      expect(refused.out).toBe('');
      expect(refused.err.trimEnd().split('\n')).toHaveLength(1);
      expect(refused.err).toMatch(new RegExp(`^sandtable import: .*held\\.sandtable is held by another process \\(Sandtable, process ${writer.child.pid} on .*\\): it is open for editing there, so nothing was changed`));
      expect((await writer.send({ op: 'hash' })).hash).toBe(hash);
      // The holder still holds it: its next edit goes through.
      expect(await writer.send({ op: 'paint', index: 2, value: 1 })).toMatchObject({ ok: true });

      // Reading: refused without --read-only (with the hint), read as committed with it.
      const read = await runCliAsync(['project', 'list', project]);
      expect(read.code).toBe(1);
      expect(read.err).toMatch(/is held by another process .*add --read-only to read it as it is/);
      const maps = runJson(['project', 'list', project, '--read-only']);
      expect(maps).toEqual([expect.objectContaining({ id: 'front', name: 'Front', kind: 'square', size: '8x8', tiles: 64 })]);
      expect((await runCliAsync(['import', map, '--into', project, '--read-only'])).code).toBe(2);

      // Let go: the import claims the lock, writes, and gives it back.
      expect(await writer.send({ op: 'close' })).toMatchObject({ ok: true });
      expect((await runCliAsync(['import', map, '--into', project])).code).toBe(0);
      expect(runJson(['project', 'list', project])).toHaveLength(2);
      expect(await writer.send({ op: 'open', access: 'exclusive' })).toMatchObject({ ok: true, readOnly: false });
    } finally {
      writer.child.kill('SIGKILL');
    }
  }, 60_000);
});
