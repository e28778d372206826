import { describe, expect, it } from 'vitest';
import { areaTileAt, isArea, nearestEdge } from './targeting.js';
import { loadPayload, type LoadedMap } from './map-model.js';
import { alformHexMap, payloadOf, squareMap } from './stores/fake-api.testkit.js';

const hex = (): LoadedMap => loadPayload(payloadOf(alformHexMap(), 'h'));
const square = (): LoadedMap => loadPayload(payloadOf(squareMap(), 's'));
const lerp = (a: readonly number[], b: readonly number[], t: number) => a.map((v, k) => v + (b[k]! - v) * t);

/** An area tile of the hex map, the area tile beyond its first linear neighbour, and that linear tile. */
function acrossOneEdge(l: LoadedMap) {
  const grid = l.map.grid;
  const a = grid.index([4, 4]);
  const linear = grid.neighbor(a, 0);
  const b = grid.neighbor(linear, 0);
  return { a, linear, b };
}

describe('targeting', () => {
  it('on classic maps every tile is an area tile; on AL-FORM maps the classes say', () => {
    const s = square();
    expect([isArea(s, 0), isArea(s, 35)]).toEqual([true, true]);
    const l = hex();
    const { a, linear, b } = acrossOneEdge(l);
    expect([isArea(l, a), isArea(l, linear), isArea(l, b)]).toEqual([true, false, true]);
  });

  it('a point over a linear tile belongs to the nearer area tile (the area polygon is drawn doubled)', () => {
    const l = hex();
    const grid = l.map.grid;
    const { a, linear, b } = acrossOneEdge(l);
    expect(areaTileAt(l, linear, lerp(grid.center(linear), grid.center(a), 0.3))).toBe(a);
    expect(areaTileAt(l, linear, lerp(grid.center(linear), grid.center(b), 0.3))).toBe(b);
    expect(areaTileAt(l, a, grid.center(a))).toBe(a);
    expect(areaTileAt(l, -1, [0, 0])).toBe(-1);
  });

  it('classic maps: the edge nearest the point, never a square diagonal', () => {
    const s = square();
    const grid = s.map.grid;
    const t = grid.index([2, 2]);
    for (let d = 0; d < grid.degree(t); d++) {
      const u = grid.neighbor(t, d);
      const mid = lerp(grid.center(t), grid.center(u), 0.45);
      const edge = nearestEdge(s, t, mid);
      if (grid.edgeSlot(t, d) < 0) expect(edge?.dir).not.toBe(d);
      else expect(edge).toMatchObject({ tile: t, dir: d });
    }
    expect(nearestEdge(s, -1, [0, 0])).toBeNull();
  });
});
