import { describe, expect, it } from 'vitest';
import { type BufferGeometry, type Mesh, type MeshBasicMaterial, type Object3D } from 'three';
import { createGrid } from '../../../../core/grid/create.js';
import { Overlays } from './overlays.js';
import { DEFAULT_STYLE } from './overlay-feed.js';
import { GHOST_OPACITY } from './placing-overlay.js';

const meshes = (o: Object3D) => {
  const out: Mesh[] = [];
  o.traverse((c) => {
    if ((c as Mesh).isMesh) out.push(c as Mesh);
  });
  return out;
};
const positions = (m: { geometry: BufferGeometry }) => m.geometry.getAttribute('position').array as Float32Array;
/** The overlays shown, leaving out the placing overlay's own group (always there, tested below). */
const shown = (o: Overlays) => o.group.children.filter((c) => c !== o.placing.group).length;

describe('overlays (Three.js objects, no WebGL)', () => {
  const grid = createGrid({ size: { kind: 'hex-rectangle', width: 8, height: 6 } });

  it('outlines and tints the hovered tile at the overlay level, and clears it', () => {
    const o = new Overlays(grid, { globe: false, level: 0.05 });
    o.setHover(10, DEFAULT_STYLE.hover);
    expect(shown(o)).toBe(1);
    const [fill] = meshes(o.group);
    expect(positions(fill!).length).toBe(6 * 3);
    expect(positions(fill!)[2]).toBeCloseTo(0.053, 6);
    o.setHover(-1, DEFAULT_STYLE.hover);
    expect(shown(o)).toBe(0);
  });

  it('draws the polygon the map draws for a tile when there is one', () => {
    const square = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
    ];
    const o = new Overlays(grid, { globe: false, level: 0 }, (t) => (t === 3 ? square : null));
    o.setTiles(Int32Array.of(3, 4), '#ff0000', 0.4);
    // Tile 4 draws nothing (an empty linear tile): left out, not doubled up.
    const [fill] = meshes(o.group);
    expect(positions(fill!).length).toBe(4 * 3);
  });

  it('draws a path as a ribbon a fraction of the spacing wide with a ring at each end', () => {
    const o = new Overlays(grid, { globe: false, level: 0 });
    const line = grid.line(0, 20);
    o.setPath(line, 0, 20, DEFAULT_STYLE.path);
    const [ribbon, ...rings] = meshes(o.group);
    expect(rings.length).toBe(2);
    const p = positions(ribbon!);
    expect(Math.hypot(p[0]! - p[3]!, p[1]! - p[4]!)).toBeCloseTo(0.22 * grid.spacing(), 5);
    o.clearResult();
    expect(shown(o)).toBe(0);
  });

  it('marks a blocked line of sight with a cross', () => {
    const o = new Overlays(grid, { globe: false, level: 0 });
    const line = grid.line(0, 30);
    o.setSight(0, 30, false, line[2]!, DEFAULT_STYLE);
    let lines = 0;
    o.group.traverse((c) => {
      if ((c as { isLine?: boolean }).isLine) lines++;
    });
    expect(lines).toBe(2);
  });

  it('outlines a selection and derived areas, and disposes everything', () => {
    const o = new Overlays(grid, { globe: false, level: 0 });
    o.setSelection([10, 11], DEFAULT_STYLE);
    o.setAreas([{ tiles: [20, 21], dashed: true, colour: DEFAULT_STYLE.stale }]);
    expect(shown(o)).toBe(2);
    o.dispose();
    expect(shown(o)).toBe(0);
  });

  /** What an overlay draws besides the placing group, which is always there. */
  const drawn = (o: Overlays) => o.group.children.filter((c) => c !== o.placing.group);

  it('draws a brush footprint as a tinted group with one outline, and a stroke of edge polygons', () => {
    const o = new Overlays(grid, { globe: false, level: 0 });
    o.setBrush([10, 11, 12], DEFAULT_STYLE.hover);
    const [fill, outline] = meshes(o.group);
    // Three hexagons (six corners each) and a band round the group's boundary only.
    expect(positions(fill!).length).toBe(3 * 6 * 3);
    expect(positions(outline!).length).toBeGreaterThan(0);
    o.setBrush([], DEFAULT_STYLE.hover);
    expect(drawn(o).length).toBe(0);
    o.setStrokePolygons([grid.corners(3)], '#0000ff');
    expect(drawn(o).length).toBe(1);
    o.dispose();
    expect(drawn(o).length).toBe(0);
  });

  it('lifts globe overlays onto the overlay radius', () => {
    const globe = createGrid({ size: { kind: 'icosahedron', side: 5 } });
    const o = new Overlays(globe, { globe: true, level: 1.01 });
    o.setStroke([40, 41], '#00ff00');
    const p = positions(meshes(o.group)[0]!);
    for (let v = 0; v < p.length / 3; v++) expect(Math.hypot(p[3 * v]!, p[3 * v + 1]!, p[3 * v + 2]!)).toBeCloseTo(1.012, 5);
  });

  it('placing: one dot per orientation that fits on every marked tile in one mesh, a ghost of the tile, the conflict; all disposed', () => {
    const o = new Overlays(grid, { globe: false, level: 0 });
    const p = o.placing;
    p.setMarks(new Map([[3, [0, 2, 4]], [9, [0]]]), '#00a3a3');
    const [fills, dots] = meshes(p.group);
    expect(positions(fills!).length).toBe(2 * 6 * 3);
    // 4 dots of 10 segments, each a ring of 2 vertices per segment.
    expect(positions(dots!).length).toBe(4 * 10 * 2 * 3);
    // The ghost: the map's three vector meshes (vector-object.ts) see-through, over the marks, and the cell outlined.
    const buffers = (n: number) => ({ positions: new Float32Array(3 * n), colors: new Uint8Array(4 * n).fill(255), indices: Uint32Array.from({ length: n }, (_, i) => i) });
    const drawn = {
      fills: buffers(6),
      strokes: buffers(3),
      points: { ...buffers(0), uv: new Int8Array(0), symbol: new Uint8Array(0) },
      stats: { instances: 1, tessellated: 1, fillTriangles: 2, strokeTriangles: 1, points: 0, contours: 0, snapped: 0 },
      missing: [],
      gaps: [],
    };
    p.setGhost(12, drawn, '#00a3a3');
    const ghost = meshes(p.group).filter((m) => m.parent?.userData.ghost === true && m.visible);
    // Fills and strokes (no points to draw), drawn like the map's but see-through and above the marks.
    expect(ghost.map((m) => positions(m).length)).toEqual([6 * 3, 3 * 3]);
    expect(ghost.every((m) => (m.material as MeshBasicMaterial).opacity === GHOST_OPACITY && m.renderOrder > 1)).toBe(true);
    // Nothing drawn (a cell with no ground to stand on): the outline and a light fill only.
    p.setGhost(12, null, '#00a3a3');
    expect(meshes(p.group).filter((m) => m.parent?.userData.ghost === true)).toHaveLength(0);
    p.setConflict([20, 21], '#d7263d');
    expect(p.group.children.length).toBe(3);
    p.setMarks(null, '#00a3a3');
    p.setGhost(-1, null, '#000');
    expect(p.group.children.length).toBe(1);
    o.dispose();
    expect(p.group.children.length).toBe(0);
  });
});
