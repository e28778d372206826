import { describe, expect, it } from 'vitest';
import { smallGame } from './game.testkit.js';
import { parseGame, writeGame } from './file.js';
import { openGame } from './session.js';
import { layTile, placeToken } from './actions.js';

describe('the game file', () => {
  it('reads back what it writes, state included, and replays it', () => {
    const s = openGame(smallGame());
    placeToken(s, 'PRR', 'B3', 0);
    layTile(s, 'PRR', 'B3', '57', 0);
    const text = writeGame(s.toGame());
    const back = parseGame(text, 'g.json');
    expect(back).toEqual(s.toGame());
    const again = openGame(back);
    expect(again.tokens()).toEqual([{ company: 'PRR', hex: 'B3', city: 0 }]);
    expect(again.graph('PRR').states()).toEqual(s.graph('PRR').states());
  });

  it('refuses what a session could not use, in one line naming the field', () => {
    const g = JSON.parse(writeGame(smallGame()));
    const bad = (patch: (o: Record<string, any>) => void) => {
      const o = structuredClone(g);
      patch(o);
      try {
        parseGame(JSON.stringify(o), 'g.json');
      } catch (e) {
        return (e as Error).message;
      }
      return 'accepted';
    };
    expect(bad((o) => (o.state.lays = [{ hex: 'B3', tile: '99', rotation: 0 }]))).toBe('g.json: $.state.lays[0].tile: expected one of the game\'s tiles, got "99"');
    expect(bad((o) => (o.state.tokens = [{ company: 'XX', hex: 'B3', city: 0 }]))).toBe('g.json: $.state.tokens[0].company: expected one of the game\'s companies, got "XX"');
    expect(bad((o) => (o.state.phase = '9'))).toBe('g.json: $.state.phase: expected one of the phases (2, 3, 5), got "9"');
    expect(bad((o) => (o.companies[0].homes[0].hex = 'Z99'))).toBe('g.json: $.companies[0].homes[0].hex: expected a hex on the board, got "Z99"');
    expect(bad((o) => (o.manifest.tiles[0].tileId = 'nope'))).toMatch(/^g\.json: \$\.manifest\.tiles\[0\]\.tileId: expected the id of a tile in the library/);
    expect(bad((o) => (o.format = 'map'))).toBe('g.json: $.format: expected "sandtable-game", got "map"');
  });
});
