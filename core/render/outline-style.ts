/**
 * Line styles of the outline elements (C) and (D) for one MOVEMENT-MODE (SPEC §5: "line
 * colour, width and style come from the terrain, and may be specific to one unit or one
 * MOVEMENT-MODE"; patent: the lines of (C)/(D) are a function of the terrain of the tile
 * whose polygon is traced). Compiled per mode into typed arrays indexed by palette index.
 *
 * The default style table:
 * - colour: by cost class, a ramp a designer reads at a glance (COST_CLASS_COLOURS: green
 *   easy, amber slow, orange very slow, violet crawl), so foot in forest (slow, amber) and
 *   wheeled in forest (crawl, violet) differ in colour as well as in dash;
 * - width (screen pixels, a hint for the renderer's line material): area 1.5; linear by
 *   width class, narrow 1, medium 1.5, wide 2;
 * - dashed by cost class (core/movement/cost-class.ts): solid where entering the terrain
 *   costs this mode at most 1 per TILE-SPACING, long dashes where it is slow (≤ 2), short
 *   dashes where very slow (≤ 3), dots where it is a crawl — so foot in forest (2) and
 *   wheeled in forest (4) look different (`dashScale`: line distance per model unit, 0 solid);
 * - playable: the mode's PLAYABLE flag; only playable tiles get (C)/(D);
 * - barrier: what the mode cannot pass (core/movement/cost-class.ts `modeBarrier`: ground it
 *   cannot enter, lines it cannot cross) is marked plainly instead, as a thick solid line in
 *   BARRIER_COLOUR (edge-coverage.ts `barrierOutlines`; the renderer draws it BARRIER_PIXELS wide).
 * A caller may replace colour, width and dash per terrain and mode with `OutlineStyleRule`.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Terrain, TerrainCatalogue } from '../terrain/types.js';
import { compileMovement, resolvePalette } from '../terrain/compiled.js';
import { costClass, modeBarrier } from '../movement/cost-class.js';

export interface OutlineLook {
  /** `#rrggbb` */
  readonly colour: string;
  readonly width: number;
  readonly dashed: boolean;
  /** Dash density where dashed (1 long dashes … 5 dots); absent: by the cost class. */
  readonly dashScale?: number;
}

/** Per-terrain override; return undefined to keep the default look. */
export type OutlineStyleRule = (terrain: Terrain, mode: string, fallback: OutlineLook) => OutlineLook | undefined;

export interface OutlineStyles {
  readonly mode: string;
  readonly size: number;
  /** 1 where the terrain is PLAYABLE for this mode. Index 0 (no terrain) is never playable. */
  readonly playable: Uint8Array;
  readonly rgba: Uint8Array;
  readonly width: Float32Array;
  readonly dashed: Uint8Array;
  /** Per palette index: the line distance per model unit the dashed shader cuts (0 solid, 1 long dashes, larger denser). */
  readonly dashScale: Float32Array;
  /** Per palette index: the mode's cost class (COST_CLASSES index), −1 where impassable. */
  readonly costClass: Int8Array;
  /** Per palette index: 1 where the terrain is a BARRIER to this mode (marked plainly); 0 for index 0. */
  readonly barrier: Uint8Array;
}

/** Dash density of each cost class (COST_CLASSES order): solid, long dashes, short dashes, dots. */
export const COST_CLASS_DASH_SCALE: readonly number[] = [0, 1, 2.5, 5];

/** Outline colour of each cost class (COST_CLASSES order): green, amber, orange, violet. */
export const COST_CLASS_COLOURS: readonly string[] = ['#2e7d32', '#b58900', '#d4560b', '#b03ae0'];

/** The plain mark of what a mode cannot pass: dark red, far from every class colour. */
export const BARRIER_COLOUR = '#b0102a';
/** Screen width of the barrier mark, twice and more the widest outline. */
export const BARRIER_PIXELS = 4;

const LINEAR_PIXELS = { narrow: 1, medium: 1.5, wide: 2 } as const;
const AREA_PIXELS = 1.5;

export function compileOutlineStyles(catalogue: TerrainCatalogue, palette: readonly string[], mode: string, rule?: OutlineStyleRule): OutlineStyles {
  const movement = compileMovement(catalogue, palette, mode);
  const terrains = resolvePalette(catalogue, palette);
  const n = terrains.length + 1;
  const rgba = new Uint8Array(4 * n);
  const width = new Float32Array(n);
  const dashed = new Uint8Array(n);
  const dashScale = new Float32Array(n);
  const classes = new Int8Array(n).fill(-1);
  const barrier = new Uint8Array(n);
  terrains.forEach((t, i) => {
    const k = i + 1;
    classes[k] = costClass(movement.cost[k]!);
    if (modeBarrier(t, mode)) {
      barrier[k] = 1;
      // Barrier segments of (C)/(D) never exist; the table's colour serves barrierOutlines.
      rgba.set(rgbaOf(BARRIER_COLOUR), 4 * k);
      width[k] = BARRIER_PIXELS;
      return;
    }
    const byClass = COST_CLASS_DASH_SCALE[classes[k]!] ?? 0;
    const fallback: OutlineLook = {
      colour: COST_CLASS_COLOURS[classes[k]!] ?? outlineColour(t.colour),
      width: t.class === 'linear' ? LINEAR_PIXELS[t.width] : AREA_PIXELS,
      dashed: byClass > 0,
    };
    const look = rule?.(t, mode, fallback) ?? fallback;
    if (!/^#[0-9a-fA-F]{6}$/.test(look.colour)) throw new Error(`outline colour of "${t.id}" for mode "${mode}": expected "#rrggbb", got ${JSON.stringify(look.colour)}`);
    if (!(look.width > 0)) throw new Error(`outline width of "${t.id}" for mode "${mode}" must be a positive number of pixels, got ${look.width}`);
    rgba.set(rgbaOf(look.colour), 4 * k);
    width[k] = look.width;
    dashed[k] = look.dashed ? 1 : 0;
    dashScale[k] = look.dashed ? (look.dashScale ?? (byClass || 1)) : 0;
  });
  return { mode, size: n, playable: movement.playable, rgba, width, dashed, dashScale, costClass: classes, barrier };
}

/** '#rrggbb' → opaque rgba bytes. */
function rgbaOf(colour: string): number[] {
  const v = parseInt(colour.slice(1), 16);
  return [(v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff, 255];
}

/** Half brightness, or half way to white for colours too dark to darken (see header). */
export function outlineColour(colour: string): string {
  const v = parseInt(colour.slice(1), 16);
  const r = (v >> 16) & 0xff;
  const g = (v >> 8) & 0xff;
  const b = v & 0xff;
  const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  const f = (c: number) => Math.round(luminance < 0.2 ? c + (255 - c) / 2 : c / 2);
  return `#${[f(r), f(g), f(b)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}
