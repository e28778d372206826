import { it } from 'vitest';
import { HEX } from '../vector/shape.js';
import { poly, tileOf } from '../vector/vector.testkit.js';
import { tileContourLabels } from './contour-labels.js';
import { placedTile } from '../assemble/placed-tile.js';
import { cellShapeOf } from '../assemble/cell-geometry.js';
import { TerrainMap } from '../map/terrain-map.js';
import type { Vec2 } from '../vector/vec2.js';
function circle(r: number, n = 48): Vec2[] { return Array.from({ length: n }, (_, i) => [r * Math.cos((2 * Math.PI * i) / n), r * Math.sin((2 * Math.PI * i) / n)] as Vec2); }
it('prof', () => {
  const map = TerrainMap.create({ size: { kind: 'icosahedron', side: 1 }, palette: ['clear'] });
  console.log('cells', map.tileCount);
  const t = tileOf('h', HEX, { kind: 'area', id: 'a', terrain: 'hills', side: 'left', height: 100, curve: poly(circle(0.6, 48), true) });
  const c = map.grid.isPentagon(0) ? 1 : 0;
  let t0 = performance.now();
  let p;
  for (let i = 0; i < 20; i++) p = placedTile(t, { orientation: { rotation: 0, mirror: 'none' }, pentagonRotation: 0 }, cellShapeOf(map.grid, c));
  console.log('place', (performance.now() - t0) / 20, JSON.stringify(p!.elements[0]).length);
  t0 = performance.now();
  for (let i = 0; i < 20; i++) tileContourLabels(p!);
  console.log('labels', (performance.now() - t0) / 20);
  t0 = performance.now();
  for (let i = 0; i < 20; i++) tileContourLabels(t);
  console.log('labels flat', (performance.now() - t0) / 20);
});
