/**
 * The selection's shape on the derived map (issue "tactical maps that look like ground": "the
 * derived map covers the selected ground; tiles outside it are marked off-map, not filled").
 *
 * A small tile belongs to the selected ground when the nearest large AREA tile centre is a
 * selected one — the large tile with the half of every border around it, as a player sees a
 * hex or a square on the strategic map. Distances are taken in the unit frame of the small
 * lattice so the cells have the large tiles' own shapes: Euclidean on hex (hexagons),
 * Chebyshev on square (squares) and on offset-square (bricks: the columns stagger by half a
 * tile). A tile on the boundary between a selected and an unselected tile belongs to the
 * selection. Ground beyond the strategic map's own rim is off-map too.
 *
 * OFF-MAP is the map format's "no terrain" (palette index 0), which nothing else leaves on a
 * derived map's area tiles: an off-map area tile has no terrain; a linear tile is off-map when
 * every area tile beside it is. The movement engine already treats an area tile with no
 * terrain as unplayable, so no unit enters or crosses off-map ground (core/movement/tables.ts),
 * the renderer draws it in its empty colour, and deriving again from a derived map leaves it
 * off-map (no terrain has no substitute). Overlapping derivations agree on every tile both
 * have on the map; off-map tiles say nothing about the ground.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import { classifyTile, TileClass } from '../alform/classify.js';
import type { SubstituteFrame } from './placement.js';
import type { ColumnSpans } from './window-cover.js';
import { addSpan } from './window-cover.js';

export class SelectionCoverage {
  private readonly positions: readonly (readonly [number, number])[];
  /** The selected positions as a bitmap over their bounding box (a Set of keys cost a hash per probe). */
  private readonly minX: number;
  private readonly minY: number;
  private readonly width: number;
  private readonly height: number;
  private readonly bitmap: Uint8Array;

  constructor(
    private readonly placement: SubstituteFrame,
    positions: readonly (readonly [number, number])[],
  ) {
    this.positions = positions;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const [x, y] of positions) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
    const empty = positions.length === 0;
    this.minX = empty ? 0 : minX;
    this.minY = empty ? 0 : minY;
    this.width = empty ? 0 : maxX - minX + 1;
    this.height = empty ? 0 : maxY - minY + 1;
    this.bitmap = new Uint8Array(this.width * this.height);
    for (const [x, y] of positions) this.bitmap[(x - this.minX) * this.height + (y - this.minY)] = 1;
  }

  private isSelected(px: number, py: number): boolean {
    const i = px - this.minX;
    const j = py - this.minY;
    return i >= 0 && j >= 0 && i < this.width && j < this.height && this.bitmap[i * this.height + j] === 1;
  }

  /**
   * A measure that orders distances as the unit frame does: Euclidean on hex (hexagons),
   * Chebyshev on square and offset-square (squares, bricks). On hex it is the squared
   * distance, exact in doubles for integer points (0.75·dx² + (dy − dx/2)² is a multiple of
   * 1/4), so equal distances compare equal without a tolerance — this is the hot loop of a
   * derivation's shape, so no arrays and no square roots.
   */
  private measure(dx: number, dy: number): number {
    const v = dy - dx / 2;
    if (this.placement.lattice === 'hex') return 0.75 * dx * dx + v * v;
    if (this.placement.lattice === 'square') return Math.max(Math.abs(dx), Math.abs(dy));
    return Math.max(Math.abs(dx), Math.abs(v));
  }

  /** Whether small global tile (gx, gy) lies on the selected ground. */
  contains(gx: number, gy: number): boolean {
    const p = this.placement;
    const r = p.ratio;
    // Area tiles sit at even large positions; the nearest is among the 5 × 5 even positions around g / r.
    const cx = 2 * Math.round((gx - p.anchor[0]) / (2 * r));
    const cy = 2 * Math.round((gy - p.anchor[1]) / (2 * r));
    let best = Infinity;
    let inside = false;
    for (let px = cx - 4; px <= cx + 4; px += 2) {
      const dx = gx - p.centreX(px);
      for (let py = cy - 4; py <= cy + 4; py += 2) {
        const d = this.measure(dx, gy - p.centreY(py));
        if (d < best) {
          best = d;
          inside = this.isSelected(px, py);
        } else if (d === best && !inside) inside = this.isSelected(px, py);
      }
    }
    if (!inside) return false;
    // Beyond the strategic map's rim there is no ground to derive, selected or not.
    const n = p.covering(gx, gy, this.cover);
    for (let k = 0; k < n; k++) if (p.view.tileAt(this.cover[2 * k]!, this.cover[2 * k + 1]!) >= 0) return true;
    return false;
  }
  private readonly cover = new Int32Array(18);

  /**
   * Per global column, the span of small tiles the selected ground covers (for coverWindow).
   * Only a column's extremes matter, so each selected tile's box is scanned from its two ends
   * inwards to the first covered tile, not tile by tile throughout.
   */
  spans(): ColumnSpans {
    const p = this.placement;
    // A tile's cell lies within 2r small steps of its centre along both axes on every lattice.
    const reach = 2 * p.ratio;
    const spans: ColumnSpans = new Map();
    for (const [px, py] of this.positions) {
      const cx = p.centreX(px);
      const cy = p.centreY(py);
      for (let x = cx - reach; x <= cx + reach; x++) {
        let low = cy - reach;
        while (low <= cy + reach && !this.contains(x, low)) low++;
        if (low > cy + reach) continue;
        let high = cy + reach;
        while (high > low && !this.contains(x, high)) high--;
        addSpan(spans, x, low);
        addSpan(spans, x, high);
      }
    }
    return spans;
  }
}

/**
 * Whether a derived map's tile is off-map: an area tile with no terrain, or a linear tile
 * whose adjoining area tiles are all off-map.
 */
export function isOffMap(map: TerrainMap, tile: number, scratch = new Int32Array(8)): boolean {
  const t = map.layers.terrain;
  if (classifyTile(map.grid, tile) === TileClass.AREA) return t[tile] === 0;
  const n = map.grid.neighbors(tile, scratch);
  let areas = 0;
  for (let k = 0; k < n; k++) {
    const u = scratch[k]!;
    if (u < 0 || classifyTile(map.grid, u) !== TileClass.AREA) continue;
    areas++;
    if (t[u] !== 0) return false;
  }
  return areas > 0 || t[tile] === 0;
}

/**
 * Clears every tile of a derived map (tile (x, y) at global (originX + x, originY + y)) that
 * lies off the selected ground: no terrain (the elevation layer keeps the parent's ground
 * height, which says nothing about playability).
 */
export function markOffMap(map: TerrainMap, originX: number, originY: number, coverage: SelectionCoverage): void {
  const t = map.layers.terrain;
  const grid = map.grid;
  // Area tiles first, by the shape; then the linear tiles with off-map ground on every side,
  // so a border tile between the selection and the outside keeps its river or hedge.
  const off = new Uint8Array(grid.tileCount);
  for (let i = 0; i < grid.tileCount; i++) {
    if (classifyTile(grid, i) !== TileClass.AREA) continue;
    const [x, y] = grid.coord(i) as [number, number];
    if (!coverage.contains(originX + x, originY + y)) off[i] = 1;
  }
  for (let i = 0; i < grid.tileCount; i++) if (off[i] === 1) t[i] = 0;
  const scratch = new Int32Array(8);
  for (let i = 0; i < grid.tileCount; i++) {
    if (off[i] === 0 && classifyTile(grid, i) !== TileClass.AREA && isOffMap(map, i, scratch)) off[i] = 1;
  }
  for (let i = 0; i < grid.tileCount; i++) if (off[i] === 1) t[i] = 0;
}
