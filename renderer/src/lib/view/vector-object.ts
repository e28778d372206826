/**
 * A map of vector tile instances drawn as a map (issue 13): core/render vector-map.ts builds
 * the buffers — area fills and hill shading, strokes (casings under lines), point symbols —
 * and this adapter shares them with WebGL as three meshes, three draw calls, between element
 * (A) (the ground) and the AL-FORM elements B–D, which the view shows over them on request.
 *
 * Renderer layer: Three.js.
 */
import { BufferAttribute, BufferGeometry, DoubleSide, Group, Mesh, MeshBasicMaterial } from 'three';
import type { VectorBuffers, VectorMapGeometry } from '../../../../core/render/vector-map.js';
import { atlasTexture, patchShader } from './piece-object.js';

export class VectorObject {
  readonly group = new Group();
  private readonly meshes: Mesh[] = [];

  /**
   * `order` lifts the three meshes' render order (fills, strokes, points at order + 0.4, 0.5,
   * 0.6); `opacity` below 1 draws them see-through (the placing ghost, placing-overlay.ts).
   */
  constructor(v: VectorMapGeometry, globe: boolean, options: { order?: number; opacity?: number } = {}) {
    const base = options.order ?? 0;
    const opacity = options.opacity ?? 1;
    const fills = this.mesh(v.fills, base + 0.4, globe, false, opacity);
    const strokes = this.mesh(v.strokes, base + 0.5, globe, false, opacity);
    const points = this.mesh(v.points, base + 0.6, globe, true, opacity);
    points.geometry.setAttribute('symbolUv', new BufferAttribute(v.points.uv, 2, true));
    points.geometry.setAttribute('symbol', new BufferAttribute(v.points.symbol, 4, true));
    for (const m of [fills, strokes, points]) if ((m.geometry.getIndex()?.count ?? 0) > 0) this.group.add(m);
  }

  private mesh(b: VectorBuffers, order: number, globe: boolean, symbols: boolean, opacity: number): Mesh {
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(b.positions, 3));
    g.setAttribute('color', new BufferAttribute(b.colors, 4, true));
    g.setIndex(new BufferAttribute(b.indices, 1));
    // Translucent hill shading and symbol quads blend; drawn in buffer order, no depth writes.
    const material = new MeshBasicMaterial({ vertexColors: true, transparent: true, opacity, depthWrite: false, side: DoubleSide, forceSinglePass: true });
    patchShader(material, globe, symbols ? atlasTexture() : null);
    const mesh = new Mesh(g, material);
    mesh.renderOrder = order;
    mesh.frustumCulled = false;
    this.meshes.push(mesh);
    return mesh;
  }

  /** Draw calls a frame of the vector layer costs. */
  calls(): number {
    return this.group.visible ? this.group.children.length : 0;
  }

  dispose(): void {
    for (const m of this.meshes) {
      m.geometry.dispose();
      (m.material as MeshBasicMaterial).dispose();
    }
  }
}
