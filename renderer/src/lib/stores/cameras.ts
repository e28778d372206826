/**
 * The camera kept per map for the session: a view remembers where it looked when it closes
 * (another map opened, the start screen, a reload after undo), and a view of the same map
 * opening later starts there instead of fitting the whole map. Kept in memory only: a camera
 * is not part of the map, and moving it must not make the project unsaved.
 *
 * Renderer layer, no DOM.
 */
import type { FlatCameraState } from '../view/flat-camera.js';
import type { GlobeCameraState } from '../view/globe-camera.js';

export type CameraState = { readonly kind: 'flat'; readonly flat: FlatCameraState } | { readonly kind: 'globe'; readonly globe: GlobeCameraState };

/** Remembered cameras beyond this many maps are forgotten, oldest first. */
const LIMIT = 200;

export class CameraMemory {
  private readonly byMap = new Map<string, CameraState>();

  remember(mapId: string, state: CameraState): void {
    this.byMap.delete(mapId);
    this.byMap.set(mapId, state);
    if (this.byMap.size > LIMIT) this.byMap.delete(this.byMap.keys().next().value!);
  }

  recall(mapId: string): CameraState | undefined {
    return this.byMap.get(mapId);
  }

  forget(mapId: string): void {
    this.byMap.delete(mapId);
  }
}
