import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../../../../core/map/terrain-map.js';
import type { MapLabel } from '../../../../core/map/labels.js';
import { MIN_LABEL_PX, labelsOnScreen, toModel, toScreen } from './label-screen.js';

const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 10, height: 8 } });
const label = (over: Partial<MapLabel>): MapLabel => ({ id: 'l1', text: 'Bastogne', anchor: { tile: 12 }, style: 'place', size: 0.5, rotation: 0, ...over });

describe('labels on the flat view', () => {
  it('maps model points to the screen and back', () => {
    const box = { cx: 3, cy: 2, scale: 40, width: 800, height: 600 };
    const [sx, sy] = toScreen(box, 4, 1);
    expect([sx, sy]).toEqual([440, 340]);
    expect(toModel(box, sx, sy)).toEqual([4, 1]);
  });

  it('puts a label on its tile centre at its size in pixels, turned clockwise on screen', () => {
    const c = map.grid.center(12);
    const box = { cx: c[0]!, cy: c[1]!, scale: 50, width: 400, height: 300 };
    const [shown] = labelsOnScreen(map, [label({ rotation: 30 })], box);
    expect(shown).toMatchObject({ x: 200, y: 150, px: 0.5 * map.grid.spacing() * 50 });
    expect(shown!.turn).toBeCloseTo(-30, 9);
  });

  it('leaves out labels too small to read and labels far off screen', () => {
    const c = map.grid.center(12);
    const tiny = { cx: c[0]!, cy: c[1]!, scale: (MIN_LABEL_PX - 0.5) / (0.5 * map.grid.spacing()), width: 400, height: 300 };
    expect(labelsOnScreen(map, [label({})], tiny)).toEqual([]);
    const away = { cx: c[0]! + 1000, cy: c[1]!, scale: 50, width: 400, height: 300 };
    expect(labelsOnScreen(map, [label({})], away)).toEqual([]);
  });
});
