/**
 * The fill tool: from an area tile, the connected area of its terrain becomes the selected
 * area terrain; from a linear tile that carries terrain (AL-FORM), the whole connected feature
 * becomes the selected linear terrain (a river turned into a canal in one click), through
 * its bridges and crossings, which keep their other feature. One call, one undo step.
 *
 * Renderer layer: no DOM, no Three.js.
 */
import { featureRegion } from '../../../../../core/map/feature-fill.js';
import { areaTileAt, isArea } from '../../targeting.js';
import { floodFill } from '../../fill.js';
import type { Picked, ToolContext } from './types.js';

export async function fillAt(ctx: ToolContext, p: Picked): Promise<void> {
  const { actions: s, loaded, host } = ctx;
  const onFeature = !isArea(loaded, p.tile) && loaded.map.layers.terrain[p.tile] !== 0;
  const start = onFeature ? p.tile : areaTileAt(loaded, p.tile, p.point);
  if (start < 0) return;
  const terrainId = onFeature ? s.linearTerrain : s.areaTerrain;
  if (loaded.map.terrainOf(loaded.map.layers.terrain[start]!) === terrainId) return;
  if (onFeature && s.catalogue) {
    // The whole feature, through its bridges and crossings (core/map/feature-fill.ts).
    host.preview(featureRegion(loaded.map, s.catalogue, start), terrainId);
    await s.fillFeature(start, terrainId);
    host.clearPreview();
    return;
  }
  const tiles = Array.from(floodFill(loaded, start));
  host.preview(tiles, terrainId);
  await s.paint(tiles, terrainId);
  host.clearPreview();
}
