/**
 * The map's labels in every picture export (issue 30 item 1): place names, hex labels, river
 * names and notes (core/map/labels.ts), placed as the app places them and drawn in their
 * style's look (core/map/label-look.ts) with a halo, after everything else on the map so
 * they read over any terrain.
 *
 * The scene keeps them in scene units (`sceneMapLabels`); `drawMapLabels` turns them into
 * output units and hands them to the painter. Writers that draw lettering as lines (PNG, PDF,
 * SVG with text as paths) use `labelStrokes`: the stroke font's capitals, slanted for italic
 * styles and heavier for bold ones, turned about the label's centre; the halo is the same
 * lines stroked wider in the halo colour underneath.
 *
 * Globes: the scene is projected to degrees (lonlat.ts), so a label goes to the longitude and
 * latitude of its place on the sphere (core/map/globe-labels.ts), its height turned into
 * degrees of latitude and a river's name turned along its chain as the projection draws it.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../map/terrain-map.js';
import type { LabelStyle } from '../map/labels.js';
import { placeLabel } from '../map/labels.js';
import { LABEL_LOOKS } from '../map/label-look.js';
import { placeOnSphere, type SpherePlacement } from '../map/globe-labels.js';
import { toLonLat } from './lonlat.js';
import { textPolylines } from './stroke-font.js';

/** A label in scene units (y up): centre, baseline angle (radians, counter-clockwise), text height. */
export interface SceneMapLabel {
  readonly x: number;
  readonly y: number;
  readonly angle: number;
  readonly height: number;
  readonly text: string;
  readonly style: LabelStyle;
}

/** A label in output units (y down): centre, angle (radians, clockwise on the page), text height. */
export interface MapLabelItem {
  readonly x: number;
  readonly y: number;
  readonly angle: number;
  readonly size: number;
  readonly text: string;
  readonly style: LabelStyle;
}

/** Capital height of the stroke font as a fraction of the text height (as a typeface's). */
const CAP = 0.72;
/** Italic slant of the stroke font (x shift per unit of height). */
const SLANT = 0.2;

const DEG = 180 / Math.PI;

/** The labels of a map whose centre falls inside `bounds` (the exported region; degrees on a globe). */
export function sceneMapLabels(map: TerrainMap, bounds: { x0: number; y0: number; x1: number; y1: number }): SceneMapLabel[] {
  const globe = map.grid.modelDimensions === 3;
  const out: SceneMapLabel[] = [];
  for (const label of map.labels) {
    const p = globe ? lonLatPlacement(placeOnSphere(map, label)) : placeLabel(map, label);
    if (!p) continue;
    if (p.x < bounds.x0 || p.x > bounds.x1 || p.y < bounds.y0 || p.y > bounds.y1) continue;
    out.push({ x: p.x, y: p.y, angle: p.angle, height: p.height, text: label.text, style: label.style });
  }
  return out;
}

/**
 * A globe label's place on the lon/lat plane: its centre's longitude and latitude, its height
 * in degrees (of latitude: a degree of arc), and a river name's angle from the direction its
 * chain runs, seen in the projection (a small step along it), kept reading left to right.
 */
function lonLatPlacement(s: SpherePlacement | null): { x: number; y: number; angle: number; height: number } | null {
  if (!s) return null;
  const c = [0, 0];
  toLonLat(s.at[0], s.at[1], s.at[2], c);
  let angle = 0;
  if (s.along) {
    const e = 1e-4;
    const q = [0, 0];
    toLonLat(s.at[0] + e * s.along[0], s.at[1] + e * s.along[1], s.at[2] + e * s.along[2], q);
    let dLon = q[0]! - c[0]!;
    if (dLon > 180) dLon -= 360;
    else if (dLon < -180) dLon += 360;
    angle = Math.atan2(q[1]! - c[1]!, dLon);
    if (angle > Math.PI / 2) angle -= Math.PI;
    else if (angle < -Math.PI / 2) angle += Math.PI;
  }
  return { x: c[0]!, y: c[1]!, angle: angle + s.turn, height: s.height * DEG };
}

/** The labels through a view (scene → output), leaving out those too small to print (under 3 output units). */
export function labelItems(labels: readonly SceneMapLabel[], tx: (x: number) => number, ty: (y: number) => number, scale: number): MapLabelItem[] {
  const out: MapLabelItem[] = [];
  for (const l of labels) {
    const size = l.height * scale;
    if (size < 3) continue;
    out.push({ x: tx(l.x), y: ty(l.y), angle: -l.angle, size, text: l.text, style: l.style });
  }
  return out;
}

export interface LabelStrokes {
  /** The letters' polylines in output units. */
  readonly lines: number[][];
  readonly ink: string;
  readonly inkWidth: number;
  readonly halo: string;
  /** Width of the halo strokes (drawn first, under the ink). */
  readonly haloWidth: number;
}

/** A label as stroke-font lines, centred on its point and turned by its angle, with its colours and widths. */
export function labelStrokes(item: MapLabelItem): LabelStrokes {
  const look = LABEL_LOOKS[item.style];
  const cap = item.size * CAP;
  const lines = textPolylines(item.text, 0, cap / 2, cap, 'middle');
  const cos = Math.cos(item.angle);
  const sin = Math.sin(item.angle);
  for (const line of lines) {
    for (let i = 0; i < line.length; i += 2) {
      // Slant (italic) about the letters' middle height, then turn about the centre.
      const x = look.italic ? line[i]! - line[i + 1]! * SLANT : line[i]!;
      const y = line[i + 1]!;
      line[i] = item.x + x * cos - y * sin;
      line[i + 1] = item.y + x * sin + y * cos;
    }
  }
  const inkWidth = Math.max(0.5, cap * (look.bold ? 0.17 : 0.11));
  return { lines, ink: look.fill, inkWidth, halo: look.halo, haloWidth: inkWidth + 2 * look.haloWidth * item.size };
}
