/**
 * A flat map's relief as a glTF 2.0 binary (.glb): the raster's ground as a height-field mesh
 * with one material per terrain (issue 17: "glTF of a flat map with relief from the
 * heightmap, with a material per terrain"), built in memory with @gltf-transform/core (no
 * file system), so the CLI and the app share it.
 *
 * Frame: glTF's (x right, y up, z towards the viewer); a raster cell (col, row) lies at
 * x = col · cellMetres, z = row · cellMetres (rows run south, so north is −z), y = its ground
 * × `verticalScale`, all in metres. The mesh samples every `step`-th cell (at most `maxSide`
 * vertices a side); a quad whose four corners are on the map becomes two triangles and goes
 * to the primitive of the terrain under its first corner. Normals come from the heights.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { Document, WebIO, type Material } from '@gltf-transform/core';
import type { Raster } from '../raster/raster.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { compileColours } from '../terrain/compiled.js';

export interface GlbOptions {
  /** Most vertices along a side (default 512). */
  readonly maxSide?: number;
  /** Multiplies heights (default 1). */
  readonly verticalScale?: number;
}

export interface GlbSidecar {
  readonly format: 'sandtable-glb';
  readonly version: 1;
  /** Raster cells between neighbouring vertices. */
  readonly step: number;
  readonly vertices: number;
  readonly triangles: number;
  /** Metres between neighbouring vertices, horizontally. */
  readonly spacing: number;
  readonly verticalScale: number;
  /** Terrain id of each primitive, in order. */
  readonly materials: readonly string[];
}

const srgbToLinear = (c: number) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};

/** A matte material in the terrain's catalogue colour (`rgb` from compileColours, entry k). */
export function terrainMaterial(doc: Document, id: string, rgb: Uint8Array, k: number): Material {
  return doc
    .createMaterial(id)
    .setBaseColorFactor([srgbToLinear(rgb[3 * k]!), srgbToLinear(rgb[3 * k + 1]!), srgbToLinear(rgb[3 * k + 2]!), 1])
    .setMetallicFactor(0)
    .setRoughnessFactor(1);
}

export async function terrainGlb(r: Raster, catalogue: TerrainCatalogue, options: GlbOptions = {}): Promise<{ glb: Uint8Array; sidecar: GlbSidecar }> {
  const maxSide = options.maxSide ?? 512;
  const vScale = options.verticalScale ?? 1;
  if (!Number.isInteger(maxSide) || maxSide < 2) throw new RangeError(`glb maxSide must be a whole number ≥ 2, got ${maxSide}`);
  if (!Number.isFinite(vScale) || vScale <= 0) throw new RangeError(`glb verticalScale must be a positive number, got ${vScale}`);
  const step = Math.max(1, Math.ceil((Math.max(r.width, r.height) - 1) / (maxSide - 1)));
  const nx = Math.floor((r.width - 1) / step) + 1;
  const nz = Math.floor((r.height - 1) / step) + 1;
  const spacing = r.cellMetres * step;
  const positions = new Float32Array(nx * nz * 3);
  const cell = (i: number, j: number) => j * step * r.width + i * step;
  for (let j = 0; j < nz; j++) {
    for (let i = 0; i < nx; i++) {
      const v = (j * nx + i) * 3;
      positions[v] = i * spacing;
      positions[v + 1] = r.elevation[cell(i, j)]! * vScale;
      positions[v + 2] = j * spacing;
    }
  }
  const normals = new Float32Array(nx * nz * 3);
  for (let j = 0; j < nz; j++) {
    for (let i = 0; i < nx; i++) {
      const h = (a: number, b: number) => positions[(Math.min(nz - 1, Math.max(0, b)) * nx + Math.min(nx - 1, Math.max(0, a))) * 3 + 1]!;
      const dx = (h(i + 1, j) - h(i - 1, j)) / ((Math.min(nx - 1, i + 1) - Math.max(0, i - 1)) * spacing || 1);
      const dz = (h(i, j + 1) - h(i, j - 1)) / ((Math.min(nz - 1, j + 1) - Math.max(0, j - 1)) * spacing || 1);
      const len = Math.hypot(dx, 1, dz);
      const v = (j * nx + i) * 3;
      normals[v] = -dx / len;
      normals[v + 1] = 1 / len;
      normals[v + 2] = -dz / len;
    }
  }
  // Triangles per terrain (counter-clockwise seen from above, +y).
  const byTerrain = new Map<number, number[]>();
  let triangles = 0;
  for (let j = 0; j + 1 < nz; j++) {
    for (let i = 0; i + 1 < nx; i++) {
      const a = cell(i, j);
      const b = cell(i + 1, j);
      const c = cell(i, j + 1);
      const d = cell(i + 1, j + 1);
      if (!r.inside[a] || !r.inside[b] || !r.inside[c] || !r.inside[d]) continue;
      const k = r.cover[a]!;
      let list = byTerrain.get(k);
      if (!list) byTerrain.set(k, (list = []));
      const v0 = j * nx + i;
      list.push(v0, v0 + nx, v0 + 1, v0 + 1, v0 + nx, v0 + nx + 1);
      triangles += 2;
    }
  }
  const rgb = compileColours(catalogue, r.palette, '#808080');
  const doc = new Document();
  const buffer = doc.createBuffer();
  const pos = doc.createAccessor('position').setType('VEC3').setArray(positions).setBuffer(buffer);
  const nor = doc.createAccessor('normal').setType('VEC3').setArray(normals).setBuffer(buffer);
  const mesh = doc.createMesh('relief');
  const materials: string[] = [];
  for (const [k, list] of [...byTerrain].sort((p, q) => p[0] - q[0])) {
    const id = k === 0 ? 'none' : r.palette[k - 1]!;
    materials.push(id);
    const mat = terrainMaterial(doc, id, rgb, k);
    const idx = doc.createAccessor(`${id}-indices`).setType('SCALAR').setArray(new Uint32Array(list)).setBuffer(buffer);
    mesh.addPrimitive(doc.createPrimitive().setAttribute('POSITION', pos).setAttribute('NORMAL', nor).setIndices(idx).setMaterial(mat));
  }
  const node = doc.createNode('map').setMesh(mesh);
  doc.createScene('map').addChild(node);
  const glb = await new WebIO().writeBinary(doc);
  return { glb, sidecar: { format: 'sandtable-glb', version: 1, step, vertices: nx * nz, triangles, spacing, verticalScale: vScale, materials } };
}
