/**
 * The starter library of vector-form tiles (resources/tiles/starter/), built from
 * parametrised recipes so that edges really match (docs/vector-tiles.md, "Starter library").
 *
 * Conventions every recipe follows, so two tiles that key-match also meet on the drawing:
 *   • a single feature crossing an edge (river, road, forest edge, coast) crosses at t = 0.5,
 *     perpendicular to the edge: under every rotation and mirror it lands where the
 *     neighbour's crossing is (t and 1 − t coincide);
 *   • nested pairs are symmetric about 0.5: hill contours 100 at t = 0.2/0.8 and 200 at
 *     0.35/0.65; geomorph corridors at 0.25/0.75 (two connectors per open side, seed 002);
 *   • the interior is jittered with a seeded random generator (one seed per tile), so each
 *     edge signature comes in several variants and automatic assembly has choices; a
 *     variant that would fail validation (a curve touching an edge, contours crossing) is
 *     drawn again with the next random numbers.
 * Terrains are ids of the default catalogue (resources/terrain/default.json). It has no
 * dungeon terrains, so the geomorphs draw corridors as `trail` (a way on foot) and rooms as
 * `urban` areas (built space); a dungeon catalogue can map those ids to its own.
 *
 * Run `node --import tsx scripts/make-starter-tiles.ts` to write the SVG files.
 */
import type { Curve } from '../core/vector/bezier.js';
import { edgeIndicators } from '../core/vector/indicators.js';
import type { TileShape } from '../core/vector/shape.js';
import { HEX, SQUARE } from '../core/vector/shape.js';
import type { VectorElement, VectorTile } from '../core/vector/types.js';
import { validateTile } from '../core/vector/validate.js';
import type { Vec2 } from '../core/vector/vec2.js';
import { seededRandom } from '../core/util/random.js';

import type { Random } from './starter-geometry.js';
import { add, sub, mul, unit, jit, jitter, port, inward, smooth, loop, polygon, polyline, blobPoints, areaInside, areaOutside, crossing, spur, line, point, boundary } from './starter-geometry.js';

export interface StarterTile {
  /** Folder under resources/tiles/starter/<shape>/, also the tile's tag. */
  readonly category: string;
  readonly tile: VectorTile;
}

type Draw = (rnd: Random) => VectorElement[];

// ── the recipes ─────────────────────────────────────────────────────────────

const TERRAIN = { river: 'river', road: 'road', bridge: 'river-bridge', forest: 'forest', hills: 'hills', lake: 'lake', sea: 'coastal-ocean', village: 'village', fields: 'fields', corridor: 'trail', room: 'urban' } as const;

/** [category, tile id, tile name, drawing]. */
type Recipe = [string, string, string, Draw];

/** An empty list of recipes, and `recipe` to add one: `variants` of it, numbered in id and name. */
function recipeList(): { out: Recipe[]; recipe: (category: string, id: string, name: string, draw: Draw, variants?: number) => void } {
  const out: Recipe[] = [];
  const recipe = (category: string, id: string, name: string, draw: Draw, variants = 1) => {
    for (let v = 1; v <= variants; v++) out.push([category, `${id}-${v}`, variants > 1 ? `${name} (${v})` : name, draw]);
  };
  return { out, recipe };
}

/** How much a crossing line wiggles, and how many variants of it to draw. */
type Bend = readonly [wiggle: number, variants: number];

function hexRecipes(): Recipe[] {
  const S = HEX;
  const { out, recipe } = recipeList();
  const centre: Vec2 = [0, 0];
  /**
   * The straight, gentle-bend and sharp-bend tiles of a linear terrain (its category, id and
   * element id), crossing edges at 0.5: [wiggle, variants] of each.
   */
  const bends = (terrain: 'river' | 'road', name: string, straight: Bend, gentle: Bend, sharp: Bend) => {
    recipe(terrain, `hex-${terrain}-straight`, `${name}, straight`, (rnd) => [line(terrain, TERRAIN[terrain], crossing(S, rnd, 0, 3, [], straight[0]))], straight[1]);
    recipe(terrain, `hex-${terrain}-bend-gentle`, `${name}, gentle bend`, (rnd) => [line(terrain, TERRAIN[terrain], crossing(S, rnd, 0, 2, [], gentle[0]))], gentle[1]);
    recipe(terrain, `hex-${terrain}-bend-sharp`, `${name}, sharp bend`, (rnd) => [line(terrain, TERRAIN[terrain], crossing(S, rnd, 0, 1, [[0.2, 0.4]], sharp[0]))], sharp[1]);
  };

  /** Three spurs of `terrain` [element id, edge] meeting near the centre (a Y junction, a confluence). */
  const threeWay = (rnd: Random, terrain: 'river' | 'road', spread: number, spurs: readonly (readonly [string, number])[]) => {
    const j = jitter(rnd, centre, spread);
    return spurs.map(([id, edge]) => line(id, TERRAIN[terrain], spur(S, rnd, edge, j)));
  };
  /** A line of `terrain` crossing 0 → 3 through a point near `at`, and a branch from there to `edge` (a T junction, a tributary). */
  const branching = (rnd: Random, terrain: 'river' | 'road', at: Vec2, spread: number, [mainId, branchId, edge]: readonly [string, string, number]) => {
    const j = jitter(rnd, at, spread);
    return [line(mainId, TERRAIN[terrain], crossing(S, rnd, 0, 3, [j], 0)), line(branchId, TERRAIN[terrain], spur(S, rnd, edge, j))];
  };

  // Clear ground: nothing crosses an edge; the interior details make the variants.
  recipe('clear', 'hex-clear', 'Clear', () => []);
  recipe('clear', 'hex-clear-village', 'Clear with a village', (rnd) => [point('village', TERRAIN.village, jitter(rnd, centre, 0.3))], 2);
  recipe('clear', 'hex-clear-farm', 'Clear with a farm', (rnd) => {
    const c = jitter(rnd, centre, 0.15);
    return [areaInside('fields', TERRAIN.fields, loop(blobPoints(rnd, c, 0.42, 0.12, 6))), point('farm', TERRAIN.village, add(c, [0.1, 0.05]))];
  }, 2);
  recipe('clear', 'hex-clear-copse', 'Clear with a copse', (rnd) => [areaInside('copse', TERRAIN.forest, loop(blobPoints(rnd, jitter(rnd, centre, 0.2), 0.3, 0.2)))], 2);
  recipe('clear', 'hex-clear-pond', 'Clear with a pond', (rnd) => [areaInside('pond', TERRAIN.lake, loop(blobPoints(rnd, jitter(rnd, centre, 0.25), 0.2, 0.2)))]);

  // Forest: inside a forest every edge is forest (a clearing keeps the region bounded); forest edges cross at 0.5.
  recipe('forest', 'hex-forest-clearing', 'Forest with a clearing', (rnd) => [areaOutside('clearing', TERRAIN.forest, loop(blobPoints(rnd, jitter(rnd, centre, 0.2), 0.18 + 0.15 * rnd(), 0.25)))], 4);
  recipe('forest', 'hex-forest-edge-straight', 'Forest edge, straight', (rnd) => [boundary(S, 'edge', TERRAIN.forest, crossing(S, rnd, 0, 3, [], 0.15), [1, 2])], 3);
  recipe('forest', 'hex-forest-edge-bay', 'Forest edge, bay of clear ground', (rnd) => [boundary(S, 'edge', TERRAIN.forest, crossing(S, rnd, 0, 2, [], 0.1), [3, 4, 5])], 2);
  recipe('forest', 'hex-forest-edge-spur', 'Forest edge, spur of forest', (rnd) => [boundary(S, 'edge', TERRAIN.forest, crossing(S, rnd, 0, 2, [], 0.1), [1])], 2);
  recipe('forest', 'hex-forest-edge-corner', 'Forest edge, tight corner', (rnd) => [boundary(S, 'edge', TERRAIN.forest, crossing(S, rnd, 0, 1, [[0.15, 0.35]], 0.06), [2, 3, 4, 5])], 2);
  recipe('forest', 'hex-forest-tip', 'Forest tip', (rnd) => [boundary(S, 'edge', TERRAIN.forest, crossing(S, rnd, 0, 1, [[0.15, 0.35]], 0.06), [])], 2);
  recipe('forest', 'hex-forest-road', 'Road through forest', (rnd) => [
    areaOutside('clearing', TERRAIN.forest, loop(blobPoints(rnd, [0.45 + jit(rnd, 0.05), jit(rnd, 0.2)], 0.14, 0.2))),
    line('road', TERRAIN.road, crossing(S, rnd, 0, 3, [], 0.08)),
  ], 2);

  // Hills: contours at 100/200/300 (uphill inside), peaks as points.
  const hill = (rnd: Random, c: Vec2, levels: number, size: number): VectorElement[] => {
    const base = blobPoints(rnd, [0, 0], 1, 0.12, 8);
    const els: VectorElement[] = [];
    for (let k = 0; k < levels; k++) {
      const r = size * (1 - k * 0.3);
      els.push(areaInside(`c${(k + 1) * 100}`, TERRAIN.hills, loop(base.map((p) => add(c, mul(p, r)))), (k + 1) * 100));
    }
    els.push(point('peak', TERRAIN.hills, add(c, [jit(rnd, 0.03), jit(rnd, 0.03)])));
    return els;
  };
  recipe('hills', 'hex-hill', 'Hill', (rnd) => hill(rnd, jitter(rnd, centre, 0.1), 2, 0.55), 2);
  recipe('hills', 'hex-hill-high', 'High hill', (rnd) => hill(rnd, jitter(rnd, centre, 0.05), 3, 0.62), 2);
  // A hill shared by two tiles: contour arcs that leave and re-enter one edge.
  const halfHill = (rnd: Random, withTop: boolean): VectorElement[] => {
    const arc = (t0: number, depth: number) => {
      const a = port(S, 0, t0), b = port(S, 0, 1 - t0);
      const mid: Vec2 = [jit(rnd, 0.05), 1 - depth];
      return smooth([a, jitter(rnd, [a[0] * 0.8, 1 - depth * 0.75], 0.02), mid, jitter(rnd, [b[0] * 0.8, 1 - depth * 0.75], 0.02), b], inward(S, 0), mul(inward(S, 0), -1));
    };
    const els = [boundary(S, 'c100', TERRAIN.hills, arc(0.2, 0.8 + jit(rnd, 0.05)), [], 100), boundary(S, 'c200', TERRAIN.hills, arc(0.35, 0.45 + jit(rnd, 0.05)), [], 200)];
    if (withTop) els.push(point('peak', TERRAIN.hills, [jit(rnd, 0.04), 0.82]));
    return els;
  };
  recipe('hills', 'hex-hill-half', 'Half of a two-tile hill', (rnd) => halfHill(rnd, false), 2);
  recipe('hills', 'hex-hill-half-peak', 'Half of a two-tile hill, with the peak', (rnd) => halfHill(rnd, true), 2);
  // Ridges: a band of contours running through the tile, straight or bending.
  const ridge = (rnd: Random, b: number, withPeak: boolean): VectorElement[] => {
    // One centre line for the band, so the four contours stay in order (100 outside 200).
    const k = b === 3 ? 1 : 0.8;
    const contour = (t: number) => crossing(S, rnd, 0, b, [mul(add(port(S, 0, t), port(S, b, 1 - t)), 0.5 * k)], 0.02, t, 1 - t);
    const els = [...band(S, ['c100a', 'c100b'], TERRAIN.hills, [contour(0.2), contour(0.8)], 100), ...band(S, ['c200a', 'c200b'], TERRAIN.hills, [contour(0.35), contour(0.65)], 200)];
    if (withPeak) els.push(areaInside('c300', TERRAIN.hills, loop(blobPoints(rnd, centre, 0.09, 0.1, 6)), 300), point('peak', TERRAIN.hills, centre));
    return els;
  };
  recipe('hills', 'hex-ridge-straight', 'Ridge, straight', (rnd) => ridge(rnd, 3, false), 2);
  recipe('hills', 'hex-ridge-peak', 'Ridge with a peak', (rnd) => ridge(rnd, 3, true));
  recipe('hills', 'hex-ridge-bend', 'Ridge, bend', (rnd) => ridge(rnd, 2, false), 2);

  // Rivers: cross at 0.5; bends of each angle, confluence, source.
  bends('river', 'River', [0.15, 3], [0.1, 3], [0.06, 2]);
  recipe('river', 'hex-river-confluence', 'River confluence', (rnd) => threeWay(rnd, 'river', 0.12, [['main', 3], ['left', 5], ['right', 1]]), 2);
  recipe('river', 'hex-river-confluence-side', 'River, tributary joining', (rnd) => branching(rnd, 'river', [0.05, -0.1], 0.08, ['main', 'tributary', 2]), 2);
  recipe('river', 'hex-river-source', 'River source', (rnd) => {
    const spring = jitter(rnd, [0, 0.35], 0.1);
    return [line('river', TERRAIN.river, spur(S, rnd, 3, spring)), areaInside('c100', TERRAIN.hills, loop(blobPoints(rnd, add(spring, [0, 0.2]), 0.22, 0.1, 6)), 100)];
  }, 2);

  // Lakes: one-tile lakes, some fed by rivers (the river ends in the water: its mouth).
  const lake = (rnd: Random, c: Vec2, r: number) => areaInside('lake', TERRAIN.lake, loop(blobPoints(rnd, c, r, 0.15, 9)));
  recipe('lake', 'hex-lake', 'Lake', (rnd) => [lake(rnd, jitter(rnd, centre, 0.1), 0.45)], 3);
  recipe('lake', 'hex-lake-inflow', 'Lake with a river flowing in', (rnd) => {
    const c = jitter(rnd, [0, -0.15], 0.05);
    return [lake(rnd, c, 0.38), line('river', TERRAIN.river, spur(S, rnd, 0, add(c, [0, 0.2])))];
  }, 2);
  recipe('lake', 'hex-lake-through', 'Lake with a river through it', (rnd) => {
    const c = jitter(rnd, centre, 0.05);
    return [lake(rnd, c, 0.36), line('in', TERRAIN.river, spur(S, rnd, 0, add(c, [0, 0.18]))), line('out', TERRAIN.river, spur(S, rnd, 3, add(c, [0, -0.18])))];
  }, 2);

  // Coast: coastal ocean on one side of a line crossing two edges at 0.5; islands for open sea.
  recipe('coast', 'hex-coast-straight', 'Coast, straight', (rnd) => [boundary(S, 'shore', TERRAIN.sea, crossing(S, rnd, 0, 3, [], 0.15), [1, 2])], 3);
  recipe('coast', 'hex-coast-bay', 'Coast, bay', (rnd) => [boundary(S, 'shore', TERRAIN.sea, crossing(S, rnd, 0, 2, [], 0.1), [1])], 2);
  recipe('coast', 'hex-coast-cape', 'Coast, cape', (rnd) => [boundary(S, 'shore', TERRAIN.sea, crossing(S, rnd, 0, 2, [], 0.1), [3, 4, 5])], 2);
  recipe('coast', 'hex-coast-point', 'Coast, headland point', (rnd) => [boundary(S, 'shore', TERRAIN.sea, crossing(S, rnd, 0, 1, [[0.15, 0.35]], 0.05), [2, 3, 4, 5])], 2);
  recipe('coast', 'hex-coast-mouth', 'Coast with a river mouth', (rnd) => {
    const shore = crossing(S, rnd, 1, 4, [[0, -0.2]], 0.05);
    return [boundary(S, 'shore', TERRAIN.sea, shore, [2, 3]), line('river', TERRAIN.river, spur(S, rnd, 0, jitter(rnd, [0, -0.22], 0.03)))];
  }, 2);
  recipe('coast', 'hex-sea-island', 'Open sea with an island', (rnd) => [areaOutside('island', TERRAIN.sea, loop(blobPoints(rnd, jitter(rnd, centre, 0.2), 0.15 + 0.15 * rnd(), 0.25)))], 3);

  // Roads: cross at 0.5; bends, junctions, villages.
  bends('road', 'Road', [0.1, 3], [0.08, 2], [0.05, 2]);
  recipe('road', 'hex-road-fork', 'Road fork (Y junction)', (rnd) => threeWay(rnd, 'road', 0.1, [['a', 0], ['b', 2], ['c', 4]]), 2);
  recipe('road', 'hex-road-junction', 'Road junction (T)', (rnd) => branching(rnd, 'road', centre, 0.05, ['main', 'branch', 1]), 2);
  recipe('road', 'hex-road-crossroads', 'Crossroads', (rnd) => {
    const j = jitter(rnd, centre, 0.05);
    return [line('a', TERRAIN.road, crossing(S, rnd, 0, 3, [j], 0)), line('b', TERRAIN.road, crossing(S, rnd, 1, 4, [j], 0)), point('village', TERRAIN.village, add(j, [0.18, -0.12]))];
  });
  recipe('road', 'hex-road-village', 'Road through a village', (rnd) => [line('road', TERRAIN.road, crossing(S, rnd, 0, 3, [], 0.08)), point('village', TERRAIN.village, jitter(rnd, [0.3, 0], 0.08))], 2);
  recipe('road', 'hex-road-end-village', 'Road ending at a village', (rnd) => {
    const v = jitter(rnd, [0, -0.2], 0.1);
    return [line('road', TERRAIN.road, spur(S, rnd, 0, v)), point('village', TERRAIN.village, add(v, [0, -0.08]))];
  }, 2);

  // A road crossing a river on a bridge: both pass the centre; the road is cut where the bridge spans the water.
  const bridge = (rnd: Random, riverTo: number, roadFrom: number, roadTo: number): VectorElement[] => {
    const river = crossing(S, rnd, 0, riverTo, [[0, 0]], 0);
    const a = port(S, roadFrom, 0.5), b = port(S, roadTo, 0.5);
    const u = unit(sub(b, a));
    const h = 0.12 + 0.03 * rnd();
    const b1 = mul(u, -h), b2 = mul(u, h);
    return [
      line('river', TERRAIN.river, river),
      line('road-1', TERRAIN.road, smooth([a, jitter(rnd, mul(add(a, b1), 0.5), 0.03), b1], inward(S, roadFrom), u)),
      line('bridge', TERRAIN.bridge, polyline([b1, b2])),
      line('road-2', TERRAIN.road, smooth([b2, jitter(rnd, mul(add(b2, b), 0.5), 0.03), b], u, mul(inward(S, roadTo), -1))),
    ];
  };
  recipe('bridge', 'hex-bridge', 'Road crossing a river on a bridge', (rnd) => bridge(rnd, 3, 1, 4), 2);
  recipe('bridge', 'hex-bridge-oblique', 'Road crossing a river on a bridge, oblique', (rnd) => bridge(rnd, 3, 2, 5), 2);
  recipe('bridge', 'hex-bridge-bend', 'Bridge at a river bend', (rnd) => bridge(rnd, 2, 1, 4));
  return out;
}

/**
 * Two contours of one height that bound a band between them (a ridge), uphill inside: the
 * sides are the combination core/vector accepts (crossings alternate) that leaves no edge
 * wholly uphill.
 */
function band(shape: TileShape, ids: readonly [string, string], terrain: string, curves: readonly [Curve, Curve], height: number): VectorElement[] {
  for (const sa of ['left', 'right'] as const) {
    for (const sb of ['left', 'right'] as const) {
      const elements: VectorElement[] = [
        { kind: 'area', id: ids[0], terrain, side: sa, curve: curves[0], height },
        { kind: 'area', id: ids[1], terrain, side: sb, curve: curves[1], height },
      ];
      const probe: VectorTile = { id: 'probe', shape, elements };
      if (validateTile(probe).length === 0 && edgeIndicators(probe).every((e) => !e.presence.includes(`${terrain}@${height}`))) return elements;
    }
  }
  throw new Error(`band ${ids.join('/')}: the contours cross or cannot bound a band`);
}

function squareRecipes(): Recipe[] {
  const S = SQUARE;
  const { out, recipe } = recipeList();
  const centre: Vec2 = [0, 0];

  // Geomorphs (seed 002): each side open (two corridor connectors at t = 0.25 and 0.75) or solid.
  // Six classes up to rotation: 0000 1000 1100 1010 1110 1111.
  const geomorph = (open: readonly number[], withRoom: boolean) => (rnd: Random): VectorElement[] => {
    const els: VectorElement[] = [];
    const hw = 0.3 + 0.15 * rnd(), hh = 0.3 + 0.15 * rnd();
    const c: Vec2 = [jit(rnd, 0.12), jit(rnd, 0.12)];
    const room = { x0: c[0] - hw, x1: c[0] + hw, y0: c[1] - hh, y1: c[1] + hh };
    if (withRoom) {
      const cut = 0.06 + 0.06 * rnd();
      // An octagonal room when the corners are cut, a plain one otherwise.
      const corners: Vec2[] = rnd() < 0.5
        ? [[room.x0, room.y0], [room.x1, room.y0], [room.x1, room.y1], [room.x0, room.y1]]
        : [[room.x0 + cut, room.y0], [room.x1 - cut, room.y0], [room.x1, room.y0 + cut], [room.x1, room.y1 - cut], [room.x1 - cut, room.y1], [room.x0 + cut, room.y1], [room.x0, room.y1 - cut], [room.x0, room.y0 + cut]];
      els.push(areaInside('room', TERRAIN.room, polygon(corners)));
    }
    for (const d of open) {
      for (const t of [0.25, 0.75]) {
        const p = port(S, d, t);
        const n = inward(S, d);
        const depth = 0.18 + 0.12 * rnd();
        const turn = add(p, mul(n, depth));
        let end: Vec2;
        if (withRoom) {
          // Along the edge's direction, clamp into the room's span; then run to the room's wall and 0.03 into it.
          const horizontal = n[0] === 0;
          if (horizontal) {
            const x = Math.min(room.x1 - 0.06, Math.max(room.x0 + 0.06, turn[0]));
            const y = n[1] < 0 ? room.y1 - 0.03 : room.y0 + 0.03;
            end = [x, y];
            els.push(line(`corridor-${d}-${t * 100}`, TERRAIN.corridor, polyline(x === turn[0] ? [p, end] : [p, turn, [x, turn[1]], end])));
          } else {
            const y = Math.min(room.y1 - 0.06, Math.max(room.y0 + 0.06, turn[1]));
            const x = n[0] < 0 ? room.x1 - 0.03 : room.x0 + 0.03;
            end = [x, y];
            els.push(line(`corridor-${d}-${t * 100}`, TERRAIN.corridor, polyline(y === turn[1] ? [p, end] : [p, turn, [turn[0], y], end])));
          }
        } else {
          // No room: connectors run straight across to the opposite side's matching connector or end in a dead end.
          const opposite = (d + 4) % 8;
          const far = port(S, opposite, 1 - t);
          if (open.includes(opposite)) {
            if (d < opposite) els.push(line(`corridor-${d}-${t * 100}`, TERRAIN.corridor, polyline([p, far])));
          } else {
            els.push(line(`corridor-${d}-${t * 100}`, TERRAIN.corridor, polyline([p, add(p, mul(n, 0.55 + 0.2 * rnd()))])));
          }
        }
      }
    }
    return els;
  };
  const classes: [string, string, number[]][] = [
    ['solid', 'solid (secret room)', []],
    ['dead-end', 'dead end', [0]],
    ['corner', 'corner', [0, 2]],
    ['straight', 'straight', [0, 4]],
    ['tee', 'T junction', [0, 2, 4]],
    ['cross', 'crossing', [0, 2, 4, 6]],
  ];
  const counts: Record<string, [number, number]> = { solid: [2, 0], 'dead-end': [4, 1], corner: [6, 0], straight: [4, 2], tee: [5, 1], cross: [4, 2] };
  for (const [key, label, open] of classes) {
    const [withRoom, without] = counts[key]!;
    recipe('geomorph', `sq-geomorph-${key}-room`, `Geomorph, ${label}, room`, geomorph(open, true), withRoom);
    if (without) recipe('geomorph', `sq-geomorph-${key}-passage`, `Geomorph, ${label}, passages`, geomorph(open, false), without);
  }

  // Outdoor squares with the hexagons' conventions.
  recipe('clear', 'sq-clear', 'Clear', () => []);
  recipe('clear', 'sq-clear-village', 'Clear with a village', (rnd) => [point('village', TERRAIN.village, jitter(rnd, centre, 0.4))], 2);
  recipe('forest', 'sq-forest-clearing', 'Forest with a clearing', (rnd) => [areaOutside('clearing', TERRAIN.forest, loop(blobPoints(rnd, jitter(rnd, centre, 0.25), 0.2 + 0.15 * rnd(), 0.25)))], 3);
  recipe('forest', 'sq-forest-edge-straight', 'Forest edge, straight', (rnd) => [boundary(S, 'edge', TERRAIN.forest, crossing(S, rnd, 0, 4, [], 0.15), [2])], 2);
  recipe('forest', 'sq-forest-edge-corner', 'Forest edge, corner', (rnd) => [boundary(S, 'edge', TERRAIN.forest, crossing(S, rnd, 0, 2, [], 0.1), [4, 6])], 2);
  recipe('forest', 'sq-forest-tip', 'Forest tip', (rnd) => [boundary(S, 'edge', TERRAIN.forest, crossing(S, rnd, 0, 2, [], 0.1), [])], 2);
  recipe('river', 'sq-river-straight', 'River, straight', (rnd) => [line('river', TERRAIN.river, crossing(S, rnd, 0, 4, [], 0.15))], 2);
  recipe('river', 'sq-river-bend', 'River, bend', (rnd) => [line('river', TERRAIN.river, crossing(S, rnd, 0, 2, [], 0.1))], 2);
  // Ends, as the hexagons have: a river may rise or end in a lake inside the map, so a river
  // begun anywhere need not run on to the map's edge (without them large square maps
  // assemble only when every river happens to close or reach the edge).
  // A river rises on high ground (issue 25: the solver lets an unexplained end stand only at
  // the region's border), so the spring sits in a small hill contour, as the hexagons' does.
  recipe('river', 'sq-river-source', 'River source', (rnd) => {
    const spring = jitter(rnd, centre, 0.06);
    return [line('river', TERRAIN.river, spur(S, rnd, 0, spring)), areaInside('c100', TERRAIN.hills, loop(blobPoints(rnd, add(spring, mul(inward(S, 0), 0.07)), 0.2, 0.08, 6)), 100)];
  }, 2);
  recipe('river', 'sq-lake-inflow', 'Lake with a river flowing in', (rnd) => {
    const c = jitter(rnd, centre, 0.05);
    return [areaInside('lake', TERRAIN.lake, loop(blobPoints(rnd, c, 0.28, 0.12, 9))), line('river', TERRAIN.river, spur(S, rnd, 0, c))];
  }, 2);
  recipe('road', 'sq-road-straight', 'Road, straight', (rnd) => [line('road', TERRAIN.road, crossing(S, rnd, 0, 4, [], 0.12))], 2);
  recipe('road', 'sq-road-bend', 'Road, bend', (rnd) => [line('road', TERRAIN.road, crossing(S, rnd, 0, 2, [], 0.1))], 2);
  recipe('road', 'sq-road-junction', 'Road junction (T)', (rnd) => {
    const j = jitter(rnd, centre, 0.08);
    return [line('main', TERRAIN.road, crossing(S, rnd, 0, 4, [j], 0)), line('branch', TERRAIN.road, spur(S, rnd, 2, j))];
  }, 2);
  // A road ends at a settlement (issue 25: the solver refuses a road ending inside the region for no reason).
  recipe('road', 'sq-road-end-village', 'Road ending at a village', (rnd) => {
    const v = jitter(rnd, centre, 0.08);
    return [line('road', TERRAIN.road, spur(S, rnd, 0, v)), point('village', TERRAIN.village, add(v, mul(inward(S, 0), 0.08)))];
  }, 2);
  recipe('bridge', 'sq-bridge', 'Road crossing a river on a bridge', (rnd) => {
    const h = 0.14 + 0.04 * rnd();
    const a = port(S, 6, 0.5), b = port(S, 2, 0.5);
    return [
      line('river', TERRAIN.river, crossing(S, rnd, 0, 4, [[0, 0]], 0)),
      line('road-1', TERRAIN.road, smooth([a, jitter(rnd, [-0.55, 0], 0.04), [-h, 0]], inward(S, 6), [1, 0])),
      line('bridge', TERRAIN.bridge, polyline([[-h, 0], [h, 0]])),
      line('road-2', TERRAIN.road, smooth([[h, 0], jitter(rnd, [0.55, 0], 0.04), b], [1, 0], mul(inward(S, 2), -1))),
    ];
  }, 2);
  return out;
}

/** Draws a recipe with its own seed, drawing again (next random numbers) until the tile validates. */
function build(shape: TileShape, category: string, id: string, name: string, draw: Draw, seed: number, terrains: ReadonlySet<string>): StarterTile {
  const rnd = seededRandom(seed);
  let last = '';
  for (let attempt = 0; attempt < 50; attempt++) {
    let elements: VectorElement[];
    try {
      elements = draw(rnd);
    } catch (e) {
      // A recipe's own check failed (a band that would not form): draw again.
      last = (e as Error).message;
      continue;
    }
    const tile: VectorTile = { id, name, shape, elements };
    const issues = validateTile(tile, { terrains });
    if (issues.length === 0) return { category, tile };
    last = issues[0]!.message;
  }
  throw new Error(`starter tile ${id}: no valid drawing in 50 attempts (${last})`);
}

/** Every starter tile, deterministic: the same recipes and seeds give the same tiles. */
export function starterTiles(terrains: ReadonlySet<string>): { hex: StarterTile[]; square: StarterTile[] } {
  const seedOf = (id: string) => [...id].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
  return {
    hex: hexRecipes().map(([category, id, name, draw]) => build(HEX, category, id, name, draw, seedOf(id), terrains)),
    square: squareRecipes().map(([category, id, name, draw]) => build(SQUARE, category, id, name, draw, seedOf(id), terrains)),
  };
}

