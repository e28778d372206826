/** The relief .glb: valid glTF 2.0 (Khronos gltf-validator), read back with @gltf-transform/core. */
import { describe, expect, it } from 'vitest';
import { validateBytes } from 'gltf-validator';
import { WebIO } from '@gltf-transform/core';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';
import { sightTablesFor } from '../sight/tables.js';
import { rasterizeTerrainMap } from '../raster/terrain-raster.js';
import { sampleTerrainMap } from '../raster/raster.testkit.js';
import { terrainGlb } from './gltf.js';

const catalogue = loadDefaultCatalogue();

describe('terrainGlb', () => {
  it('a real-looking map: valid glTF, a material per terrain, heights from the raster', async () => {
    const map = sampleTerrainMap({ kind: 'hex-rectangle', width: 39, height: 29 }, 11);
    const r = rasterizeTerrainMap(map, sightTablesFor(catalogue, map), { width: 300 });
    const { glb, sidecar } = await terrainGlb(r, catalogue, { maxSide: 101 });
    const report = await validateBytes(glb);
    expect(report.issues.messages.filter((m) => m.severity === 0)).toEqual([]);
    expect(report.issues.numErrors).toBe(0);
    expect(sidecar.step).toBe(3);
    expect(sidecar.vertices).toBe(100 * Math.floor((r.height - 1) / 3 + 1));
    const doc = await new WebIO().readBinary(glb);
    const prims = doc.getRoot().listMeshes()[0]!.listPrimitives();
    expect(prims.map((p) => p.getMaterial()!.getName())).toEqual(sidecar.materials);
    expect(sidecar.materials).toEqual(expect.arrayContaining(['clear', 'fields', 'forest', 'lake']));
    const pos = prims[0]!.getAttribute('POSITION')!;
    // Vertex (i, j) stands at the raster cell (3i, 3j), at its ground height.
    const v = pos.getElement(5 * 100 + 7, []);
    expect(v[0]).toBeCloseTo(7 * sidecar.spacing, 3);
    expect(v[2]).toBeCloseTo(5 * sidecar.spacing, 3);
    expect(v[1]).toBeCloseTo(r.elevation[15 * r.width + 21]!, 3);
    const tris = prims.reduce((s, p) => s + p.getIndices()!.getCount() / 3, 0);
    expect(tris).toBe(sidecar.triangles);
  });

  it('refuses bad options', async () => {
    const map = sampleTerrainMap({ kind: 'hex-rectangle', width: 9, height: 9 }, 1);
    const r = rasterizeTerrainMap(map, sightTablesFor(catalogue, map), { width: 20 });
    await expect(terrainGlb(r, catalogue, { maxSide: 1 })).rejects.toThrow(/maxSide/);
    await expect(terrainGlb(r, catalogue, { verticalScale: 0 })).rejects.toThrow(/verticalScale/);
  });
});
