/**
 * The through-tile networks (roads, railroads, trails centre to centre, bridges, level
 * crossings) as one Three.js mesh: core/render's network mesh (network-mesh.ts: one coloured
 * triangle buffer, drawn in buffer order over element (B), so bridges lie across rivers), one
 * draw call. A network edit rebuilds the buffer (networks are sparse: a few thousand
 * triangles); the linear tool's preview is a second, see-through one.
 *
 * Renderer layer: Three.js.
 */
import { BufferAttribute, BufferGeometry, DoubleSide, Mesh, MeshBasicMaterial } from 'three';
import type { NetworkMesh } from '../../../../core/render/network-mesh.js';

export class NetworkObject {
  readonly mesh: Mesh;
  /** Triangles drawn now (tests read it). */
  triangles = 0;

  /** `globe`: tested against the ground's depth, so roads on the far side stay hidden. */
  constructor(renderOrder: number, opacity = 1, globe = false) {
    const material = new MeshBasicMaterial({ vertexColors: true, transparent: true, opacity, depthWrite: false, depthTest: globe, side: DoubleSide, forceSinglePass: true });
    this.mesh = new Mesh(new BufferGeometry(), material);
    this.mesh.renderOrder = renderOrder;
    this.mesh.frustumCulled = false;
    this.mesh.visible = false;
  }

  /** Shows `buffers` (null or empty: nothing). */
  set(buffers: NetworkMesh | null): void {
    const old = this.mesh.geometry;
    const g = new BufferGeometry();
    if (buffers && buffers.triangleCount > 0) {
      g.setAttribute('position', new BufferAttribute(buffers.positions, 3));
      g.setAttribute('color', new BufferAttribute(buffers.colors, 4, true));
      g.setIndex(new BufferAttribute(buffers.indices, 1));
    }
    this.mesh.geometry = g;
    old.dispose();
    this.triangles = buffers?.triangleCount ?? 0;
    this.mesh.visible = this.triangles > 0;
  }

  dispose(): void {
    this.mesh.geometry.dispose();
    (this.mesh.material as MeshBasicMaterial).dispose();
  }
}
