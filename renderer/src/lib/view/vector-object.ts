/**
 * One level of a map of vector tiles drawn as a map (issue 13): core's slotted buffers
 * (core/render vector-slots.ts) — fills and hill shading, strokes (every block's casings, then
 * every block's lines), point symbols — shared with WebGL as three meshes, three draw calls,
 * between element (A) (the ground) and the AL-FORM elements B–D. An edit uploads only the
 * slot ranges core wrote (`addUpdateRange`); a buffer core laid out again gets a new geometry.
 * The placing ghost (placing-overlay.ts) is drawn by the same object from one tile's buffers
 * (core/render vector-ghost.ts), see-through.
 *
 * Renderer layer: Three.js.
 */
import { BufferAttribute, BufferGeometry, DoubleSide, Group, Mesh, MeshBasicMaterial } from 'three';
import type { LevelWrite } from '../../../../core/render/vector-block-map.js';
import type { VectorBuffers } from '../../../../core/render/vector-map.js';
import { SlotBuffer, type SlotWrite } from '../../../../core/render/vector-slots.js';
import { atlasTexture, patchShader } from './piece-object.js';

type Key = 'fills' | 'strokes' | 'points';
/** A level's slotted buffers (vector-slots.ts), or one tile's plain buffers (the ghost). */
type Buffers = SlotBuffer | (VectorBuffers & { readonly uv?: Int8Array | null; readonly symbol?: Uint8Array | null });
type Level = Readonly<Record<Key, Buffers>>;

export class VectorObject {
  readonly group = new Group();
  private readonly meshes: Record<Key, Mesh>;

  /**
   * `order` lifts the three meshes' render order (fills, strokes, points at order + 0.4, 0.5,
   * 0.6); `opacity` below 1 draws them see-through (the placing ghost).
   */
  constructor(
    private slots: Level,
    globe: boolean,
    options: { order?: number; opacity?: number } = {},
  ) {
    const base = options.order ?? 0;
    const opacity = options.opacity ?? 1;
    this.meshes = {
      fills: this.mesh(slots.fills, base + 0.4, globe, false, opacity),
      strokes: this.mesh(slots.strokes, base + 0.5, globe, false, opacity),
      points: this.mesh(slots.points, base + 0.6, globe, true, opacity),
    };
    this.group.add(this.meshes.fills, this.meshes.strokes, this.meshes.points);
    this.showDrawn();
  }

  private mesh(b: Buffers, order: number, globe: boolean, symbols: boolean, opacity: number): Mesh {
    // Translucent hill shading and symbol quads blend; drawn in buffer order, no depth writes.
    const material = new MeshBasicMaterial({ vertexColors: true, transparent: true, opacity, depthWrite: false, side: DoubleSide, forceSinglePass: true });
    patchShader(material, globe, symbols ? atlasTexture() : null);
    const mesh = new Mesh(geometryOf(b), material);
    mesh.renderOrder = order;
    mesh.frustumCulled = false;
    return mesh;
  }

  /** Shows other slotted buffers of the same level (the fine blocks in view changed); materials are kept. */
  replace(slots: Level): void {
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
    for (const key of ['fills', 'strokes', 'points'] as const) {
      const b = this.slots[key];
      this.meshes[key].visible = (b instanceof SlotBuffer ? b.triangles() : b.indices.length) > 0;
    }
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

function geometryOf(b: Buffers): BufferGeometry {
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
