import { describe, expect, it } from 'vitest';
import { TerrainMap } from '../../../../core/map/terrain-map.js';
import type { MapLabel } from '../../../../core/map/labels.js';
import { GlobeCamera } from './globe-camera.js';
import { globeLabelsOnScreen } from './globe-label-screen.js';
import { frameToModel, frameToScreen, labelsInFrame } from './label-frame.js';

const map = TerrainMap.create({ size: { kind: 'icosahedron', side: 6 } });
const label = (over: Partial<MapLabel>): MapLabel => ({ id: 'l1', text: 'Azores', anchor: { point: [0, 0, 1] }, style: 'place', size: 0.5, rotation: 0, ...over });

function camera(facing: [number, number, number]): GlobeCamera {
  const cam = new GlobeCamera();
  cam.setViewport(800, 600);
  cam.fit();
  cam.lookAt(facing);
  return cam;
}

describe('labels on the globe view', () => {
  it('puts a label facing the viewer at the middle of the screen, upright, sized by its depth', () => {
    const cam = camera([0, 0, 1]);
    const [shown] = globeLabelsOnScreen(map, [label({ rotation: 30 })], cam);
    expect(shown!.x).toBeCloseTo(400, 6);
    expect(shown!.y).toBeCloseTo(300, 6);
    expect(shown!.turn).toBeCloseTo(-30, 9);
    const expected = (0.5 * map.grid.spacing() * 600) / (2 * (cam.distance - 1) * Math.tan((cam.fovDeg * Math.PI) / 360));
    expect(shown!.px).toBeCloseTo(expected, 6);
  });

  it('hides a label on the far side and shows it again when the globe turns it round', () => {
    const far = label({ anchor: { point: [0, 0, -1] } });
    expect(globeLabelsOnScreen(map, [far], camera([0, 0, 1]))).toEqual([]);
    expect(globeLabelsOnScreen(map, [far], camera([0, 0, -1]))).toHaveLength(1);
  });

  it('turns a river name along its chain as seen, reading left to right', () => {
    const g = map.grid;
    const chain = Array.from(g.line(g.pick([Math.cos(0.3), Math.sin(0.3), 0]), g.pick([Math.cos(-0.3), Math.sin(-0.3), 0])));
    const cam = camera([1, 0, 0]);
    const [shown] = globeLabelsOnScreen(map, [label({ anchor: { along: chain }, style: 'river' })], cam);
    // As the chain is seen: from its first tile to its last on screen (y down), folded to read left to right.
    const a = cam.toScreen(g.center(chain[0]!))!;
    const b = cam.toScreen(g.center(chain[chain.length - 1]!))!;
    let seen = (-Math.atan2(-(b[1] - a[1]), b[0] - a[0]) * 180) / Math.PI;
    if (seen > 90) seen -= 180;
    else if (seen < -90) seen += 180;
    // (A line reads the same turned half round: ±90° are the same upright name.)
    const off = Math.abs(shown!.turn - seen) % 180;
    expect(Math.min(off, 180 - off)).toBeLessThan(10);
    // Turned a quarter further, the name turns with it.
    const [turned] = globeLabelsOnScreen(map, [label({ anchor: { along: chain }, style: 'river', rotation: 90 })], cam);
    expect(Math.abs(turned!.turn - (shown!.turn - 90))).toBeLessThan(1e-9);
  });

  it('maps a globe point to the screen and back through the frame, and a pixel off the globe to nothing', () => {
    const frame = { kind: 'globe' as const, cam: camera([0.6, 0, 0.8]) };
    const at = frameToScreen(frame, [0.6, 0, 0.8])!;
    expect(at[0]).toBeCloseTo(400, 6);
    const back = frameToModel(frame, at[0], at[1])!;
    expect(back.map((v) => +v.toFixed(6))).toEqual([0.6, 0, 0.8]);
    expect(frameToModel(frame, 2, 2)).toBeNull();
    expect(labelsInFrame(map, [label({})], frame)).toHaveLength(1);
  });
});
