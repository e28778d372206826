import { describe, expect, it } from 'vitest';
import { boardLayoutRotation, directionToSide, rotateTrackTile, sideToDirection, trackSides } from './sides.js';
import type { TrackTile } from './types.js';
import { AXIAL120_DIRECTIONS, hexCenter } from '../grid/hex/index.js';

describe('sides ↔ directions', () => {
  it('are inverse bijections on both orientations', () => {
    for (const o of ['NS', 'EW'] as const) {
      expect(new Set([0, 1, 2, 3, 4, 5].map((s) => sideToDirection(s, o))).size).toBe(6);
      for (let s = 0; s < 6; s++) expect(directionToSide(sideToDirection(s, o), o)).toBe(s);
    }
    expect(() => sideToDirection(6, 'NS')).toThrow('a hex side or direction must be an integer 0…5, got 6');
  });

  it('point where the side is drawn: NS side 0 is south, EW side 1 is west (after the board rotation)', () => {
    // Screen compass of each side (Rails MapOrientation: NS S,SW,NW,N,NE,SE; EW SW,W,NW,NE,E,SE), as angles from east, y up.
    const compass: Record<'NS' | 'EW', number[]> = { NS: [270, 210, 150, 90, 30, 330], EW: [240, 180, 120, 60, 0, 300] };
    for (const o of ['NS', 'EW'] as const) {
      const rot = boardLayoutRotation(o);
      for (let s = 0; s < 6; s++) {
        const [dx, dy] = AXIAL120_DIRECTIONS[sideToDirection(s, o)]!;
        const [x, y] = hexCenter(dx, dy, { size: 1, origin: [0, 0], rotation: rot });
        const angle = ((Math.round((Math.atan2(y!, x!) * 180) / Math.PI) % 360) + 360) % 360;
        expect(angle).toBe(compass[o][s]);
      }
    }
  });
});

describe('rotateTrackTile', () => {
  const tile: TrackTile = {
    id: '10',
    name: '10',
    colour: 'green',
    junctions: [
      { id: 'c1', type: 'city', revenue: 30, slots: 1, position: { toward: 5.5, level: 2 } },
      { id: 'c2', type: 'city', revenue: 30, slots: 1, position: { toward: null, level: 0 } },
    ],
    connections: [
      { a: { kind: 'junction', id: 'c1' }, b: { kind: 'side', side: 5 }, gauge: 'normal' },
      { a: { kind: 'side', side: 2 }, b: { kind: 'junction', id: 'c2' }, gauge: 'normal' },
    ],
    borders: [{ side: 4, type: 'water', cost: 40 }],
  };

  it('turns sides, positions and borders clockwise; six turns give the tile back', () => {
    const r = rotateTrackTile(tile, 1);
    expect(r.connections.map((c) => [c.a, c.b])).toEqual([
      [{ kind: 'junction', id: 'c1' }, { kind: 'side', side: 0 }],
      [{ kind: 'side', side: 3 }, { kind: 'junction', id: 'c2' }],
    ]);
    expect(r.junctions.map((j) => j.position)).toEqual([
      { toward: 0.5, level: 2 },
      { toward: null, level: 0 },
    ]);
    expect(r.borders).toEqual([{ side: 5, type: 'water', cost: 40 }]);
    expect(rotateTrackTile(tile, -1)).toEqual(rotateTrackTile(tile, 5));
    let t = tile;
    for (let k = 0; k < 6; k++) t = rotateTrackTile(t, 1);
    expect(t).toEqual(tile);
    expect(trackSides(tile)).toEqual([2, 5]);
    expect(trackSides(r)).toEqual([0, 3]);
  });
});
