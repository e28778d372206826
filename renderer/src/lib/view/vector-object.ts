/**
 * One level of a map of vector tiles drawn as a map (issue 13): core's slotted buffers
 * (core/render vector-slots.ts) — fills and hill shading, strokes (every block's casings, then
 * every block's lines), point symbols — shared with WebGL as three meshes, three draw calls,
 * between element (A) (the ground) and the AL-FORM elements B–D. An edit uploads only the
 * slot ranges core wrote (`addUpdateRange`); a buffer core laid out again gets a new geometry.
 *
 * Renderer layer: Three.js.
 */
import { BufferAttribute, BufferGeometry, DoubleSide, Group, Mesh, MeshBasicMaterial } from 'three';
import type { LevelWrite } from '../../../../core/render/vector-block-map.js';
import type { SlotBuffer, SlotWrite, VectorSlots } from '../../../../core/render/vector-slots.js';
import { atlasTexture, patchShader } from './piece-object.js';

type Key = 'fills' | 'strokes' | 'points';

export class VectorObject {
  readonly group = new Group();
  private readonly meshes: Record<Key, Mesh>;

  constructor(
    private slots: VectorSlots,
    globe: boolean,
  ) {
    this.meshes = {
      fills: this.mesh(slots.fills, 0.4, globe, false),
      strokes: this.mesh(slots.strokes, 0.5, globe, false),
      points: this.mesh(slots.points, 0.6, globe, true),
    };
    this.group.add(this.meshes.fills, this.meshes.strokes, this.meshes.points);
    this.showDrawn();
  }

  private mesh(b: SlotBuffer, order: number, globe: boolean, symbols: boolean): Mesh {
    // Translucent hill shading and symbol quads blend; drawn in buffer order, no depth writes.
    const material = new MeshBasicMaterial({ vertexColors: true, transparent: true, depthWrite: false, side: DoubleSide, forceSinglePass: true });
    patchShader(material, globe, symbols ? atlasTexture() : null);
    const mesh = new Mesh(geometryOf(b), material);
    mesh.renderOrder = order;
    mesh.frustumCulled = false;
    return mesh;
  }

  /** Shows other slotted buffers of the same level (the fine blocks in view changed); materials are kept. */
  replace(slots: VectorSlots): void {
    this.slots = slots;
    for (const key of ['fills', 'strokes', 'points'] as const) {
      const mesh = this.meshes[key];
      mesh.geometry.dispose();
      mesh.geometry = geometryOf(slots[key]);
    }
    this.showDrawn();
  }

  /** Uploads what core wrote: the slot ranges, or the whole buffer it laid out again. */
  apply(w: LevelWrite): void {
    for (const key of ['fills', 'strokes', 'points'] as const) this.upload(key, w[key]);
    this.showDrawn();
  }

  private upload(key: Key, w: SlotWrite): void {
    const mesh = this.meshes[key];
    if (w.relaid) {
      mesh.geometry.dispose();
      mesh.geometry = geometryOf(this.slots[key]);
      return;
    }
    const g = mesh.geometry;
    const sizes: [string, number][] = [['position', 3], ['color', 4], ['symbolUv', 2], ['symbol', 4]];
    for (const r of w.ranges) {
      for (const [name, size] of sizes) {
        const a = g.getAttribute(name) as BufferAttribute | undefined;
        if (!a || r.vertexCount === 0) continue;
        a.addUpdateRange(size * r.vertexStart, size * r.vertexCount);
        a.needsUpdate = true;
      }
      if (r.indexCount === 0) continue;
      const index = g.getIndex()!;
      index.addUpdateRange(r.indexStart, r.indexCount);
      index.needsUpdate = true;
    }
  }

  /** Empty buffers are not drawn (no call). */
  private showDrawn(): void {
    for (const key of ['fills', 'strokes', 'points'] as const) this.meshes[key].visible = this.slots[key].triangles() > 0;
  }

  /** Draw calls a frame of this level costs. */
  calls(): number {
    return this.group.visible ? this.group.children.filter((m) => m.visible).length : 0;
  }

  dispose(): void {
    for (const m of Object.values(this.meshes)) {
      m.geometry.dispose();
      (m.material as MeshBasicMaterial).dispose();
    }
  }
}

function geometryOf(b: SlotBuffer): BufferGeometry {
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(b.positions, 3));
  g.setAttribute('color', new BufferAttribute(b.colors, 4, true));
  if (b.uv && b.symbol) {
    g.setAttribute('symbolUv', new BufferAttribute(b.uv, 2, true));
    g.setAttribute('symbol', new BufferAttribute(b.symbol, 4, true));
  }
  g.setIndex(new BufferAttribute(b.indices, 1));
  return g;
}
