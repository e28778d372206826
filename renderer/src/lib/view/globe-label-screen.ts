/**
 * Where the map's labels fall on the globe view (MapLabels.svelte draws them as text over the
 * canvas, facing the camera): core's place on the sphere (core/map/globe-labels.ts) through
 * the globe camera. A label whose centre is on the far side of the globe is hidden; its text
 * height is the label's size at the depth it stands (nearer the eye, larger), not squeezed
 * toward the horizon, so a name stays readable as it turns away. A river name is turned along
 * its chain as the chain is seen on screen, and kept reading left to right.
 *
 * Renderer layer: no DOM, no Three.js.
 */
import type { LabelledMap, MapLabel } from '../../../../core/map/labels.js';
import { placeOnSphere } from '../../../../core/map/globe-labels.js';
import type { GlobeCamera } from './globe-camera.js';
import { rotate } from './globe-camera.js';
import { MIN_LABEL_PX, type ScreenLabel } from './label-screen.js';

export function globeLabelsOnScreen(map: LabelledMap, labels: readonly MapLabel[], cam: GlobeCamera): ScreenLabel[] {
  const out: ScreenLabel[] = [];
  const tanHalf = Math.tan((cam.fovDeg * Math.PI) / 360);
  for (const label of labels) {
    const p = placeOnSphere(map, label);
    if (!p) continue;
    const at = cam.toScreen(p.at);
    if (!at) continue;
    const depth = cam.distance - rotate(cam.q, p.at[0], p.at[1], p.at[2])[2];
    const px = (p.height * cam.height) / (2 * depth * tanHalf);
    if (px < MIN_LABEL_PX) continue;
    let angle = 0;
    if (p.along) {
      // A small step along the chain, seen on screen (y down): the angle the name runs at.
      const e = 1e-3;
      const ahead = cam.toScreen([p.at[0] + e * p.along[0], p.at[1] + e * p.along[1], p.at[2] + e * p.along[2]]);
      if (ahead) {
        angle = Math.atan2(-(ahead[1] - at[1]), ahead[0] - at[0]);
        if (angle > Math.PI / 2) angle -= Math.PI;
        else if (angle < -Math.PI / 2) angle += Math.PI;
      }
    }
    out.push({ label, x: at[0], y: at[1], turn: (-(angle + p.turn) * 180) / Math.PI, px });
  }
  return out;
}
