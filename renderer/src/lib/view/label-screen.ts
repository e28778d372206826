/**
 * Where the map's labels fall on the flat view (MapLabels.svelte draws them as text over the
 * canvas): core's placement (core/map/labels.ts placeLabel: a tile's centre, a point, the
 * middle of a river's chain) through the view box, with the text height in CSS pixels.
 * Labels too small to read at this zoom, or off screen, are left out.
 *
 * Renderer layer: no DOM, no Three.js.
 */
import type { LabelledMap, MapLabel } from '../../../../core/map/labels.js';
import { placeLabel } from '../../../../core/map/labels.js';
import type { FlatViewBox } from './minimap.js';

/** Below this text height (CSS px) a label is not drawn: it would be a smudge. */
export const MIN_LABEL_PX = 4;

export interface ScreenLabel {
  readonly label: MapLabel;
  /** The label's centre in CSS pixels over the canvas. */
  readonly x: number;
  readonly y: number;
  /** Degrees clockwise on screen (CSS rotate). */
  readonly turn: number;
  /** Text height in CSS pixels. */
  readonly px: number;
}

/** Model point → CSS pixels over the canvas (the flat view's `data-view` rule). */
export function toScreen(box: FlatViewBox, x: number, y: number): [number, number] {
  return [box.width / 2 + (x - box.cx) * box.scale, box.height / 2 - (y - box.cy) * box.scale];
}

/** CSS pixels over the canvas → model point. */
export function toModel(box: FlatViewBox, sx: number, sy: number): [number, number] {
  return [box.cx + (sx - box.width / 2) / box.scale, box.cy - (sy - box.height / 2) / box.scale];
}

export function labelsOnScreen(map: LabelledMap, labels: readonly MapLabel[], box: FlatViewBox): ScreenLabel[] {
  const out: ScreenLabel[] = [];
  for (const label of labels) {
    const p = placeLabel(map, label);
    const px = p.height * box.scale;
    if (px < MIN_LABEL_PX) continue;
    const [x, y] = toScreen(box, p.x, p.y);
    // A generous margin: a long name centred just off screen still shows its end.
    const reach = px * Math.max(4, label.text.length);
    if (x < -reach || y < -reach || x > box.width + reach || y > box.height + reach) continue;
    out.push({ label, x, y, turn: (-p.angle * 180) / Math.PI, px });
  }
  return out;
}
