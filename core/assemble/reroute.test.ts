import { describe, expect, it } from 'vitest';
import { cubicIntersections, derivCubic, evalCubic, segment, segmentCount } from '../vector/bezier.js';
import { endCrossing } from '../vector/classify.js';
import { HEX, SQUARE } from '../vector/shape.js';
import type { CurveElement, VectorTile } from '../vector/types.js';
import { validateTile } from '../vector/validate.js';
import { dot, normalize, sub } from '../vector/vec2.js';
import { assembleAlForm } from './alform-assemble.js';
import { KINDS, run } from './alform-assemble.test.js';
import { buildAlFormTopology } from './alform-topology.js';
import { slotDirectionOf } from './topology.js';
import type { AlFormTopology } from './alform-topology.js';
import { alformGridOf, areaTiles, riverTiles, riverWalk } from './alform.testkit.js';
import { spokeTile } from './assemble.testkit.js';
import { checkAssembly } from './check.js';
import { InstanceLayer } from '../map/instance-layer.js';
import { AssemblyLibrary } from './library.js';
import { LinearLayer } from '../map/linear-layer.js';
import { placeLinearFeature } from './linear-feature.js';
import { encodePlacement } from '../map/orientation-code.js';
import { blockedSlots } from './reroute-banks.js';
import { edgeDirection, inwardNormal } from './reroute-geometry.js';

const curves = (t: VectorTile): CurveElement[] => t.elements.filter((e): e is CurveElement => e.kind !== 'point');
const typeOf = (e: CurveElement): string => `${e.kind}:${e.terrain}:${e.kind === 'area' ? e.height : ''}`;

function eachRerouted(topo: AlFormTopology, tiles: ReadonlyMap<number, VectorTile>, blocked: Uint8Array, f: (c: number, t: VectorTile, isBlocked: (dir: number) => boolean) => void): void {
  for (const [c, t] of tiles) {
    const isBlocked = (dir: number): boolean => {
      for (let s = 0; s < topo.slotCount[c]!; s++) if (slotDirectionOf(topo.grid, s) === dir) return blocked[c * topo.maxSlots + s] === 1;
      return false;
    };
    f(c, t, isBlocked);
  }
}

let alongTotal = 0;

describe('rerouting around a river, on every kind (the globe with its pentagons too)', () => {
  for (const { size, shape, river, seed } of KINDS) {
    const { g, r } = run(size, shape, river, seed);
    if (!r.ok || !r.rerouted) throw new Error('assembly failed');
    const topo = buildAlFormTopology(g);
    const blocked = blockedSlots(topo, (l) => r.linear.isBlocking(l));
    const label = JSON.stringify(size);

    it(`${label}: curves of one type never cross (geometric intersection)`, () => {
      eachRerouted(topo, r.rerouted!.tiles, blocked, (c, t) => {
        const cs = curves(t);
        for (let i = 0; i < cs.length; i++) {
          for (let j = i + 1; j < cs.length; j++) {
            if (typeOf(cs[i]!) !== typeOf(cs[j]!)) continue;
            for (let a = 0; a < segmentCount(cs[i]!.curve); a++) {
              for (let b = 0; b < segmentCount(cs[j]!.curve); b++) {
                expect(cubicIntersections(segment(cs[i]!.curve, a), segment(cs[j]!.curve, b), 1e-6), `cell ${c}: ${cs[i]!.id} × ${cs[j]!.id}`).toEqual([]);
              }
            }
          }
        }
      });
    });

    it(`${label}: every rerouted curve is closed or ends on an edge the river does not block (off the map, or matched across)`, () => {
      let ends = 0;
      eachRerouted(topo, r.rerouted!.tiles, blocked, (c, t, isBlocked) => {
        for (const el of curves(t)) {
          if (el.curve.closed) continue;
          for (const end of ['start', 'end'] as const) {
            const x = endCrossing(t.shape, el, end);
            if (el.terrain === 'river') continue;
            expect(x, `cell ${c} "${el.id}" ${end} ends inside the tile`).not.toBeNull();
            expect(isBlocked(x!.dir), `cell ${c} "${el.id}" ${end} still meets the river`).toBe(false);
            ends++;
          }
        }
      });
      expect(ends).toBeGreaterThan(0);
    });

    it(`${label}: contours keep their uphill side — along the river, uphill faces away from it (positive turning)`, () => {
      let along = 0;
      eachRerouted(topo, r.rerouted!.tiles, blocked, (c, t, isBlocked) => {
        expect(validateTile(t), `cell ${c}`).toEqual([]);
        for (const el of t.elements) {
          if (el.kind !== 'area') continue;
          for (let i = 0; i < segmentCount(el.curve); i++) {
            const q = segment(el.curve, i);
            for (const u of [0.25, 0.5, 0.75]) {
              const p = evalCubic(q, u), d = normalize(derivCubic(q, u));
              const uphill = el.side === 'left' ? [-d[1], d[0]] as const : [d[1], -d[0]] as const;
              for (const e of t.shape.edges) {
                if (!isBlocked(e.dir)) continue;
                const depth = dot(sub(p, e.from), inwardNormal(e));
                const u2 = dot(sub(p, e.from), edgeDirection(e)) / Math.hypot(e.to[0] - e.from[0], e.to[1] - e.from[1]);
                if (depth > 0.6 || u2 < 0.1 || u2 > 0.9 || Math.abs(dot(d, edgeDirection(e))) < 0.97) continue;
                along++;
                expect(dot(uphill, inwardNormal(e)), `cell ${c} "${el.id}" runs along the river with uphill toward it`).toBeGreaterThan(0);
              }
            }
          }
        }
      });
      alongTotal += along;
    });
  }

  it('the uphill check above saw contours running along rivers', () => {
    expect(alongTotal).toBeGreaterThan(10);
  });
});

describe('rerouting step 4: empty blocking tiles open a closed bank to the map edge', () => {
  // An inland ring of river round one area tile, and a road that dead-ends on either side of it.
  const g = alformGridOf({ kind: 'square', width: 5, height: 5 });
  const topo = buildAlFormTopology(g);
  const dead = spokeTile('dead-end', SQUARE, 'road', [2]);
  const plain: VectorTile = { id: 'plain', shape: SQUARE, elements: [] };
  const rivers = riverTiles(SQUARE);
  const linear = new LinearLayer(g);
  const ring = [[3, 3], [4, 3], [5, 3], [5, 4], [5, 5], [4, 5], [3, 5], [3, 4]].map((c) => g.index(c));
  placeLinearFeature(linear, ring, rivers);
  const layer = new InstanceLayer(g);
  const inside = g.index([4, 4]), outside = g.index([4, 2]);
  layer.set(inside, 'dead-end', encodePlacement({ orientation: { rotation: 0, mirror: 'none' } }));
  layer.set(outside, 'dead-end', encodePlacement({ orientation: { rotation: 180, mirror: 'none' } }));
  const r = assembleAlForm(layer, new AssemblyLibrary([plain, dead], { weights: { 'dead-end': 0 } }), { seed: 2, linear, linearTiles: rivers });

  it('inserts empty blocking tiles found by breadth-first search, and the outer road leaves the map', () => {
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const rr = r.rerouted!;
    expect(rr.inserted.length).toBeGreaterThan(0);
    for (const l of rr.inserted) {
      expect(topo.tileClass[l]).not.toBe(0);
      expect(r.linear.isBlocking(l) && !r.linear.get(l)).toBe(true);
      expect(linear.isBlocking(l)).toBe(false); // the input layer is not changed
    }
    expect(rr.routesByStep[2]).toBe(1); // off the map
    const road = [...rr.tiles.values()].flatMap((t) => curves(t)).filter((e) => e.terrain === 'road');
    expect(road.length).toBeGreaterThan(0);
  });

  it('reports the end inside the ring, which no step can lead anywhere, and the checker flags it', () => {
    if (!r.ok) throw new Error('assembly failed');
    expect(r.rerouted!.unresolved).toEqual([expect.objectContaining({ cell: inside })]);
    const v = checkAssembly(g, r.layer, [plain, dead], { alform: { linear: r.linear, linearTiles: rivers, rerouted: r.rerouted!.tiles } });
    expect(v.map((x) => x.kind)).toEqual(['reroute']);
    expect(v[0]!.where).toContain(`cell ${inside}`);
  });

  it('without step 4 the outer end stays stranded too', () => {
    const r2 = assembleAlForm(layer, new AssemblyLibrary([plain, dead], { weights: { 'dead-end': 0 } }), { seed: 2, linear, linearTiles: rivers, reroute: { insertBlocking: false } });
    expect(r2.ok && r2.rerouted!.unresolved.length).toBe(2);
    expect(r2.ok && r2.rerouted!.inserted.length).toBe(0);
  });
});

describe('rerouting across the globe\'s pentagons', () => {
  it('a river beside a pentagon: its banks walk round the five-sided tile and the checker finds nothing', () => {
    const g = alformGridOf({ kind: 'icosahedron', side: 2 });
    const topo = buildAlFormTopology(g);
    const pent = Array.from(topo.areaCells).find((c) => g.isPentagon(c))!;
    const rivers = riverTiles(HEX);
    const tiles = areaTiles(HEX);
    let checked = 0;
    for (let slot = 0; slot < 5; slot++) {
      const linear = new LinearLayer(g);
      placeLinearFeature(linear, riverWalk(g, 11 + slot, 8, topo.linearOf[pent * topo.maxSlots + slot]!), rivers);
      const r = assembleAlForm(g, new AssemblyLibrary(tiles), { seed: slot, linear, linearTiles: rivers });
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      const blocked = blockedSlots(topo, (l) => r.linear.isBlocking(l));
      expect(Array.from({ length: 5 }, (_, s) => blocked[pent * topo.maxSlots + s]).some((b) => b === 1)).toBe(true);
      expect(checkAssembly(g, r.layer, tiles, { alform: { linear: r.linear, linearTiles: rivers, rerouted: r.rerouted!.tiles } })).toEqual([]);
      checked += r.rerouted!.tiles.has(pent) ? 1 : 0;
    }
    expect(checked).toBeGreaterThan(0); // the pentagon's own terrain was rerouted at least once
  });
});
