/**
 * Where the linear features of a flat AL-FORM map meet (SPEC §3 sub-classes, §5 (B)), as
 * static tables per linear sub-class, in the unit frame of the AL-FORM lattice (adjoining
 * centres 1 apart; classic maps use the same tables on their doubled coordinates).
 *
 * A linear polygon is a strip along its SPINE: the stretch of area-polygon edge between the
 * two area tiles it separates (patent: "oriented so features line up with neighbouring
 * linear tiles"). Each spine has two ENDS, each at a JUNCTION point where other linear
 * features (ARMS) end too:
 * - hex (X-, Y-, Z-AXIS): the spine joins two opposite corners of the tile; three linear
 *   tiles meet at each corner, 120° apart.
 * - square X-EDGE / Y-EDGE: the spine is the whole side (length 2) of the area squares; each
 *   end is the centre of a VERTEX tile (the HUB), where four edge tiles meet at 90°.
 * - offset-square FULL-EDGE: the spine is the horizontal side (length 2), HALF-EDGE tiles the
 *   vertical sides (length 1, one per half side); ends are T junctions of one full edge and
 *   two half edges.
 *
 * Per end: the junction offset, the other arms (coordinate offsets, direction seen from the
 * junction), whether an arm always reaches the junction when drawn (hex, half edge: their
 * own cell ends there) or only when it connects to a feature there (square edge, full edge:
 * their own cell ends half way), the hub, and how a lone feature ends.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { FlatFamily } from './flat-frame.js';
import { AXIAL120_DIRECTIONS, HEX_CORNER_OFFSETS } from '../grid/hex/axial.js';
import { SQUARE_DIRECTIONS } from '../grid/square/square-grid.js';

export interface EndTable {
  /** Junction, unit-frame offset from the tile's centre. */
  readonly jx: number;
  readonly jy: number;
  /** Direction from the junction to the tile's centre, integer degrees. */
  readonly angle: number;
  /** Other arms: coordinate offsets from the tile, interleaved (dx, dy). */
  readonly arms: Int32Array;
  /** Direction from the junction to each arm's centre, integer degrees. */
  readonly armAngle: Int32Array;
  /** 1 where that arm reaches the junction whenever it is drawn. */
  readonly armAlways: Uint8Array;
  /** Square maps: coordinate offset of the VERTEX tile at the junction. */
  readonly hub: readonly [number, number] | null;
}

export interface ClassTable {
  readonly ends: readonly [EndTable, EndTable];
  /** The tile reaches a junction whenever drawn (else only when it connects there). */
  readonly always: boolean;
  /** A drawn tile alone at a junction it reaches: `pointed` (hex) or `flat` (half edge). */
  readonly lone: 'pointed' | 'flat';
  /** Distance from the centre of the cap of an end that does not reach its junction. */
  readonly capDistance: number;
  /** Coordinate offsets of the two area tiles the spine separates, interleaved. */
  readonly areas: Int32Array;
  /** Unit vector across the spine (spine turned 90°), for spur bases. */
  readonly nx: number;
  readonly ny: number;
  /** Edge of each of those area tiles' polygons that lies along this tile (area-mesh.ts corner order). */
  readonly areaEdges: Int32Array;
}

/** Class index of a linear tile from its coordinate parities (0 = not linear / a square VERTEX hub). */
export function flatLinearClass(family: FlatFamily, x: number, y: number): number {
  const ox = x & 1;
  const oy = y & 1;
  if ((ox | oy) === 0) return -1;
  switch (family) {
    case 'hex':
      return ox === 0 ? 0 : oy === 1 ? 1 : 2; // X-, Y-, Z-AXIS: area neighbours along directions a, a+3
    case 'square':
      return ox === 1 && oy === 1 ? 2 : ox === 1 ? 0 : 1; // X-EDGE, Y-EDGE, VERTEX
    case 'offset-square':
      return ox === 0 ? 0 : oy === 1 ? 1 : 2; // FULL-EDGE, UPPER-, LOWER-HALF-EDGE
  }
}

/** Square VERTEX tiles are hubs, not strips. */
export const SQUARE_VERTEX_CLASS = 2;

function end(jx: number, jy: number, arms: readonly (readonly [number, number])[], unit: (x: number, y: number) => [number, number], always: (dx: number, dy: number) => boolean, hub: readonly [number, number] | null): EndTable {
  const deg = (x: number, y: number) => ((Math.round((Math.atan2(y, x) * 180) / Math.PI) % 360) + 360) % 360;
  const armAngle = new Int32Array(arms.length);
  arms.forEach(([dx, dy], k) => {
    const [ux, uy] = unit(dx, dy);
    armAngle[k] = deg(ux - jx, uy - jy);
  });
  return {
    jx,
    jy,
    angle: deg(-jx, -jy),
    arms: Int32Array.from(arms.flat()),
    armAngle,
    armAlways: Uint8Array.from(arms, ([dx, dy]) => (always(dx, dy) ? 1 : 0)),
    hub,
  };
}

function classTable(
  ends: [EndTable, EndTable],
  always: boolean,
  lone: 'pointed' | 'flat',
  capDistance: number,
  areas: readonly (readonly [number, number])[],
  unit: (x: number, y: number) => [number, number],
  directions: readonly (readonly [number, number])[],
): ClassTable {
  const [ax, ay] = unit(areas[0]![0], areas[0]![1]);
  const len = Math.hypot(ax, ay);
  // Seen from the area tile the strip lies in direction −offset; square polygons have one edge per two directions.
  const areaEdges = Int32Array.from(areas, ([dx, dy]) => {
    const d = directions.findIndex(([x, y]) => x === -dx && y === -dy);
    return directions.length === 8 ? d / 2 : d;
  });
  return { ends, always, lone, capDistance, areas: Int32Array.from(areas.flat()), nx: ax / len, ny: ay / len, areaEdges };
}

const SQRT3_2 = Math.sqrt(3) / 2;
const hexUnit = (x: number, y: number): [number, number] => [SQRT3_2 * x, y - x / 2];
const squareUnit = (x: number, y: number): [number, number] => [x, y];
const offsetUnit = (x: number, y: number): [number, number] => [x, y - x / 2];

function hexTables(): ClassTable[] {
  const dir = (d: number) => AXIAL120_DIRECTIONS[((d % 6) + 6) % 6]!;
  return [0, 1, 2].map((a) => {
    // The corner between directions d and d+1 is corner (7 − d) mod 6 of the flat-top hexagon.
    const corner = (d: number) => HEX_CORNER_OFFSETS[(((7 - d) % 6) + 6) % 6]!;
    const e1 = corner(a + 1);
    const e2 = corner(a + 4);
    const yes = () => true;
    return classTable(
      [end(e1[0], e1[1], [dir(a + 1), dir(a + 2)], hexUnit, yes, null), end(e2[0], e2[1], [dir(a + 4), dir(a + 5)], hexUnit, yes, null)],
      true,
      'pointed',
      0,
      [dir(a), dir(a + 3)],
      hexUnit,
      AXIAL120_DIRECTIONS,
    );
  });
}

function squareTables(): ClassTable[] {
  // A junction at hub offset (hx, hy): the hub's three other edge tiles.
  const armsAround = (hx: number, hy: number): [number, number][] =>
    (
      [
        [0, 1],
        [1, 0],
        [0, -1],
        [-1, 0],
      ] as const
    )
      .map(([sx, sy]) => [hx + sx, hy + sy] as [number, number])
      .filter(([x, y]) => x !== 0 || y !== 0);
  const never = () => false;
  const edge = (hx: number, hy: number) => end(hx, hy, armsAround(hx, hy), squareUnit, never, [hx, hy]);
  return [
    // X-EDGE (odd x, even y): between area tiles west and east, spine vertical.
    classTable([edge(0, 1), edge(0, -1)], false, 'flat', 0.5, [[-1, 0], [1, 0]], squareUnit, SQUARE_DIRECTIONS),
    // Y-EDGE (even x, odd y): between area tiles south and north, spine horizontal.
    classTable([edge(1, 0), edge(-1, 0)], false, 'flat', 0.5, [[0, -1], [0, 1]], squareUnit, SQUARE_DIRECTIONS),
  ];
}

function offsetTables(): ClassTable[] {
  // An arm is a half edge (which always reaches its junction) when its x is odd.
  const fromFull = (dx: number) => (dx & 1) !== 0;
  const fromHalf = (dx: number) => (dx & 1) === 0;
  return [
    // FULL-EDGE (even x, odd y): spine horizontal from unit (−1, 0) to (1, 0); the half edges
    // below and above each end.
    classTable(
      [
        end(1, 0, [[1, 0], [1, 1]], offsetUnit, fromFull, null),
        end(-1, 0, [[-1, -1], [-1, 0]], offsetUnit, fromFull, null),
      ],
      false,
      'flat',
      0.5,
      [[0, -1], [0, 1]],
      offsetUnit,
      AXIAL120_DIRECTIONS,
    ),
    // UPPER-HALF-EDGE (odd x, odd y): full edge on the left at the top end, on the right at the bottom.
    classTable(
      [
        end(0, 0.5, [[0, 1], [-1, 0]], offsetUnit, fromHalf, null),
        end(0, -0.5, [[0, -1], [1, 0]], offsetUnit, fromHalf, null),
      ],
      true,
      'flat',
      0,
      [[-1, -1], [1, 1]],
      offsetUnit,
      AXIAL120_DIRECTIONS,
    ),
    // LOWER-HALF-EDGE (odd x, even y): full edge on the right at the top end, on the left at the bottom.
    classTable(
      [
        end(0, 0.5, [[0, 1], [1, 1]], offsetUnit, fromHalf, null),
        end(0, -0.5, [[0, -1], [-1, -1]], offsetUnit, fromHalf, null),
      ],
      true,
      'flat',
      0,
      [[-1, 0], [1, 0]],
      offsetUnit,
      AXIAL120_DIRECTIONS,
    ),
  ];
}

const TABLES: Record<FlatFamily, readonly ClassTable[]> = {
  hex: hexTables(),
  square: squareTables(),
  'offset-square': offsetTables(),
};

export function classTables(family: FlatFamily): readonly ClassTable[] {
  return TABLES[family];
}

/** cos / sin of integer degrees, so junction angles stay exact table lookups. */
export const COS_DEG = Float64Array.from({ length: 360 }, (_, d) => Math.cos((d * Math.PI) / 180));
export const SIN_DEG = Float64Array.from({ length: 360 }, (_, d) => Math.sin((d * Math.PI) / 180));
