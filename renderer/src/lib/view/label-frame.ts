/**
 * The label layer's frame (MapLabels.svelte): the flat view's box or the globe's camera, and
 * the three things the layer asks of either — the labels on screen, a model point's pixel
 * (the draft editor's place) and the model point under a pixel (where a dragged label lands).
 *
 * Renderer layer: no DOM, no Three.js.
 */
import type { LabelledMap, MapLabel } from '../../../../core/map/labels.js';
import type { FlatViewBox } from './minimap.js';
import { labelsOnScreen, toModel, toScreen, type ScreenLabel } from './label-screen.js';
import type { GlobeCamera } from './globe-camera.js';
import { globeLabelsOnScreen } from './globe-label-screen.js';

/**
 * What the label layer places labels through: the flat view's box, or a copy of the globe
 * view's camera as it last drew (globe-label-screen.ts; a fresh copy each frame, so the
 * layer sees the frame change).
 */
export type LabelFrame = { readonly kind: 'flat'; readonly box: FlatViewBox } | { readonly kind: 'globe'; readonly cam: GlobeCamera };

/** The labels on screen through either view. */
export function labelsInFrame(map: LabelledMap, labels: readonly MapLabel[], frame: LabelFrame): ScreenLabel[] {
  return frame.kind === 'flat' ? labelsOnScreen(map, labels, frame.box) : globeLabelsOnScreen(map, labels, frame.cam);
}

/** A model point (x, y flat; x, y, z on the globe) → CSS pixels, or null on the globe's far side. */
export function frameToScreen(frame: LabelFrame, p: readonly number[]): [number, number] | null {
  if (frame.kind === 'flat') return toScreen(frame.box, p[0]!, p[1]!);
  const s = frame.cam.toScreen(p);
  return s ? [s[0], s[1]] : null;
}

/** CSS pixels → the model point there (the unit-sphere point on the globe), or null off the globe. */
export function frameToModel(frame: LabelFrame, sx: number, sy: number): number[] | null {
  if (frame.kind === 'flat') return toModel(frame.box, sx, sy);
  const p = frame.cam.pickSphere(sx, sy);
  return p ? [p[0], p[1], p[2]] : null;
}
