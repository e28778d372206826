import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../map/terrain-map.js';
import { TileClass } from '../alform/classify.js';
import { tileClasses } from '../alform/tile-classes.js';
import { brushLine } from '../alform/brush.js';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { NetworkLayer } from '../map/network-layer.js';
import { NetworkSides } from '../map/network-sides.js';
import { planDrawChain } from '../map/network-edit.js';
import { arc, buildNetworkDrawing } from './network-drawing.js';
import { buildNetworkMesh } from './network-mesh.js';
import type { GridSize } from '../grid/types.js';

const catalogue = loadDefaultCatalogue();

function clearMap(size: GridSize, alform: boolean): TerrainMap {
  const map = TerrainMap.create({ size, alform });
  const cls = alform ? tileClasses(map.grid) : null;
  const k = map.terrainIndex('clear');
  for (let i = 0; i < map.tileCount; i++) if (!cls || cls[i] === TileClass.AREA) map.layers.terrain[i] = k;
  return map;
}

function ground(map: TerrainMap): number[] {
  const cls = map.spec.alform ? tileClasses(map.grid) : null;
  return Array.from({ length: map.tileCount }, (_, i) => i).filter((i) => !cls || cls[i] === TileClass.AREA);
}

/** The ground tile nearest fractions (fx, fy) of the map's extent. */
function tileAt(map: TerrainMap, fx: number, fy: number): number {
  const g = map.grid;
  const tiles = ground(map);
  const xs = tiles.map((t) => g.center(t)[0]!);
  const ys = tiles.map((t) => g.center(t)[1]!);
  const px = Math.min(...xs) + fx * (Math.max(...xs) - Math.min(...xs));
  const py = Math.min(...ys) + fy * (Math.max(...ys) - Math.min(...ys));
  return tiles.reduce((b, t) => (Math.hypot(g.center(t)[0]! - px, g.center(t)[1]! - py) < Math.hypot(g.center(b)[0]! - px, g.center(b)[1]! - py) ? t : b));
}

function draw(map: TerrainMap, waypoints: number[], terrain: string): number[] {
  const cls = map.spec.alform ? tileClasses(map.grid) : null;
  const chain = [waypoints[0]!];
  for (let k = 1; k < waypoints.length; k++) chain.push(...Array.from(brushLine(map.grid, cls, waypoints[k - 1]!, waypoints[k]!, 'area')).slice(1));
  const layer = map.networks ?? new NetworkLayer(map.tileCount);
  layer.apply(planDrawChain(layer, NetworkSides.of(map), map.terrainIndex(terrain), chain));
  map.setNetworks(layer);
  return chain;
}

/** Largest turn between consecutive segments of a polyline, in degrees. */
function maxTurn(xy: readonly number[]): number {
  let worst = 0;
  for (let i = 2; i + 3 < xy.length; i += 2) {
    const a = Math.atan2(xy[i + 1]! - xy[i - 1]!, xy[i]! - xy[i - 2]!);
    const b = Math.atan2(xy[i + 3]! - xy[i + 1]!, xy[i + 2]! - xy[i]!);
    let d = Math.abs(b - a);
    if (d > Math.PI) d = 2 * Math.PI - d;
    worst = Math.max(worst, (d * 180) / Math.PI);
  }
  return worst;
}

/** Whether the polyline passes within `tol` of point p. */
function near(xy: readonly number[], p: readonly number[], tol: number): boolean {
  for (let i = 0; i + 3 < xy.length; i += 2) {
    const [ax, ay, bx, by] = [xy[i]!, xy[i + 1]!, xy[i + 2]!, xy[i + 3]!];
    const l2 = (bx - ax) ** 2 + (by - ay) ** 2;
    const t = l2 > 0 ? Math.max(0, Math.min(1, ((p[0]! - ax) * (bx - ax) + (p[1]! - ay) * (by - ay)) / l2)) : 0;
    if (Math.hypot(ax + t * (bx - ax) - p[0]!, ay + t * (by - ay) - p[1]!) < tol) return true;
  }
  return false;
}

describe('network drawing: centre to centre, rounded bends, bridges, crossings', () => {
  for (const kind of ['hex-rectangle', 'square', 'offset-square'] as const) {
    for (const alform of [true, false]) {
      const size: GridSize = alform ? { kind, width: 21, height: 15 } : { kind, width: 11, height: 8 };
      it(`${kind} ${alform ? 'AL-FORM' : 'classic'}: a bent road is one polyline from first centre to last, with no kink`, () => {
        const map = clearMap(size, alform);
        const a = tileAt(map, 0.1, 0.2);
        const chain = draw(map, [a, tileAt(map, 0.5, 0.8), tileAt(map, 0.9, 0.3)], 'road');
        const d = buildNetworkDrawing(map, catalogue);
        expect(d.lines.length).toBe(1);
        const xy = d.lines[0]!.xy;
        const ends = [xy.slice(0, 2), xy.slice(-2)];
        const first = map.grid.center(chain[0]!);
        const last = map.grid.center(chain[chain.length - 1]!);
        const tol = map.grid.spacing() * 1e-6;
        expect(ends.some((e) => Math.hypot(e[0]! - first[0]!, e[1]! - first[1]!) < tol)).toBe(true);
        expect(ends.some((e) => Math.hypot(e[0]! - last[0]!, e[1]! - last[1]!) < tol)).toBe(true);
        // Through tiles it bends in arcs: no corner sharper than one arc step (~10°), nor at the sides.
        expect(maxTurn(xy)).toBeLessThan(kind === 'square' ? 24 : 12);
        // It passes through (or close by, on a bend) every tile of the chain.
        const r = map.grid.spacing() * (alform ? 1 : 0.5);
        for (const t of chain) expect(near(xy, map.grid.center(t), 0.75 * r)).toBe(true);
      });
    }
  }

  it('a road crossing a hexside river makes one bridge; a trail there a ford', () => {
    const map = clearMap({ kind: 'hex-rectangle', width: 21, height: 15 }, true);
    const sides = NetworkSides.of(map);
    const u = tileAt(map, 0.5, 0.5);
    const v = sides.across(u, 0);
    map.setTerrain(sides.between(u, 0), 'river');
    draw(map, [tileAt(map, 0.5, 0.1), tileAt(map, 0.5, 0.9)], 'road');
    let d = buildNetworkDrawing(map, catalogue);
    expect(d.bridges.length).toBe(1);
    const b = d.bridges[0]!;
    expect([b.composite, b.style]).toEqual(['river-bridge', 'bridge']);
    const spine = map.grid.center(sides.between(u, 0));
    expect(Math.hypot(b.x - spine[0]!, b.y - spine[1]!)).toBeLessThan(1e-9);
    // The deck spans the river (wide: 1 spacing) with room at both banks.
    expect(b.length).toBeGreaterThan(map.grid.spacing());
    expect(v).toBeGreaterThanOrEqual(0);
    const trailMap = clearMap({ kind: 'hex-rectangle', width: 21, height: 15 }, true);
    trailMap.setTerrain(sides.between(u, 0), 'river');
    draw(trailMap, [tileAt(trailMap, 0.5, 0.1), tileAt(trailMap, 0.5, 0.9)], 'trail');
    d = buildNetworkDrawing(trailMap, catalogue);
    expect(d.bridges.map((x) => x.style)).toEqual(['ford']);
  });

  it('a road and a railroad through one tile make a level crossing; two roads a junction', () => {
    const map = clearMap({ kind: 'hex-rectangle', width: 21, height: 15 }, true);
    draw(map, [tileAt(map, 0.5, 0.1), tileAt(map, 0.5, 0.9)], 'road');
    draw(map, [tileAt(map, 0.1, 0.5), tileAt(map, 0.9, 0.5)], 'railroad');
    const d = buildNetworkDrawing(map, catalogue);
    expect(d.marks.filter((m) => m.type === 'level-crossing').length).toBe(1);
    draw(map, [tileAt(map, 0.1, 0.5), tileAt(map, 0.9, 0.5)], 'road');
    expect(buildNetworkDrawing(map, catalogue).marks.some((m) => m.type === 'junction')).toBe(true);
  });

  it('arc: tangent to both spokes at the sides, radius r·tan(φ/2) (18xx sharp and gentle curves)', () => {
    const r = 1;
    for (const deg of [60, 120]) {
      const phi = (deg * Math.PI) / 180;
      const xy = arc([r, 0], [r * Math.cos(phi), r * Math.sin(phi)], [0, 0]);
      // Leaves along the spoke (the spoke is along x), toward the centre: the first step runs along x.
      expect(Math.abs(xy[3]! - xy[1]!)).toBeLessThan(Math.abs(xy[2]! - xy[0]!) * 0.2);
      // Every sample lies on the circle of radius r·tan(φ/2) about the bisector point at r / cos(φ/2).
      const d = r / Math.cos(phi / 2);
      const ox = d * Math.cos(phi / 2);
      const oy = d * Math.sin(phi / 2);
      for (let i = 0; i < xy.length; i += 2) expect(Math.hypot(xy[i]! - ox, xy[i + 1]! - oy)).toBeCloseTo(r * Math.tan(phi / 2), 9);
    }
    expect(arc([1, 0], [-1, 0], [0, 0])).toEqual([1, 0, -1, 0]);
  });
});

describe('network mesh: what the app draws', () => {
  it('draws casings, the bridge over the river and the line, in that order, all on the map', () => {
    const map = clearMap({ kind: 'hex-rectangle', width: 21, height: 15 }, true);
    const sides = NetworkSides.of(map);
    const u = tileAt(map, 0.5, 0.5);
    map.setTerrain(sides.between(u, 0), 'river');
    draw(map, [tileAt(map, 0.5, 0.1), tileAt(map, 0.5, 0.9)], 'road');
    const d = buildNetworkDrawing(map, catalogue);
    const mesh = buildNetworkMesh(d);
    expect(mesh.triangleCount).toBeGreaterThan(0);
    expect(mesh.positions.length / 3).toBe(mesh.colors.length / 4);
    expect(Math.max(...mesh.indices)).toBeLessThan(mesh.positions.length / 3);
    // The deck's colour appears, and the road's own colour is drawn after it (on top).
    const colourAt = (v: number) => Array.from(mesh.colors.subarray(4 * v, 4 * v + 3)).join(',');
    const order = Array.from(mesh.indices, colourAt);
    const deck = order.indexOf('184,168,136');
    const road = order.lastIndexOf('122,74,42');
    expect(deck).toBeGreaterThanOrEqual(0);
    expect(road).toBeGreaterThan(deck);
    // Without networks: nothing.
    map.setNetworks(null);
    expect(buildNetworkMesh(buildNetworkDrawing(map, catalogue)).triangleCount).toBe(0);
  });
});

describe('network drawing on the globe', () => {
  it('a road is one polyline on the sphere, centre to centre; its mesh lies on the sphere asked for', () => {
    const map = TerrainMap.create({ size: { kind: 'icosahedron', side: 5 }, alform: true });
    const cls = tileClasses(map.grid);
    const areas = Array.from({ length: map.tileCount }, (_, i) => i).filter((i) => cls[i] === TileClass.AREA);
    const a = areas[0]!;
    const b = areas.reduce((best, t) => (map.grid.distance(a, t) === 12 ? t : best), -1);
    expect(b).toBeGreaterThanOrEqual(0);
    const chain = Array.from(brushLine(map.grid, cls, a, b, 'area'));
    const layer = new NetworkLayer(map.tileCount);
    layer.apply(planDrawChain(layer, NetworkSides.of(map), map.terrainIndex('road'), chain));
    map.setNetworks(layer);
    const d = buildNetworkDrawing(map, catalogue);
    expect(d.dims).toBe(3);
    expect(d.lines).toHaveLength(1);
    const xyz = d.lines[0]!.xy;
    const r = Math.hypot(...map.grid.center(a));
    for (let i = 0; i < xyz.length; i += 3) expect(Math.hypot(xyz[i]!, xyz[i + 1]!, xyz[i + 2]!)).toBeCloseTo(r, 9);
    const ends = [xyz.slice(0, 3), xyz.slice(-3)];
    for (const t of [a, b]) expect(ends.some((e) => Math.hypot(...e.map((v, k) => v - map.grid.center(t)[k]!)) < 1e-9)).toBe(true);
    const mesh = buildNetworkMesh(d, 1.01);
    expect(mesh.triangleCount).toBeGreaterThan(0);
    for (let i = 0; i < mesh.positions.length; i += 3) expect(Math.hypot(mesh.positions[i]!, mesh.positions[i + 1]!, mesh.positions[i + 2]!)).toBeCloseTo(1.01, 2);
  });
});

describe('network mesh strips', () => {
  it("a line is one mitred strip: no vertex sticks out beyond the casing's half width (mitres capped at sharp turns)", () => {
    const map = clearMap({ kind: 'hex-rectangle', width: 21, height: 15 }, true);
    draw(map, [tileAt(map, 0.1, 0.2), tileAt(map, 0.5, 0.8), tileAt(map, 0.9, 0.3)], 'road');
    const d = buildNetworkDrawing(map, catalogue);
    const kind = map.palette.indexOf('road') + 1;
    const mesh = buildNetworkMesh({ ...d, bridges: [], marks: [] });
    const line = d.lines[0]!.xy;
    const casing = d.width[kind]! * 0.8;
    // Distance of each vertex from the polyline: the line's half width or the casing's, never more (no spikes).
    for (let v = 0; v < mesh.positions.length; v += 3) {
      let best = Infinity;
      for (let i = 0; i + 3 < line.length; i += 2) {
        const [ax, ay, bx, by] = [line[i]!, line[i + 1]!, line[i + 2]!, line[i + 3]!];
        const l2 = (bx - ax) ** 2 + (by - ay) ** 2;
        const t = Math.max(0, Math.min(1, ((mesh.positions[v]! - ax) * (bx - ax) + (mesh.positions[v + 1]! - ay) * (by - ay)) / l2));
        best = Math.min(best, Math.hypot(ax + t * (bx - ax) - mesh.positions[v]!, ay + t * (by - ay) - mesh.positions[v + 1]!));
      }
      // An outer mitre corner lies at most half / cos(turn / 2) from its point; sharper turns are capped.
      expect(best).toBeLessThan(casing * 1.15);
    }
  });
});
