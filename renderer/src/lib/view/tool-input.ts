/**
 * What the primary pointer button does with the current tool, for the flat view and the
 * globe alike (each view only turns pointer positions into a picked tile + model point).
 *
 * This is the dispatcher; each tool lives in tools/:
 *   brush-stroke.ts  paint and erase strokes (one `maps.paint` per stroke), the brush footprint
 *   line-stroke.ts   the linear tool (AL-FORM chains, classic edges), one call per stroke
 *   fill-click.ts    fill (an area, or a whole linear feature)
 *   ground-press.ts  the ground tool ('select'): the selection a derivation starts from
 *   region-shape.ts  the region tools (rectangle, lasso) in screen space
 *   (the label tool, 'label', is one click: the label editor opens there, lib/stores/labels.svelte.ts)
 *   (fill-select, 'wand', is one click: core/map/region-select.ts fillSelection through the selection store)
 *   types.ts, tool-actions.ts  what the tools need from the view and the stores
 * Analysis tools act on click, on the area tile under the pointer (core/alform/area-pick.ts); the place tool places the chosen vector tile on a click, or
 * lists what fits the tile clicked. Ctrl/⌘-click on ground a child map was derived from opens
 * that map. In paste mode, whatever the tool, the pasted region's ghost follows the pointer
 * and a click lands it (lib/stores/regions.svelte.ts).
 *
 * It reaches the stores only through `ToolActions` (built from the workbench by
 * `toolActions`), so it is tested with a fake (tool-input.test.ts) and no WebGL.
 *
 * Renderer layer: no DOM, no Three.js.
 */
import type { LoadedMap } from '../map-model.js';
import { areaTileAt } from '../targeting.js';
import { groundTileAt } from '../selection.js';
import { selectionOp } from '../../../../core/map/region-select.js';
import { NO_MODIFIERS, type Gesture, type Modifiers, type Picked, type ToolActions, type ToolContext, type ToolHost } from './tools/types.js';
import { BrushStroke, brushFootprintAt } from './tools/brush-stroke.js';
import { lineStroke } from './tools/line-stroke.js';
import { fillAt } from './tools/fill-click.js';
import { GroundPress } from './tools/ground-press.js';
import { RegionShape } from './tools/region-shape.js';

export { NO_MODIFIERS, type Modifiers, type Picked, type ToolActions, type ToolHost } from './tools/types.js';
export { toolActions } from './tools/tool-actions.js';

export class ToolInput {
  private readonly ctx: ToolContext;
  /** The press under way (the button is down with a dragging tool), if any. */
  private gesture: Gesture | null = null;

  constructor(actions: ToolActions, loaded: LoadedMap, host: ToolHost) {
    this.ctx = { actions, loaded, host };
  }

  get stroking(): boolean {
    return this.gesture !== null;
  }

  down(p: Picked, mods: Modifiers = NO_MODIFIERS): void {
    const { actions: s, loaded } = this.ctx;
    if (s.pasting) {
      // The anchor is an area tile (AL-FORM regions are anchored on one), as for the ghost.
      const anchor = areaTileAt(loaded, p.tile, p.point);
      if (anchor >= 0) void s.pasteAt(anchor);
      return;
    }
    if (mods.command && p.tile >= 0) {
      const child = s.childAt(groundTileAt(loaded, p.tile, p.point));
      if (child) {
        void s.openMap(child);
        return;
      }
    }
    switch (s.tool) {
      case 'select':
        this.gesture = new GroundPress(this.ctx, p, mods);
        return;
      case 'wand':
        if (p.tile >= 0) s.fillSelect(wandTileAt(loaded, p.tile, p.point), selectionOp({ shift: mods.shift, alt: mods.alt ?? false }));
        return;
      case 'marquee':
      case 'lasso':
        this.gesture = new RegionShape(this.ctx, p, s.tool === 'lasso', mods);
        return;
      case 'paint':
      case 'erase':
        this.gesture = new BrushStroke(this.ctx);
        this.move(p);
        return;
      case 'linear':
        this.gesture = lineStroke(this.ctx, mods);
        this.move(p);
        return;
      case 'fill':
        if (p.tile >= 0) void fillAt(this.ctx, p);
        return;
      case 'label':
        // A label goes where the designer clicked: anywhere on a flat map, on the sphere on a globe.
        if (loaded.map.grid.modelDimensions === 2 || p.tile >= 0) s.startLabel(p.point, p.tile);
        return;
      case 'place': {
        // On AL-FORM maps tiles go on area tiles: the one under the pointer, or the nearest.
        const t = p.tile >= 0 ? groundTileAt(loaded, p.tile, p.point) : -1;
        if (t >= 0) void s.placeClick(t);
        return;
      }
      default: {
        // Path, reach, LOS and FOV ask about ground: a click over a hexside means the hex drawn there.
        const t = areaTileAt(loaded, p.tile, p.point);
        if (t >= 0) void s.analyse(s.tool, t);
      }
    }
  }

  /** Every pointer move, pressed or not: the paste ghost follows it. */
  hover(p: Picked): void {
    const { actions, loaded } = this.ctx;
    if (actions.pasting) actions.showGhost(p.tile < 0 ? -1 : areaTileAt(loaded, p.tile, p.point));
  }

  /** A stroke may start off the map; tiles count from where the pointer enters it. */
  move(p: Picked): void {
    this.gesture?.move(p);
  }

  /** The paint or erase brush's tiles at `p` (empty for other tools or off the map; tools/brush-stroke.ts). */
  footprint(p: Picked): Int32Array {
    return brushFootprintAt(this.ctx, p);
  }

  async up(): Promise<void> {
    const gesture = this.gesture;
    if (!gesture) return;
    this.gesture = null;
    await gesture.up();
  }

  cancel(): void {
    const gesture = this.gesture;
    if (!gesture) return;
    this.gesture = null;
    gesture.cancel();
    this.ctx.host.clearPreview();
  }
}

/** The tile fill-select starts from: a river or road under the pointer (its whole run), else the area tile drawn there. */
function wandTileAt(loaded: LoadedMap, tile: number, point: Picked['point']): number {
  const ground = groundTileAt(loaded, tile, point);
  return ground >= 0 ? ground : tile;
}
