/**
 * One world on the globe (issue "tactical maps that look like ground": "tactical ground is a
 * pure function of the position on the planet"). The globe's tactical ground is derived on
 * five fixed flat CHARTS, one per strip of the icosahedron net (core/grid/icosahedron/
 * lattice.ts: strip k holds the four faces V0 U_k U_k+1, U_k U_k+1 W_k+1, U_k W_k+1 W_k,
 * W_k W_k+1 V11), never on an unfolding that depends on the reference tile:
 *
 * - Chart k is strip k's own lattice plane: a tile at strip point (α, β) sits at the 120°
 *   axial position (α + β, β) = (latitude, β). Neighbour slot d is lattice step d there, so a
 *   strip's tiles need no unfolding; area tiles land on (even, even) (odd globe side: n even).
 * - Tiles of the other strips are carried into chart k by the net's own seam maps, chosen by
 *   the tile's latitude band: the cap (lat ≤ n) turns about V0 by 60° per strip, the middle
 *   band translates by n per strip along y, the bottom (lat ≥ 2n) turns about V11. Each map is
 *   an isometry of the lattice, so every chart is flat and exact except along the cuts the net
 *   has at the pentagons.
 * - Every SMALL tile belongs to the chart of the strip that owns its nearest large tile; its
 *   terrain is computed on that chart, wherever the derived map is laid out. Two derivations
 *   therefore agree on every small tile they share, whatever their reference tiles, across
 *   face edges and next to pentagons. Where two strips meet, each side is blended on its own
 *   chart: the seam is deterministic (the same in every derivation) but the noise of the two
 *   sides is independent, so a border may jog there; linear features stay whole because
 *   ports are chosen on the chart of the tile that owns them.
 * - THE GROUND AROUND A PENTAGON. A pentagon is an area tile of the strip that owns it (V0 of
 *   strip 0, V11 of strip 0); its substitute is the hexagonal one, placed on its owner's chart
 *   where its five neighbours sit at five of the six hexagon sides and the sixth side faces the
 *   cut: the tiles across the cut are placed by the seam map of their own band (cap, middle or
 *   bottom), so that side borrows ground from the neighbouring strip as the chart shows it. The
 *   small tiles nearest the pentagon are derived on its owner's chart; those nearer one of its
 *   five neighbours, on that neighbour's chart. The derived map is laid out in the reference's
 *   chart, so a map centred next to a pentagon shows the cut as a seam, the same seam every
 *   derivation shows.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import { IcosaLattice } from '../grid/icosahedron/lattice.js';
import type { SubstituteLattice } from '../map/meta.js';
import { requireGlobe } from '../grid/capabilities.js';

/** R: the 120° axial turn taking direction d to d + 1; R⁻¹ the reverse. */
export function turn(x: number, y: number, m: number): [number, number] {
  let k = ((m % 6) + 6) % 6;
  while (k-- > 0) [x, y] = [y, y - x];
  return [x, y];
}

/** A chart: a flat lattice view of the globe (StrategicView's shape, plus each tile's turn). */
export interface GlobeChart {
  readonly chart: number;
  readonly map: TerrainMap;
  readonly lattice: SubstituteLattice;
  positionOf(tile: number): readonly [number, number] | undefined;
  tileAt(x: number, y: number): number;
  /** How many 60° steps (R) the tile's own frame is turned by on this chart. */
  turnOf(tile: number): number;
}

const CAP = 0;
const BAND = 1;
const BOTTOM = 2;

export class GlobeCharts {
  readonly n: number;
  private readonly lat: IcosaLattice;
  private readonly charts: GlobeChart[] = [];

  constructor(
    readonly map: TerrainMap,
    readonly lattice: SubstituteLattice,
  ) {
    const grid = requireGlobe(map.grid, 'the globe charts');
    this.n = grid.n;
    this.lat = new IcosaLattice(this.n);
    for (let k = 0; k < 5; k++) this.charts.push(this.makeChart(k));
  }

  /** The strip (0…4) that owns a tile; the poles belong to strip 0. */
  stripOf(tile: number): number {
    this.lat.decode(tile);
    return this.lat.k;
  }

  chart(k: number): GlobeChart {
    return this.charts[k]!;
  }

  private region(lat: number): number {
    return lat <= this.n ? CAP : lat < 2 * this.n ? BAND : BOTTOM;
  }

  /** Strip point (a, b) of strip `from`, carried to chart `to`: axial position and turn. */
  private carry(from: number, a: number, b: number, to: number): [number, number, number] {
    const n = this.n;
    const x = a + b;
    const y = b;
    let j = (((from - to) % 5) + 5) % 5;
    if (j > 2) j -= 5;
    if (j === 0) return [x, y, 0];
    switch (this.region(x)) {
      case CAP: {
        const [u, v] = turn(x, y, -j);
        return [u, v, -j];
      }
      case BAND:
        return [x, y + j * n, 0];
      default: {
        const [u, v] = turn(x - 3 * n, y - n, j);
        return [u + 3 * n, v + n, j];
      }
    }
  }

  private makeChart(k: number): GlobeChart {
    const L = this.lat;
    const n = this.n;
    const count = L.tileCount;
    const order = [0, 1, -1, 2, -2];
    const chart: GlobeChart = {
      chart: k,
      map: this.map,
      lattice: this.lattice,
      positionOf: (tile) => {
        if (!Number.isInteger(tile) || tile < 0 || tile >= count) return undefined;
        L.decode(tile);
        const [x, y] = this.carry(L.k, L.a, L.b, k);
        return [x, y];
      },
      turnOf: (tile) => {
        L.decode(tile);
        return this.carry(L.k, L.a, L.b, k)[2];
      },
      tileAt: (x, y) => {
        // The poles first: every chart has V0 at the origin and V11 at (3n, n).
        if (x === 0 && y === 0) return 0;
        if (x === 3 * n && y === n) return L.last;
        for (const j of order) {
          const from = (((k + j) % 5) + 5) % 5;
          // Undo the seam map of each band and keep the point if it lands in that band of strip `from`.
          for (const region of [CAP, BAND, BOTTOM]) {
            let u = x;
            let v = y;
            if (j !== 0) {
              if (region === CAP) [u, v] = turn(x, y, j);
              else if (region === BAND) v = y - j * n;
              else {
                const [p, q] = turn(x - 3 * n, y - n, -j);
                u = p + 3 * n;
                v = q + n;
              }
            }
            const b = v;
            const a = u - v;
            if (a < 1 || a > 2 * n || b < 0 || b > n - 1) continue;
            if (j !== 0 && this.region(a + b) !== region) continue;
            return L.encode(from, a, b);
          }
        }
        return -1;
      },
    };
    return chart;
  }
}
