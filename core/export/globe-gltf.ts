/**
 * The globe as a glTF 2.0 binary (.glb): the app's own globe geometry (core/render — the
 * area polygons A and linear strips B on their spheres) with one material per terrain
 * (issue 17: "glTF 2.0 (.glb) of the globe … with a material per terrain"), built in memory
 * with @gltf-transform/core. Flat maps take the relief mesh (gltf.ts) instead.
 *
 * Frame: the render's model space (unit sphere, y up); a viewer scales it at will. Linear
 * features lie on a slightly larger sphere than the ground, as the app draws them.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { Document, WebIO } from '@gltf-transform/core';
import type { TerrainMap } from '../map/terrain-map.js';
import type { TerrainCatalogue } from '../terrain/types.js';
import { compileColours } from '../terrain/compiled.js';
import { buildMapGeometry } from '../render/map-geometry.js';
import type { MeshBuffers } from '../render/pieces.js';
import { terrainMaterial } from './gltf.js';

export interface GlobeGlbSidecar {
  readonly format: 'sandtable-globe-glb';
  readonly version: 1;
  readonly tiles: number;
  readonly vertices: number;
  readonly triangles: number;
  /** Terrain id of each primitive, in order. */
  readonly materials: readonly string[];
}

export async function globeGlb(map: TerrainMap, catalogue: TerrainCatalogue): Promise<{ glb: Uint8Array; sidecar: GlobeGlbSidecar }> {
  if (map.spec.kind !== 'icosahedron') throw new RangeError(`a globe .glb needs an icosahedron map, got ${map.spec.kind}`);
  const geo = buildMapGeometry(map, catalogue);
  const meshes: MeshBuffers[] = [geo.area, geo.linear];
  // One vertex array for both meshes; triangles gathered per terrain (palette index).
  const vertexCount = meshes.reduce((s, m) => s + m.pieceCount * m.verticesPerPiece, 0);
  const positions = new Float32Array(vertexCount * 3);
  const byTerrain = new Map<number, number[]>();
  let base = 0;
  let triangles = 0;
  for (const m of meshes) {
    positions.set(m.positions.subarray(0, m.pieceCount * m.verticesPerPiece * 3), base * 3);
    for (let p = 0; p < m.pieceCount; p++) {
      if (m.owner[p]! < 0) continue;
      const k = m.terrain[p]!;
      if (k === 0) continue; // no terrain: nothing to draw
      let list = byTerrain.get(k);
      if (!list) byTerrain.set(k, (list = []));
      for (let t = p * m.indicesPerPiece; t < (p + 1) * m.indicesPerPiece; t += 3) {
        const a = m.indices[t]!;
        const b = m.indices[t + 1]!;
        const c = m.indices[t + 2]!;
        if (a === b || b === c || a === c) continue; // padding of a smaller polygon
        list.push(base + a, base + b, base + c);
        triangles++;
      }
    }
    base += m.pieceCount * m.verticesPerPiece;
  }
  const rgb = compileColours(catalogue, map.palette, '#808080');
  const doc = new Document();
  const buffer = doc.createBuffer();
  const pos = doc.createAccessor('position').setType('VEC3').setArray(positions).setBuffer(buffer);
  const mesh = doc.createMesh('globe');
  const materials: string[] = [];
  for (const [k, list] of [...byTerrain].sort((p, q) => p[0] - q[0])) {
    const id = map.palette[k - 1]!;
    materials.push(id);
    const mat = terrainMaterial(doc, id, rgb, k);
    const idx = doc.createAccessor(`${id}-indices`).setType('SCALAR').setArray(new Uint32Array(list)).setBuffer(buffer);
    mesh.addPrimitive(doc.createPrimitive().setAttribute('POSITION', pos).setIndices(idx).setMaterial(mat));
  }
  doc.createScene('globe').addChild(doc.createNode('globe').setMesh(mesh));
  const glb = await new WebIO().writeBinary(doc);
  return { glb, sidecar: { format: 'sandtable-globe-glb', version: 1, tiles: map.grid.tileCount, vertices: vertexCount, triangles, materials } };
}
