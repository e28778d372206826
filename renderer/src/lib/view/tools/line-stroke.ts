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

/** What differs between the two kinds of line: what core builds, how it is shown and sent. */
interface LineKind {
  /** Feeds a pointer sample to core's stroke; true when the line changed. */
  add(p: Picked): boolean;
  /** The line so far: linear tiles (AL-FORM) or edge slots (classic). */
  drawn(): readonly number[];
  preview(drawn: readonly number[], terrain: string): void;
  /** The map layer the line's cells are in (terrain by tile, or by edge slot). */
  layer(): ArrayLike<number> | null | undefined;
  send(drawn: readonly number[], terrain: string): Promise<boolean>;
}

/** The linear tool's gesture for the map in `ctx`: a chain of linear tiles, or a run of edges. */
export function lineStroke(ctx: ToolContext): Gesture {
  const { actions, loaded, host } = ctx;
  const { map, classes } = loaded;
  if (classes) {
    // AL-FORM maps: core builds the chain of linear tiles.
    const line = new LinearStroke(map.grid, classes);
    return new LineStroke(ctx, {
      add: (p) => line.add(p),
      drawn: () => line.tiles,
      preview: (drawn, terrain) => host.preview(drawn, terrain),
      layer: () => map.layers.terrain,
      send: (drawn, terrain) => actions.drawLinear(drawn, terrain),
    });
  }
  // Classic maps: core builds the run of edges on the map's AL-FORM image.
  const line = new ClassicLinearStroke(map.grid);
  return new LineStroke(ctx, {
    add: (p) => line.add(p),
    drawn: () => line.edges,
    preview: (drawn, terrain) => host.previewEdges(drawn, terrain),
    layer: () => map.layers.edges,
    send: (drawn, terrain) => actions.drawEdges(drawn, terrain),
  });
}

class LineStroke implements Gesture {
  constructor(
    private readonly ctx: ToolContext,
    private readonly kind: LineKind,
  ) {}

  move(p: Picked): void {
    if (p.tile >= 0 && this.kind.add(p)) this.kind.preview(this.kind.drawn(), this.ctx.actions.brushTerrain);
  }

  async up(): Promise<void> {
    const drawn = this.kind.drawn();
    const terrain = this.ctx.actions.brushTerrain;
    const layer = this.kind.layer();
    const k = this.ctx.loaded.map.palette.indexOf(terrain);
    // Skip a stroke over cells that already carry the terrain (no empty undo step).
    if (drawn.length && layer && (k < 0 || drawn.some((c) => layer[c] !== k + 1))) await this.kind.send(drawn, terrain);
    this.ctx.host.clearPreview();
  }

  cancel(): void {}
}
