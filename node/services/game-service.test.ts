import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { smallGame } from '../../core/game/game.testkit.js';
import { parseGame, writeGame } from '../../core/game/file.js';
import { gameService } from './game-service.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'sandtable-game-'));
  dirs.push(dir);
  const file = join(dir, 'small.json');
  writeFileSync(file, writeGame(smallGame()));
  const checked: string[] = [];
  const svc = gameService({
    queue: { exclusive: <T>(fn: () => T | Promise<T>) => Promise.resolve().then(fn) },
    session: { resolvePath: (p: string) => p },
    files: {
      check: (p: string) => {
        checked.push(p);
        return p;
      },
    },
  });
  return { svc, file, dir, checked };
}

describe('game service', () => {
  it('opens a game, lays, tokens, reaches, runs routes, undoes and saves', async () => {
    const { svc, file, dir, checked } = setup();
    const opened = await svc['game.open']({ path: file });
    expect(opened.kind).toBe('game file');
    expect(checked).toEqual([file]);
    const id = opened.id;
    await svc['game.token']({ id, company: 'PRR', hex: 'B3', city: 0 });
    const lays = await svc['game.lays']({ id, company: 'PRR', hex: 'B3', tile: '57' });
    expect(lays.tiles[0]!.rotations).toEqual([0, 2]);
    await expect(svc['game.lay']({ id, company: 'PRR', hex: 'B3', tile: '57', rotation: 1 })).rejects.toThrow('the track to side 1 runs into a blank edge of A4');
    const laid = await svc['game.lay']({ id, company: 'PRR', hex: 'B3', tile: '57', rotation: 0 });
    expect(laid.state.lays).toEqual([{ hex: 'B3', tile: '57', rotation: 0, company: 'PRR' }]);
    expect(laid.undoable).toBe(2);
    expect(laid.tilesLeft['57']).toBe(3);
    expect(laid.tilesLeft['9']).toBe(4);
    const layable = await svc['game.layable']({ id, company: 'PRR', tile: '9' });
    // B1 is on the top edge: a straight N–S there runs off the board.
    expect(layable.hexes.map((h) => h.hex)).toEqual(['B5']);
    await svc['game.lay']({ id, company: 'PRR', hex: 'B5', tile: '7', rotation: 2 });
    expect((await svc['game.reach']({ id, company: 'PRR' })).nodes.map((n) => n.hex)).toEqual(['B3', 'A4']);
    expect((await svc['game.routes']({ id, company: 'PRR', trains: '2' })).revenue).toBe(50);
    const undone = await svc['game.undo']({ id });
    expect(undone.state.lays.length).toBe(1);
    expect((await svc['game.routes']({ id, company: 'PRR', trains: '2' })).revenue).toBe(0);
    const saved = await svc['game.save']({ id, path: join(dir, 'out') });
    expect(saved.path).toBe(join(dir, 'out.json'));
    expect(parseGame(readFileSync(saved.path, 'utf8'), saved.path).state.lays).toEqual([{ hex: 'B3', tile: '57', rotation: 0, company: 'PRR' }]);
    expect(await svc['game.close']({ id })).toEqual({ closed: true });
    await expect(svc['game.reach']({ id, company: 'PRR' })).rejects.toThrow('game "game-1" is not open');
  });

  it('refuses a bad game file in one line', async () => {
    const { svc, dir } = setup();
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ format: 'sandtable-game', version: 1, name: 'x' }));
    await expect(svc['game.open']({ path: bad })).rejects.toThrow(/bad\.json: \$\.board: expected an object, got nothing|bad\.json: \$\.tiles: expected an array/);
  });
});
