/**
 * The linear tool. A terrain the catalogue runs THROUGH tiles (roads, railroads, trails:
 * core/terrain/network.ts) is drawn centre to centre on any map: core's NetworkStroke makes
 * the chain of ground tiles, previewed as the network it will leave and sent as ONE
 * `drawNetwork` (issue 26); with Alt held the stroke erases that network along the chain
 * instead (ONE `eraseNetwork`). Otherwise, on an AL-FORM map the pointer samples go to core's LinearStroke, the
 * connected chain it makes is previewed while dragging and sent as ONE `maps.drawLinear`
 * (crossings become composites there). Classic maps take linear terrain on edges: the same
 * rule, built on the map's AL-FORM image (core/alform/classic-stroke.ts), previewed as edges
 * and sent as ONE `maps.drawEdges`.
 *
 * Renderer layer: no DOM, no Three.js.
 */
import { LinearStroke } from '../../../../../core/alform/linear-stroke.js';
import { ClassicLinearStroke } from '../../../../../core/alform/classic-stroke.js';
import { NetworkStroke } from '../../../../../core/alform/network-stroke.js';
import { runsThrough } from '../../../../../core/terrain/network.js';
import { NO_MODIFIERS, type Gesture, type Modifiers, type Picked, type ToolContext } from './types.js';
import { connectionKind } from '../../../../../core/map/network-code.js';

/** What differs between the two kinds of line: what core builds, how it is shown and sent. */
interface LineKind {
  /** Feeds a pointer sample to core's stroke; true when the line changed. */
  add(p: Picked): boolean;
  /** The line so far: linear tiles (AL-FORM) or edge slots (classic). */
  drawn(): readonly number[];
  preview(drawn: readonly number[], terrain: string): void;
  /** Whether sending the line would change nothing (no empty undo step). */
  unchanged(drawn: readonly number[], terrain: string): boolean;
  send(drawn: readonly number[], terrain: string): Promise<boolean>;
}

/** The linear tool's gesture for the map in `ctx`: a chain of linear tiles, or a run of edges. */
export function lineStroke(ctx: ToolContext, mods: Modifiers = NO_MODIFIERS): Gesture {
  const { actions, loaded, host } = ctx;
  const { map, classes } = loaded;
  if (actions.catalogue && runsThrough(actions.catalogue, actions.brushTerrain)) {
    // Through-tile networks: centre to centre on every kind of map.
    const line = new NetworkStroke(map.grid, classes);
    if (mods.alt) {
      const kind = map.palette.indexOf(actions.brushTerrain) + 1;
      return new LineStroke(ctx, {
        add: (p) => line.add(p),
        drawn: () => line.tiles,
        preview: () => {},
        // Nothing to erase unless the network is on the chain's tiles.
        unchanged: (drawn) => drawn.length < 2 || kind === 0 || !drawn.some((t) => map.networks?.at(t).some((c) => connectionKind(c) === kind)),
        send: (drawn, terrain) => actions.eraseNetwork(drawn, terrain),
      });
    }
    return new LineStroke(ctx, {
      add: (p) => line.add(p),
      drawn: () => line.tiles,
      preview: (drawn, terrain) => host.previewNetwork(drawn, terrain),
      // One tile joins nothing.
      unchanged: (drawn) => drawn.length < 2,
      send: (drawn, terrain) => actions.drawNetwork(drawn, terrain),
    });
  }
  if (classes) {
    // AL-FORM maps: core builds the chain of linear tiles.
    const line = new LinearStroke(map.grid, classes);
    return new LineStroke(ctx, {
      add: (p) => line.add(p),
      drawn: () => line.tiles,
      preview: (drawn, terrain) => host.preview(drawn, terrain),
      unchanged: (drawn, terrain) => carries(map.layers.terrain, map.palette, drawn, terrain),
      send: (drawn, terrain) => actions.drawLinear(drawn, terrain),
    });
  }
  // Classic maps: core builds the run of edges on the map's AL-FORM image.
  const line = new ClassicLinearStroke(map.grid);
  return new LineStroke(ctx, {
    add: (p) => line.add(p),
    drawn: () => line.edges,
    preview: (drawn, terrain) => host.previewEdges(drawn, terrain),
    unchanged: (drawn, terrain) => carries(map.layers.edges, map.palette, drawn, terrain),
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
    if (drawn.length && !this.kind.unchanged(drawn, terrain)) await this.kind.send(drawn, terrain);
    this.ctx.host.clearPreview();
  }

  cancel(): void {}
}

/** Whether every cell of `drawn` in `layer` already carries `terrain` (a stroke over it would be an empty undo step). */
function carries(layer: ArrayLike<number> | null | undefined, palette: readonly string[], drawn: readonly number[], terrain: string): boolean {
  const k = palette.indexOf(terrain);
  return !layer || (k >= 0 && drawn.every((c) => layer[c] === k + 1));
}
