/**
 * The paint and erase tools: a stroke collects tiles while the button is down, shows them at
 * once (area tiles recoloured in place, the rest as an overlay) and is sent as ONE
 * `maps.paint` call when the button is released — one undo step per stroke. Between two
 * pointer samples the brush is laid along the grid's line (core/alform/brush.ts `brushLine`),
 * so a quick stroke leaves no dotted trail; off the map the trail breaks. On classic maps
 * a one-tile eraser near an edge that carries terrain erases the edge instead.
 *
 * Renderer layer: no DOM, no Three.js.
 */
import { fitsTile } from '../../map-model.js';
import { areaTileAt, nearestEdge } from '../../targeting.js';
import { brushFootprint, brushLine } from '../../../../../core/alform/brush.js';
import type { Gesture, Picked, ToolContext } from './types.js';

/** How close to an edge's midpoint (in tile spacings) the eraser takes the edge instead of the tile. */
const EDGE_REACH = 0.3;

/**
 * The tiles the paint or erase brush covers at `p` (empty for other tools or off the map):
 * a paint brush is centred on the area tile under the pointer and covers area tiles, an
 * eraser is centred on the tile under the pointer and takes linear tiles inside too.
 * The views outline it under the pointer before the button goes down.
 */
export function brushFootprintAt(ctx: ToolContext, p: Picked): Int32Array {
  const centre = brushCentre(ctx, p);
  return centre < 0 ? new Int32Array(0) : brushFootprint(ctx.loaded.map.grid, ctx.loaded.classes, centre, ctx.actions.brushSize, ctx.actions.tool === 'paint' ? 'area' : 'all');
}

/** The tile the brush is centred on at `p`: the area tile under the pointer when painting, the tile itself when erasing; −1 for other tools or off the map. */
function brushCentre(ctx: ToolContext, p: Picked): number {
  const s = ctx.actions;
  if (p.tile < 0 || (s.tool !== 'paint' && s.tool !== 'erase')) return -1;
  return s.tool === 'paint' ? areaTileAt(ctx.loaded, p.tile, p.point) : p.tile;
}

export class BrushStroke implements Gesture {
  private readonly stroke: number[] = [];
  private readonly inStroke = new Set<number>();
  /** The edge slots this stroke has erased already (one call each). */
  private readonly edges = new Set<number>();
  /** The brush centre of the last sample on the map (−1 at the start and after leaving the map). */
  private last = -1;

  constructor(private readonly ctx: ToolContext) {}

  move(p: Picked): void {
    if (p.tile < 0) {
      this.last = -1;
      return;
    }
    const { actions: s, loaded } = this.ctx;
    if (this.eraseEdge(p)) return;
    const centre = brushCentre(this.ctx, p);
    if (centre < 0) return;
    const which = s.tool === 'paint' ? 'area' : 'all';
    const centres = this.last < 0 ? [centre] : brushLine(loaded.map.grid, loaded.classes, this.last, centre, which);
    this.last = centre;
    const terrain = s.terrain(s.brushTerrain);
    let added = false;
    for (const c of centres) {
      for (const t of brushFootprint(loaded.map.grid, loaded.classes, c, s.brushSize, which)) {
        if (this.inStroke.has(t) || !fitsTile(loaded, terrain, t)) continue;
        this.inStroke.add(t);
        this.stroke.push(t);
        added = true;
      }
    }
    if (added) this.ctx.host.preview(this.stroke, s.brushTerrain);
  }

  async up(): Promise<void> {
    const tiles = this.stroke;
    if (tiles.length) {
      const { actions, loaded } = this.ctx;
      const terrain = actions.brushTerrain;
      const k = terrain === '' ? -1 : loaded.map.palette.indexOf(terrain);
      const layer = loaded.map.layers.terrain;
      // Skip a stroke that changes nothing (the main process would record an empty undo step).
      const changes = terrain !== '' && k < 0 ? true : tiles.some((t) => layer[t] !== k + 1);
      if (changes) await actions.paint(tiles, terrain);
    }
    this.ctx.host.clearPreview();
  }

  cancel(): void {}

  /** Classic maps: near an edge that carries terrain, a one-tile eraser erases the edge rather than the tile. */
  private eraseEdge(p: Picked): boolean {
    const { actions: s, loaded } = this.ctx;
    if (s.tool !== 'erase' || loaded.map.spec.alform || s.brushSize > 1) return false;
    const edge = nearestEdge(loaded, p.tile, p.point);
    const slot = edge ? loaded.map.grid.edgeSlot(edge.tile, edge.dir) : -1;
    if (!edge || slot < 0 || edge.distance >= EDGE_REACH * loaded.map.grid.spacing() || loaded.map.layers.edges![slot] === 0) return false;
    if (!this.edges.has(slot)) {
      this.edges.add(slot);
      void s.paintEdge(edge.tile, edge.dir, '');
    }
    return true;
  }
}
