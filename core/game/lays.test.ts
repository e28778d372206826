import { describe, expect, it } from 'vitest';
import { smallGame } from './game.testkit.js';
import { openGame } from './session.js';
import { legalLays } from './lays.js';
import { layTile, placeToken, RuleError } from './actions.js';
import { reachOf } from './reach.js';

function option(s: ReturnType<typeof openGame>, company: string, hex: string, tile: string) {
  return legalLays(s, company, hex, tile).tiles[0]!;
}

describe('legal lays', () => {
  it('lists the rotations of a city tile on a home city, refusing the one into the off-board edge', () => {
    const s = openGame(smallGame());
    placeToken(s, 'PRR', 'B3', 0);
    const o = option(s, 'PRR', 'B3', '57');
    // 57 is a straight through a city: rotations 3…5 repeat 0…2; 1 points side 1 at A4, red with track only toward B5.
    expect(o.rotations).toEqual([0, 2]);
    expect(o.refused).toEqual([{ rotation: 1, reason: 'the track to side 1 runs into a blank edge of A4' }]);
    expect(option(s, 'PRR', 'B3', '7').reason).toBe('tile 7 is not an upgrade of tile @B3 (upgrades inferred from track)');
    expect(option(s, 'PRR', 'B3', '14').reason).toBe('green tiles are not allowed in phase 2 (yellow)');
  });

  it('needs new track to touch what the company reaches, and keeps old paths on upgrades', () => {
    const s = openGame(smallGame());
    placeToken(s, 'PRR', 'B3', 0);
    layTile(s, 'PRR', 'B3', '57', 0); // S (B5) – N (B1)
    expect(reachOf(s, 'PRR').hexes).toEqual([
      { hex: 'B1', sides: [0] },
      { hex: 'B5', sides: [3] },
      { hex: 'B3', sides: [0, 3] },
    ]);
    // On B5 only track through side 3 (toward B3) connects; 9 straight N–S is rotation 0.
    expect(option(s, 'PRR', 'B5', '9').rotations).toEqual([0]);
    expect(option(s, 'NYC', 'B5', '9').reason).toMatch(/^no rotation fits: 0: the company reaches no side or city of B5/);
    expect(option(s, 'PRR', 'C4', '9').reason).toMatch(/reaches no side/);
    s.setPhase('3');
    // Green city tiles keep the 57's N–S track (sides 0 and 3) and stay off side 1 (A4's blank edge):
    // 14 (sides 0,1,3,4) only at rotation 2 (2,3,5,0); 15 (0,1,2,3) only at rotation 3 (3,4,5,0).
    expect(option(s, 'PRR', 'B3', '14').rotations).toEqual([2]);
    expect(option(s, 'PRR', 'B3', '15').rotations).toEqual([3]);
    expect(option(s, 'PRR', 'B3', '15').refused.find((v) => v.rotation === 2)?.reason).toBe('the old track side 0–_0 is not on the new tile');
  });

  it('refuses an illegal lay with the reason and changes nothing', () => {
    const s = openGame(smallGame({ '57': 1 }));
    placeToken(s, 'PRR', 'B3', 0);
    expect(() => layTile(s, 'PRR', 'B3', '57', 1)).toThrow(new RuleError('57 on B3 at rotation 1: the track to side 1 runs into a blank edge of A4'));
    expect(s.lays).toEqual([]);
    layTile(s, 'PRR', 'B3', '57', 3); // the same track as rotation 0
    placeToken(s, 'NYC', 'D5', 0);
    expect(option(s, 'NYC', 'D5', '57').reason).toBe('all 1 copies of tile 57 are on the board');
    expect(() => layTile(s, 'PRR', 'Z9', '57', 0)).toThrow('hex Z9 is not on the board');
  });

  it('places tokens only where reached, with a free slot, once per hex', () => {
    const s = openGame(smallGame());
    placeToken(s, 'PRR', 'B3', 0);
    expect(() => placeToken(s, 'PRR', 'D5', 0)).toThrow('city 0 of D5 has no free slot (1 reserved for NYC)');
    expect(() => placeToken(s, 'PRR', 'B3', 0)).toThrow('PRR already has a token on B3');
    expect(() => placeToken(s, 'PRR', 'E4', 0)).toThrow('PRR does not reach city 0 of E4');
    expect(reachOf(s, 'PRR').tokenable).toEqual([]);
  });
});
