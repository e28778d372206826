import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/create.js';
import { RIVER_TILES } from './assemble.testkit.js';
import { AssemblyLibrary } from './library.js';
import { ShapeClass, buildTopology, shapeClassesOf } from './topology.js';

describe('AssemblyLibrary shape classes', () => {
  it('a map lists the shape classes its cells take: no pentagons on a flat hexagon map, pentagons on the globe', () => {
    expect(shapeClassesOf(buildTopology(createGrid({ size: { kind: 'hex-rectangle', width: 5, height: 4 } })))).toEqual([ShapeClass.HEX]);
    expect(shapeClassesOf(buildTopology(createGrid({ size: { kind: 'square', width: 3, height: 3 } })))).toEqual([ShapeClass.SQUARE]);
    expect(shapeClassesOf(buildTopology(createGrid({ size: { kind: 'icosahedron', side: 2 } })))).toEqual([ShapeClass.HEX, ShapeClass.PENTAGON]);
  });

  it('compiles only the classes asked for, the others the same as in a full compile', () => {
    const full = new AssemblyLibrary(RIVER_TILES);
    const flat = new AssemblyLibrary(RIVER_TILES, { shapeClasses: [ShapeClass.HEX] });
    expect(full.classes[ShapeClass.PENTAGON]!.count).toBeGreaterThan(0);
    expect(flat.classes[ShapeClass.PENTAGON]!.count).toBe(0);
    const a = full.classes[ShapeClass.HEX]!;
    const b = flat.classes[ShapeClass.HEX]!;
    expect(b.count).toBe(a.count);
    expect([...b.tile]).toEqual([...a.tile]);
    expect([...b.code]).toEqual([...a.code]);
    // Signature ids are interned class by class, so the hexagon ids agree too.
    expect([...b.sig]).toEqual([...a.sig]);
    expect([...b.want]).toEqual([...a.want]);
  });
});
