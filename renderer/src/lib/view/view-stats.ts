/**
 * What a map view reports to the status bar after drawing: zoom and draw calls
 * (`renderer.info.render.calls`, the "a handful of draw calls" check).
 *
 * Renderer layer, no DOM.
 */
export interface ViewStats {
  zoomLabel: string;
  calls: number;
  triangles: number;
}

export function emptyStats(): ViewStats {
  return { zoomLabel: '', calls: 0, triangles: 0 };
}
