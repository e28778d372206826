/**
 * One core/render `PieceMesh` (a merged triangle buffer of one SPEC §5 element) as one
 * Three.js mesh: one draw call. The attributes share core's typed arrays (no copy); after an
 * edit only the dirty vertex range core reports is uploaded (`addUpdateRange`), and only
 * when core had to grow its arrays are the attributes re-created.
 *
 * Renderer layer: Three.js.
 */
import { BufferAttribute, BufferGeometry, DoubleSide, LineBasicMaterial, LineSegments, Mesh, MeshBasicMaterial } from 'three';
import type { DirtyRange, MeshBuffers } from '../../../../core/render/pieces.js';

/** What a piece buffer offers beyond MeshBuffers when it can change after the build. */
interface Growable extends MeshBuffers {
  grown?: boolean;
}

export class PieceObject {
  readonly mesh: Mesh;
  readonly geometry = new BufferGeometry();
  private buffers: Growable;

  constructor(buffers: Growable, options: { transparent: boolean; renderOrder: number; depthTest?: boolean; globe?: boolean }) {
    this.buffers = buffers;
    this.bind();
    const material = new MeshBasicMaterial({
      vertexColors: true,
      transparent: options.transparent,
      depthWrite: !options.transparent,
      depthTest: options.depthTest ?? true,
      side: DoubleSide,
      // Three draws transparent double-sided meshes in two passes by default; flat pieces
      // need one (one draw call per element).
      forceSinglePass: true,
    });
    if (options.globe) shadeAsSphere(material);
    this.mesh = new Mesh(this.geometry, material);
    this.mesh.renderOrder = options.renderOrder;
    this.mesh.frustumCulled = false;
  }

  /** Points the geometry at the (new) arrays of `buffers`: a rebuild, or arrays that grew. */
  replace(buffers: Growable): void {
    this.buffers = buffers;
    this.bind();
  }

  private bind(): void {
    const b = this.buffers;
    const g = this.geometry;
    g.setAttribute('position', new BufferAttribute(b.positions, 3));
    g.setAttribute('color', new BufferAttribute(b.colors, 4, true));
    g.setIndex(new BufferAttribute(b.indices, 1));
    g.setDrawRange(0, b.pieceCount * b.indicesPerPiece);
    if (b.grown) b.grown = false;
  }

  /** Uploads what changed: the dirty range, or everything after the arrays grew. */
  update(range: DirtyRange): void {
    const b = this.buffers;
    if (b.grown || b.positions !== this.geometry.getAttribute('position').array || b.indices !== this.geometry.getIndex()?.array) {
      this.bind();
      return;
    }
    this.geometry.setDrawRange(0, b.pieceCount * b.indicesPerPiece);
    if (range.count <= 0) return;
    const pos = this.geometry.getAttribute('position') as BufferAttribute;
    const col = this.geometry.getAttribute('color') as BufferAttribute;
    pos.addUpdateRange(3 * range.start, 3 * range.count);
    pos.needsUpdate = true;
    col.addUpdateRange(4 * range.start, 4 * range.count);
    col.needsUpdate = true;
  }

  /**
   * Tile borders: the edges of every piece as line segments over the SAME position buffer
   * (no copy, one extra draw call), for seeing tiles whose terrain is alike or empty.
   */
  borders(colour: string, opacity: number): LineSegments {
    const b = this.buffers;
    const k = b.verticesPerPiece;
    const idx = new Uint32Array(b.pieceCount * k * 2);
    for (let p = 0, o = 0; p < b.pieceCount; p++) {
      const base = p * k;
      for (let j = 0; j < k; j++) {
        idx[o++] = base + j;
        idx[o++] = base + ((j + 1) % k);
      }
    }
    const g = new BufferGeometry();
    g.setAttribute('position', this.geometry.getAttribute('position'));
    g.setIndex(new BufferAttribute(idx, 1));
    const lines = new LineSegments(g, new LineBasicMaterial({ color: colour, transparent: true, opacity, depthWrite: false }));
    lines.frustumCulled = false;
    return lines;
  }

  /** Uploads only colours of vertices [start, start + count) (an in-place recolour). */
  updateColours(range: DirtyRange): void {
    if (range.count <= 0) return;
    const col = this.geometry.getAttribute('color') as BufferAttribute;
    col.addUpdateRange(4 * range.start, 4 * range.count);
    col.needsUpdate = true;
  }

  dispose(): void {
    this.geometry.dispose();
    (this.mesh.material as MeshBasicMaterial).dispose();
  }
}

/**
 * Globe shading without a normal buffer: on a sphere centred at the origin the position is
 * the normal. Tiles facing the viewer keep their exact catalogue colour (factor 1 where the
 * surface faces the eye within ~18°); towards the limb they darken to 50 %, so the globe
 * reads as a ball and terrain colours stay true where the designer is looking.
 */
function shadeAsSphere(material: MeshBasicMaterial): void {
  material.onBeforeCompile = (shader) => {
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', '#include <common>\nvarying float vShade;')
      .replace(
        '#include <begin_vertex>',
        '#include <begin_vertex>\nvShade = mix(0.5, 1.0, smoothstep(0.1, 0.95, normalize(normalMatrix * position).z));',
      );
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', '#include <common>\nvarying float vShade;')
      .replace('#include <color_fragment>', '#include <color_fragment>\ndiffuseColor.rgb *= vShade;');
  };
  material.customProgramCacheKey = () => 'sandtable-globe-shade';
}
