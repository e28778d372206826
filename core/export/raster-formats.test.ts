import { describe, expect, it } from 'vitest';
import { decode } from 'fast-png';
import { TerrainMap } from '../map/terrain-map.js';
import { decodeUtf8 } from '../util/text.js';
import { sampleTerrainMap } from '../raster/raster.testkit.js';
import { exportFiles, exportFormat } from './registry.js';
import { validateBytes } from 'gltf-validator';
import { loadDefaultCatalogue } from '../terrain/catalogue.testkit.js';

const catalogue = loadDefaultCatalogue();
const json = (b: Uint8Array): Record<string, unknown> => JSON.parse(decodeUtf8(b, "json")) as Record<string, unknown>;

describe('raster formats in the export registry', () => {
  const map = sampleTerrainMap({ kind: 'hex-rectangle', width: 31, height: 23 });

  it('write a 16-bit heightmap with its scale, and tiles on one scale when asked', async () => {
    const files = exportFiles(await exportFormat('heightmap')!.render(map, catalogue, { size: 200, tileCells: 64 }, 'sample'));
    const png = decode(files.bytes);
    expect(png.depth).toBe(16);
    expect(Math.max(png.width, png.height)).toBe(200);
    const sidecar = json(files.companions.find((c) => c.suffix === '.heightmap.json')!.bytes);
    expect(sidecar).toMatchObject({ format: 'sandtable-heightmap', width: png.width, height: png.height });
    const tiles = files.companions.filter((c) => /-heightmap-\d+-\d+\.json$/.test(c.suffix)).map((c) => json(c.bytes));
    expect(tiles.length).toBe(Math.ceil(png.width / 64) * Math.ceil(png.height / 64));
    for (const t of tiles) expect([t.min, t.max, t.scale]).toEqual([sidecar.min, sidecar.max, sidecar.scale]);
    expect(files.companions.filter((c) => c.suffix.endsWith('.png')).length).toBe(tiles.length);
  });

  it('write the cover as an indexed PNG whose sidecar names the terrain of each value', async () => {
    const files = exportFiles(await exportFormat('cover')!.render(map, catalogue, { size: 128 }, 'sample'));
    const png = decode(files.bytes);
    expect(png.palette).toBeDefined();
    const sidecar = json(files.companions[0]!.bytes) as { terrains: string[] };
    expect(files.companions[0]!.suffix).toBe('.cover.json');
    const used = new Set(Array.from(png.data as Uint8Array));
    for (const v of used) expect(v === 0 || sidecar.terrains[v] !== undefined).toBe(true);
    expect(used.size).toBeGreaterThan(2);
  });

  it('write a relief .glb of a flat map and the globe as a .glb, a material per terrain, both valid glTF; refuse bad requests in one line', async () => {
    const files = exportFiles(await exportFormat('glb')!.render(map, catalogue, { size: 96 }, 'sample'));
    expect(decodeUtf8(files.bytes.subarray(0, 4), 'glb')).toBe('glTF');
    expect(json(files.companions[0]!.bytes)).toMatchObject({ format: 'sandtable-glb' });
    const globe = TerrainMap.create({ size: { kind: 'icosahedron', side: 3 }, meta: { name: 'g' } });
    for (let t = 0; t < globe.grid.tileCount; t++) globe.setTerrain(t, t % 3 === 0 ? 'forest' : t % 3 === 1 ? 'ocean' : 'hills');
    const g = exportFiles(await exportFormat('glb')!.render(globe, catalogue, {}, 'g'));
    const sidecar = json(g.companions[0]!.bytes) as { materials: string[]; triangles: number };
    expect(sidecar.materials.sort()).toEqual(['forest', 'hills', 'ocean']);
    expect(sidecar.triangles).toBeGreaterThanOrEqual(globe.grid.tileCount * 3);
    for (const bytes of [files.bytes, g.bytes]) {
      const report = (await validateBytes(bytes)) as { issues: { numErrors: number } };
      expect(report.issues.numErrors).toBe(0);
    }
    expect(() => exportFormat('heightmap')!.render(map, catalogue, { size: 64, region: { from: 0, to: 5 } }, 'sample')).toThrow(/raster exports cover the whole map/);
    expect(() => exportFormat('heightmap')!.render(map, catalogue, { size: 20000 }, 'sample')).toThrow(/at most 16384 cells a side, got 20000/);
  });

  it('rasterize the globe as an equirectangular heightmap', async () => {
    const globe = TerrainMap.create({ size: { kind: 'icosahedron', side: 3 }, meta: { name: 'g' } });
    const files = exportFiles(await exportFormat('heightmap')!.render(globe, catalogue, { size: 128 }, 'g'));
    const png = decode(files.bytes);
    expect([png.width, png.height]).toEqual([128, 64]);
  });
});
