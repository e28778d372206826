import { describe, expect, it } from 'vitest';
import { services } from '../../../../contract/api.js';
import { fakeApi } from './fake-api.testkit.js';
import { serviceGameBackend } from './game-backend.js';
import { smallGame } from '../../../../core/game/game.testkit.js';

describe('the game screen over the game services', () => {
  it('opens by id, keeps the board across moves, takes each move’s state and undo count, and closes the game it replaces', async () => {
    const game = smallGame();
    const lay = { hex: 'B3', tile: '57', rotation: 0, company: 'PRR' };
    let opened = 0;
    const fake = fakeApi({
      'game.open': () => ({ id: `g${++opened}`, game, state: game.state, undoable: 0, tilesLeft: { '57': 4 }, kind: 'game file', notes: [] }),
      'game.close': () => ({ closed: true }),
      'game.layable': () => ({ hexes: [{ hex: 'B3', tiles: [{ tile: '57', rotations: [0, 3] }] }] }),
      'game.lay': () => ({ state: { ...game.state, lays: [lay] }, undoable: 1, tilesLeft: { '57': 3 } }),
    });
    const backend = serviceGameBackend(services(fake.api));
    expect((await backend.open('small.json')).undoable).toBe(0);
    expect(await backend.layable('PRR', '57')).toEqual([{ hex: 'B3', rotations: [0, 3] }]);
    const moved = await backend.lay('PRR', 'B3', '57', 0);
    expect(moved.undoable).toBe(1);
    expect(moved.tilesLeft).toEqual({ '57': 3 });
    expect(moved.game.board).toBe(game.board);
    expect(moved.game.state.lays).toEqual([lay]);
    expect(fake.calls.find((c) => c.name === 'game.lay')!.args).toEqual({ id: 'g1', company: 'PRR', hex: 'B3', tile: '57', rotation: 0 });
    await backend.open('other.json');
    expect(fake.calls.filter((c) => c.name === 'game.close').map((c) => c.args)).toEqual([{ id: 'g1' }]);
  });
});
