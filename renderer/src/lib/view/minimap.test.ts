import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../../../../core/map/terrain-map.js';
import type { GridSize } from '../../../../core/grid/types.js';
import { loadDefaultCatalogue } from '../../../../core/terrain/catalogue.testkit.js';
import { directionToPixel, fromMinimap, horizonRuns, minimapImage, pixelToDirection, toMinimap, viewRectangle, type FlatMinimapFrame, type GlobeMinimapFrame } from './minimap.js';

const catalogue = loadDefaultCatalogue();

function flat(size: GridSize, alform = false): { map: TerrainMap; frame: FlatMinimapFrame; rgba: Uint8ClampedArray } {
  const map = TerrainMap.create({ size, alform });
  for (let t = 0; t < map.tileCount; t++) map.setTerrain(t, 'clear');
  const { frame, rgba } = minimapImage(map, catalogue, 64);
  if (frame.kind !== 'flat') throw new Error('expected a flat frame');
  return { map, frame, rgba };
}

/** The terrain colour of the minimap pixel under `tile`'s centre. */
function pixelAt(img: { frame: FlatMinimapFrame; rgba: Uint8ClampedArray }, map: TerrainMap, tile: number): string {
  const [px, py] = toMinimap(img.frame, map.grid.center(tile)[0]!, map.grid.center(tile)[1]!);
  const i = 4 * (Math.floor(py) * img.frame.width + Math.floor(px));
  return `#${[0, 1, 2].map((k) => img.rgba[i + k]!.toString(16).padStart(2, '0')).join('')}`;
}

describe.each<[string, GridSize, boolean]>([
  ['square', { kind: 'square', width: 30, height: 12 }, false],
  ['hex', { kind: 'hex-rectangle', width: 20, height: 14 }, false],
  ['hex AL-FORM', { kind: 'hex-rectangle', width: 21, height: 15 }, true],
  ['offset-square', { kind: 'offset-square', width: 16, height: 16 }, false],
])('the flat minimap: %s', (_, size, alform) => {
  it('puts each tile centre on its own terrain in the picture, inside the picture', () => {
    const img = flat(size, alform);
    const { map, frame } = img;
    const far = map.tileCount - 1;
    map.setTerrain(far, 'forest');
    const again = { frame, rgba: minimapImage(map, catalogue, 64).rgba };
    const forest = catalogue.terrains.find((t) => t.id === 'forest')!.colour.toLowerCase();
    const clear = catalogue.terrains.find((t) => t.id === 'clear')!.colour.toLowerCase();
    for (const t of [0, far, Math.floor(map.tileCount / 2)]) {
      const [px, py] = toMinimap(frame, map.grid.center(t)[0]!, map.grid.center(t)[1]!);
      expect(px).toBeGreaterThanOrEqual(0);
      expect(px).toBeLessThanOrEqual(frame.width);
      expect(py).toBeGreaterThanOrEqual(0);
      expect(py).toBeLessThanOrEqual(frame.height);
    }
    if (!alform) {
      expect(pixelAt(again, map, far)).toBe(forest);
      expect(pixelAt(again, map, 0)).toBe(clear);
    }
  });

  it('turns the view box into the rectangle and a click back into the view centre', () => {
    const { map, frame } = flat(size, alform);
    const c = map.grid.center(Math.floor(map.tileCount / 2));
    const view = { cx: c[0]!, cy: c[1]!, scale: 40, width: 800, height: 400 };
    const r = viewRectangle(frame, view);
    // The rectangle's middle is the view centre; its sides are the view's, at the minimap's scale.
    const [mx, my] = fromMinimap(frame, r.x + r.w / 2, r.y + r.h / 2);
    expect(mx).toBeCloseTo(view.cx, 9);
    expect(my).toBeCloseTo(view.cy, 9);
    expect(r.w / r.h).toBeCloseTo(2, 6);
    // Zooming in twice halves the rectangle.
    expect(viewRectangle(frame, { ...view, scale: 80 }).w).toBeCloseTo(r.w / 2, 9);
    // Up in the model (y-up) is up in the picture (y-down).
    expect(toMinimap(frame, c[0]!, c[1]! + 1)[1]).toBeLessThan(toMinimap(frame, c[0]!, c[1]!)[1]);
    const [px, py] = toMinimap(frame, 3, -2);
    expect(fromMinimap(frame, px, py)).toEqual([expect.closeTo(3, 9), expect.closeTo(-2, 9)]);
  });
});

describe('the globe minimap', () => {
  const f: GlobeMinimapFrame = { kind: 'globe', width: 200, height: 100 };

  it('is equirectangular as the globe raster is: longitude −180° at the left, the north pole at the top', () => {
    expect(directionToPixel(f, [1, 0, 0])).toEqual([100, 50]);
    expect(directionToPixel(f, [0, 1, 0])).toEqual([150, 50]);
    expect(directionToPixel(f, [0, 0, 1])[1]).toBeCloseTo(0, 9);
    for (const [px, py] of [[37, 20], [150, 80], [5, 50]] as const) {
      const [x, y] = directionToPixel(f, pixelToDirection(f, px, py));
      expect(x).toBeCloseTo(px, 9);
      expect(y).toBeCloseTo(py, 9);
    }
  });

  it('draws the horizon at acos(1/distance) round the centre, split where it wraps', () => {
    const centre = [1, 0, 0];
    const runs = horizonRuns(f, centre, 2);
    const pts = runs.flat();
    expect(pts.length).toBeGreaterThan(90);
    for (const [px, py] of pts) {
      const d = pixelToDirection(f, px, py);
      expect(Math.acos(d[0])).toBeCloseTo(Math.PI / 3, 6);
    }
    // Centred on the date line, the ring crosses the picture's edge: two runs, no stroke across it.
    const wrapped = horizonRuns(f, [-1, 0, 0], 2);
    expect(wrapped.length).toBeGreaterThan(1);
    for (const run of wrapped) for (let k = 1; k < run.length; k++) expect(Math.abs(run[k]![0] - run[k - 1]![0])).toBeLessThan(f.width / 2);
    expect(runs.length).toBe(1);
  });

  it('colours the globe picture from the map', () => {
    const map = TerrainMap.create({ size: { kind: 'icosahedron', side: 3 }, alform: false });
    for (let t = 0; t < map.tileCount; t++) map.setTerrain(t, 'forest');
    const img = minimapImage(map, catalogue, 64);
    expect(img.frame).toEqual({ kind: 'globe', width: 64, height: 32 });
    const forest = catalogue.terrains.find((t) => t.id === 'forest')!.colour.toLowerCase();
    expect(`#${[0, 1, 2].map((k) => img.rgba[4 * (16 * 64 + 20) + k]!.toString(16).padStart(2, '0')).join('')}`).toBe(forest);
  });
});
