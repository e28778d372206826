/**
 * Which linear pieces of element (B) the placed vector instances draw themselves (issue 25,
 * "the drawn map shows painted terrain wherever no instance draws it"). Placing a tile writes
 * the lines it carries across its edges onto the map (core/assemble derive-terrain.ts: the
 * classic edge layer; AL-FORM linear tiles), so movement and sight read them; drawn by (B)
 * as well, a placed river would show twice — the vector line and a strip of blobs over it.
 *
 * The rule: a linear piece — a classic map's edge, or an AL-FORM linear tile — is not drawn
 * by (B) when an adjoining placed instance carries a line of the piece's own terrain across
 * that edge (the instance's vector element draws it there). Every other painted piece stays
 * drawn: a river painted where no instance carries one, a road beside a forest tile.
 *
 * `InstanceLines` answers per cell and edge from the placed tile's edge indicators
 * (core/vector indicators.ts), worked out once per (tile, placement, shape) on flat maps and
 * once per cell on the globe; `forget` the cells an edit placed or cleared.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { cellShapeOf, edgeDirections, facingBack } from '../assemble/cell-geometry.js';
import { placedTile } from '../assemble/placed-tile.js';
import type { Grid } from '../grid/types.js';
import type { InstanceLayer } from '../map/instance-layer.js';
import { decodePlacement } from '../map/orientation-code.js';
import type { TerrainMap } from '../map/terrain-map.js';
import { edgeIndicators } from '../vector/indicators.js';
import type { TileShape } from '../vector/shape.js';
import type { VectorTile } from '../vector/types.js';
import type { FlatFrame } from './flat-frame.js';
import type { FlatLinearSource } from './linear-flat.js';

/** Line terrains a placed instance carries across each of its edges, by edge direction. */
type LinesByDir = readonly (readonly string[] | undefined)[];

export class InstanceLines {
  /** Placed tiles whose edge crossings were worked out (tests assert the work an edit costs). */
  placements = 0;
  private layer: InstanceLayer | null = null;
  private readonly byCell = new Map<number, LinesByDir>();
  /** Flat maps: one answer per (cell shape, tile, placement). */
  private readonly shared = new Map<TileShape, Map<string, LinesByDir>>();

  constructor(
    private readonly map: TerrainMap,
    private readonly tiles: (id: string) => VectorTile | null,
  ) {}

  /** Whether the instance on `cell` carries a line of terrain `name` across its edge facing direction `d`. */
  crosses(cell: number, d: number, name: string): boolean {
    const layer = this.map.instances;
    if (!layer || cell < 0 || layer.tileRef[cell]! < 0) return false;
    if (layer !== this.layer) {
      // A new instance layer (an edit replaced it): nothing known of the old one holds.
      this.layer = layer;
      this.byCell.clear();
    }
    return this.linesOf(layer, cell)?.[d]?.includes(name) ?? false;
  }

  /** Cells whose instance was placed, replaced or cleared: asked again. */
  forget(cells: ArrayLike<number>): void {
    for (let k = 0; k < cells.length; k++) this.byCell.delete(cells[k]!);
  }

  private linesOf(layer: InstanceLayer, cell: number): LinesByDir | null {
    const known = this.byCell.get(cell);
    if (known) return known;
    const id = layer.tileIds[layer.tileRef[cell]!]!;
    const code = layer.code[cell]!;
    const grid = this.map.grid;
    const shape = cellShapeOf(grid, cell, this.map.spec.alform);
    const globe = grid.modelDimensions !== 2;
    let byKey = globe ? undefined : this.shared.get(shape);
    let lines = byKey?.get(`${code} ${id}`);
    if (!lines) {
      const tile = this.tiles(id);
      // A tile not at hand yet (fetched after placing) is asked again when it arrives.
      if (!tile) return null;
      this.placements++;
      const out: (readonly string[] | undefined)[] = [];
      for (const e of edgeIndicators(placedTile(tile, decodePlacement(code), shape))) {
        out[e.dir] = e.positions.filter((p) => p.kind === 'line').map((p) => p.terrain);
      }
      lines = out;
      if (!globe) {
        if (!byKey) this.shared.set(shape, (byKey = new Map()));
        byKey.set(`${code} ${id}`, lines);
      }
    }
    this.byCell.set(cell, lines);
    return lines;
  }
}

/**
 * Flat maps, AL lattice coordinates (flat-sources.ts): whether an instance beside the linear
 * position (x, y) — classic: an edge at doubled coordinates; AL-FORM: a linear tile — draws
 * its terrain `name` across it. The area cells beside it lie one direction step away.
 */
export function flatDrawnByInstance(lines: InstanceLines, frame: FlatFrame, alform: boolean, x: number, y: number, name: string): boolean {
  const { dx, dy } = frame;
  for (let d = 0; d < dx.length; d++) {
    const ax = x - dx[d]!;
    const ay = y - dy[d]!;
    if (((ax | ay) & 1) !== 0) continue;
    const cell = alform ? frame.indexAt(ax, ay) : frame.indexAt(ax / 2, ay / 2);
    if (cell >= 0 && lines.crosses(cell, d, name)) return true;
  }
  return false;
}

/** AL-FORM globes: whether an area instance beside linear tile `s` draws its terrain `name` across the edge facing `s`. */
export function globeDrawnByInstance(lines: InstanceLines, grid: Grid, s: number, name: string): boolean {
  for (const d of edgeDirections(grid, s)) {
    const n = grid.neighbor(s, d);
    if (n >= 0 && lines.crosses(n, facingBack(grid, s, d, n), name)) return true;
  }
  return false;
}

/**
 * `source` without the linear pieces the instances draw: they read as empty (0), so they draw
 * nothing and the strips beside them end as they would beside an empty tile.
 */
export function withoutInstanceDrawn(source: FlatLinearSource, drawn: (x: number, y: number, terrain: number) => boolean): FlatLinearSource {
  const shown = (x: number, y: number, t: number) => (t === 0 || ((x | y) & 1) === 0 || !drawn(x, y, t) ? t : 0);
  return {
    scale: source.scale,
    ownerCount: source.ownerCount,
    terrainAt: (x, y) => shown(x, y, source.terrainAt(x, y)),
    ownerAt: (x, y) => source.ownerAt(x, y),
    coordsOf: (owner, out) => source.coordsOf(owner, out),
    forEachFeature(visit) {
      source.forEachFeature((x, y, owner, t) => {
        if (shown(x, y, t) !== 0) visit(x, y, owner, t);
      });
    },
  };
}
