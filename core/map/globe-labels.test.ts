/**
 * Labels on a globe: 3-D point anchors read, written and read back (older two-number points
 * still read), tile and chain anchors placed on the unit sphere, a chain's direction on the
 * sphere's tangent plane.
 */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from './terrain-map.js';
import { addLabel, chainAlong, readLabels, type MapLabel } from './labels.js';
import { placeOnSphere } from './globe-labels.js';
import { mapFromJsonText, mapToJsonText } from './map-json.js';

const globe = TerrainMap.create({ size: { kind: 'icosahedron', side: 4 }, palette: ['clear'] });
const grid = globe.grid;
const s = Math.SQRT1_2;

describe('labels on a globe', () => {
  it('reads and writes a unit-sphere point anchor, and the map file gives it back', () => {
    const { labels } = addLabel(grid, [], { text: 'Azores', anchor: { point: [s, 0, s] }, style: 'place' });
    const m = globe.clone();
    const chain = [0, firstNeighbour(0), firstNeighbour(firstNeighbour(0), 0)];
    m.labels = addLabel(grid, labels, { text: 'Rhine', anchor: { along: chain }, style: 'river' }).labels;
    const back = mapFromJsonText(mapToJsonText(m), 'g.json');
    expect(back.labels).toEqual(m.labels);
    expect(back.labels[0]!.anchor).toEqual({ point: [s, 0, s] });
  });

  it('puts a point a little off the sphere back on it, refuses one far off, and keeps an older two-number point', () => {
    const near = readLabels([label({ point: [0, 0, 1.004] })], grid, 'g.json');
    expect(near[0]!.anchor).toEqual({ point: [0, 0, 1] });
    expect(() => readLabels([label({ point: [0, 0, 2] })], grid, 'g.json')).toThrow('g.json: $[0].anchor.point: expected a unit-sphere point [x, y, z] (length 1)');
    const old = readLabels([label({ point: [0.3, 0.4] })], grid, 'g.json')[0]!;
    expect(old.anchor).toEqual({ point: [0.3, 0.4] });
    expect(placeOnSphere(globe, old)).toBeNull();
    // A flat map still takes only [x, y].
    const flat = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 4, height: 4 }, palette: ['clear'] });
    expect(() => readLabels([label({ point: [0, 0, 1] })], flat.grid, 'f.json')).toThrow('f.json: $[0].anchor.point: expected two numbers [x, y]');
  });

  it('places a tile label on its centre and a river name at its chain middle, pointing along it on the tangent plane', () => {
    const c = grid.center(7);
    const onTile = placeOnSphere(globe, label({ tile: 7 }, 90))!;
    expect(onTile.at.map((v) => +v.toFixed(9))).toEqual(c.map((v) => +v.toFixed(9)));
    expect(onTile.along).toBeNull();
    expect(onTile.turn).toBeCloseTo(Math.PI / 2, 12);
    expect(onTile.height).toBeCloseTo(0.5 * grid.spacing(), 12);

    const a = 7;
    const b = firstNeighbour(a);
    const c2 = firstNeighbour(b, a);
    const p = placeOnSphere(globe, label({ along: [a, b, c2] }))!;
    expect(Math.hypot(...p.at)).toBeCloseTo(1, 12);
    // Near the middle tile, tangent to the sphere there, pointing from the first tile toward the last.
    const mid = grid.center(b);
    expect(Math.hypot(p.at[0] - mid[0]!, p.at[1] - mid[1]!, p.at[2] - mid[2]!)).toBeLessThan(grid.spacing() * 0.6);
    const along = p.along!;
    expect(along[0] * p.at[0] + along[1] * p.at[1] + along[2] * p.at[2]).toBeCloseTo(0, 9);
    const first = grid.center(a);
    const last = grid.center(c2);
    expect(along[0] * (last[0]! - first[0]!) + along[1] * (last[1]! - first[1]!) + along[2] * (last[2]! - first[2]!)).toBeGreaterThan(0);
  });
});

describe('a river name along a chain of globe cells', () => {
  it('walks a river running north–south both ways from the clicked cell', () => {
    const north = grid.pick([Math.cos(0.6), 0, Math.sin(0.6)]);
    const south = grid.pick([Math.cos(-0.6), 0, Math.sin(-0.6)]);
    const river = Array.from(grid.line(north, south));
    const mid = river[Math.floor(river.length / 2)]!;
    const chain = chainAlong(grid, river, mid, 2);
    expect(chain).toHaveLength(5);
    for (let k = 1; k < chain.length; k++) expect(grid.distance(chain[k - 1]!, chain[k]!)).toBe(1);
    // Along the river: the ends are four cells apart, the clicked cell in the middle.
    expect(chain[2]).toBe(mid);
    expect(grid.distance(chain[0]!, chain[4]!)).toBe(4);
    expect(placeOnSphere(globe, label({ along: chain }))!.along).not.toBeNull();
  });
});

function label(anchor: MapLabel['anchor'], rotation = 0): MapLabel {
  return { id: 'l1', text: 'X', anchor, style: 'place', size: 0.5, rotation };
}

/** A neighbour of `t` other than `not`, and not next to `not` (so a chain runs on). */
function firstNeighbour(t: number, not = -1): number {
  const nb = new Int32Array(grid.directions);
  const n = grid.neighbors(t, nb);
  for (let d = 0; d < n; d++) {
    const u = nb[d]!;
    if (u >= 0 && u !== not && (not < 0 || grid.distance(u, not) === 2)) return u;
  }
  throw new Error(`no neighbour of ${t}`);
}
