/** Bridges, junction dots and crossings on the globe: as many as the road really crosses or meets, on the sphere, in draw order. */
import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import { brushLine } from '../alform/brush.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { NetworkLayer } from '../map/network-layer.js';
import { NetworkSides } from '../map/network-sides.js';
import { planDrawChain } from '../map/network-edit.js';
import { buildNetworkDrawing } from './network-drawing.js';
import { buildNetworkMesh } from './network-mesh.js';
import { liftToSphere } from './network-globe.js';

const catalogue = loadDefaultCatalogue();

function globe(alform: boolean): { map: TerrainMap; sides: NetworkSides; areas: number[] } {
  const map = TerrainMap.create({ size: { kind: 'icosahedron', side: 5 }, alform });
  const cls = alform ? tileClasses(map.grid) : null;
  const areas = Array.from({ length: map.tileCount }, (_, i) => i).filter((i) => !cls || cls[i] === TileClass.AREA);
  const k = map.terrainIndex('clear');
  for (const t of areas) map.layers.terrain[t] = k;
  return { map, sides: NetworkSides.of(map), areas };
}

function draw(map: TerrainMap, chain: number[], terrain: string): void {
  const layer = map.networks ?? new NetworkLayer(map.tileCount);
  layer.apply(planDrawChain(layer, NetworkSides.of(map), map.terrainIndex(terrain), chain));
  map.setNetworks(layer);
}

/** A river on the link from `t` to `u` (the linear tile between, or the classic edge). */
function riverOn(map: TerrainMap, sides: NetworkSides, t: number, u: number): void {
  const side = sides.sideToward(t, u);
  if (map.spec.alform) map.setTerrain(sides.between(t, side), 'river');
  else map.setEdgeTerrain(t, side, 'river');
}

describe.each([true, false])('globe networks, AL-FORM %s', (alform) => {
  it('one bridge per river the road crosses, none for a river beside it; all on the sphere, decks under the road', () => {
    const { map, sides, areas } = globe(alform);
    const a = areas[0]!;
    const far = alform ? 12 : 6;
    const b = areas.find((t) => map.grid.distance(a, t) === far)!;
    const chain = Array.from(brushLine(map.grid, alform ? tileClasses(map.grid) : null, a, b, 'area'));
    expect(chain.length).toBeGreaterThan(5);
    draw(map, chain, 'road');
    const crossings = [1, 3, chain.length - 2];
    for (const k of crossings) riverOn(map, sides, chain[k]!, chain[k + 1]!);
    // A river beside the road, on a link it does not take.
    const beside = Array.from({ length: sides.degree(chain[2]!) }, (_, d) => sides.across(chain[2]!, d)).find((u) => u >= 0 && !chain.includes(u))!;
    riverOn(map, sides, chain[2]!, beside);
    const d = buildNetworkDrawing(map, catalogue);
    expect(d.dims).toBe(3);
    expect(d.bridges).toHaveLength(crossings.length);
    expect(d.bridges.every((x) => x.style === 'bridge' && x.frame !== undefined)).toBe(true);
    // Each bridge's middle is the crossing's point on the sphere: half way (classic) or on the spine (AL-FORM) between the two centres.
    const r = Math.hypot(...map.grid.center(a));
    for (const x of d.bridges) {
      const p = liftToSphere(x.frame!, x.x, x.y);
      expect(Math.hypot(...p)).toBeCloseTo(r, 9);
      const k = crossings.find((k) => {
        const c = [0, 1, 2].map((i) => (map.grid.center(chain[k]!)[i]! + map.grid.center(chain[k + 1]!)[i]!) / 2);
        const l = Math.hypot(...c) / r;
        return Math.hypot(...c.map((v, i) => v / l - p[i]!)) < map.grid.spacing() * 0.2;
      });
      expect(k).toBeDefined();
    }
    const mesh = buildNetworkMesh(d, 1.01);
    for (let i = 0; i < mesh.positions.length; i += 3) expect(Math.hypot(mesh.positions[i]!, mesh.positions[i + 1]!, mesh.positions[i + 2]!)).toBeCloseTo(1.01, 2);
    const colourAt = (v: number) => Array.from(mesh.colors.subarray(4 * v, 4 * v + 3)).join(',');
    const order = Array.from(mesh.indices, colourAt);
    const decks = new Set(Array.from(mesh.indices).filter((v) => colourAt(v) === '184,168,136'));
    expect(decks.size).toBe(4 * crossings.length); // a deck is one quad a bridge
    expect(order.lastIndexOf('122,74,42')).toBeGreaterThan(order.lastIndexOf('184,168,136'));
    // Without the rivers: no bridges, and the mesh is the deck-less one.
    map.setNetworks(null);
    expect(buildNetworkDrawing(map, catalogue).bridges).toHaveLength(0);
  });

  it('a branch makes a junction dot, a railroad across the road a level crossing', () => {
    const { map, sides, areas } = globe(alform);
    const mid = areas[Math.floor(areas.length / 3)]!;
    const around = Array.from({ length: sides.degree(mid) }, (_, d) => sides.across(mid, d));
    draw(map, [around[0]!, mid, around[2]!], 'road');
    let d = buildNetworkDrawing(map, catalogue);
    expect(d.marks).toHaveLength(0);
    draw(map, [mid, around[4]!], 'road');
    d = buildNetworkDrawing(map, catalogue);
    expect(d.marks.map((m) => m.type)).toEqual(['junction']);
    draw(map, [around[1]!, mid, around[3]!], 'railroad');
    d = buildNetworkDrawing(map, catalogue);
    expect(d.marks.map((m) => m.type).sort()).toEqual(['junction', 'level-crossing']);
    const m = d.marks.find((x) => x.type === 'level-crossing')!;
    const c = map.grid.center(mid);
    expect(Math.hypot(...liftToSphere(m.frame!, m.x, m.y).map((v, i) => v - c[i]!))).toBeLessThan(1e-9);
    const mesh = buildNetworkMesh(d, 1);
    const colours = new Set(Array.from(mesh.indices, (v) => Array.from(mesh.colors.subarray(4 * v, 4 * v + 3)).join(',')));
    expect(colours.has('244,241,232')).toBe(true); // the level crossing's paper
  });
});
