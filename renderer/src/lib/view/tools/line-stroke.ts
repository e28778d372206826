/**
 * The linear tool. On an AL-FORM map the pointer samples go to core's LinearStroke, the
 * connected chain it makes is previewed while dragging and sent as ONE `maps.drawLinear`
 * (crossings become composites there). Classic maps take linear terrain on edges: the same
 * rule, built on the map's AL-FORM image (core/alform/classic-stroke.ts), previewed as edges
 * and sent as ONE `maps.drawEdges`.
 *
 * Renderer layer: no DOM, no Three.js.
 */
import { LinearStroke } from '../../../../../core/alform/linear-stroke.js';
import { ClassicLinearStroke } from '../../../../../core/alform/classic-stroke.js';
import type { Gesture, Picked, ToolContext } from './types.js';

/** The linear tool's gesture for the map in `ctx`: a chain of linear tiles, or a run of edges. */
export function lineStroke(ctx: ToolContext): Gesture {
  return ctx.loaded.classes ? new ChainStroke(ctx) : new EdgeStroke(ctx);
}

/** AL-FORM maps: core builds the chain of linear tiles. */
class ChainStroke implements Gesture {
  private readonly line: LinearStroke;

  constructor(private readonly ctx: ToolContext) {
    this.line = new LinearStroke(ctx.loaded.map.grid, ctx.loaded.classes!);
  }

  move(p: Picked): void {
    if (p.tile >= 0 && this.line.add(p)) this.ctx.host.preview(this.line.tiles, this.ctx.actions.brushTerrain);
  }

  async up(): Promise<void> {
    const { actions, loaded } = this.ctx;
    const chain = this.line.tiles;
    const terrain = actions.brushTerrain;
    const layer = loaded.map.layers.terrain;
    const k = loaded.map.palette.indexOf(terrain);
    // Skip a stroke over tiles that already carry the terrain (no empty undo step).
    if (chain.length && (k < 0 || chain.some((t) => layer[t] !== k + 1))) await actions.drawLinear(chain, terrain);
    this.ctx.host.clearPreview();
  }

  cancel(): void {}
}

/** Classic maps: core builds the run of edges on the map's AL-FORM image. */
class EdgeStroke implements Gesture {
  private readonly line: ClassicLinearStroke;

  constructor(private readonly ctx: ToolContext) {
    this.line = new ClassicLinearStroke(ctx.loaded.map.grid);
  }

  move(p: Picked): void {
    if (p.tile >= 0 && this.line.add(p)) this.ctx.host.previewEdges(this.line.edges, this.ctx.actions.brushTerrain);
  }

  async up(): Promise<void> {
    const { actions, loaded } = this.ctx;
    const slots = this.line.edges;
    const terrain = actions.brushTerrain;
    const edges = loaded.map.layers.edges;
    const k = loaded.map.palette.indexOf(terrain);
    if (slots.length && edges && (k < 0 || slots.some((e) => edges[e] !== k + 1))) await actions.drawEdges(slots, terrain);
    this.ctx.host.clearPreview();
  }

  cancel(): void {}
}
