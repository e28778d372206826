/**
 * One outline element of SPEC §5 — (C) area or (D) linear outlines — as fat line segments:
 * one instanced draw per chunk of core/render's `chunkOutlines` (one chunk on maps up to
 * ~20 k area tiles, spatial blocks beyond, so Three.js culls those off screen), over views of
 * core's arrays (no copy). Large flat maps come in core's outline blocks (core/render
 * outline-blocks.ts), one draw per block, and after an edit only the blocks core worked out
 * again are replaced (`setBlocks`), so a one-tile edit uploads a few thousand segments, not
 * millions. Zoomed out, where every block would be in view, outlines are hidden
 * (`setScale(0)`). Segments whose terrain is dashed for the mode carry their length as line
 * distance and are cut into dashes by the shader; solid ones carry 0, which the same dashed
 * shader draws unbroken. On the globe, chunks wholly beyond the horizon are hidden.
 *
 * Renderer layer: Three.js; no DOM of its own.
 */
import { Group, InstancedInterleavedBuffer, InterleavedBufferAttribute } from 'three';
import { LineSegments2 } from 'three/addons/lines/LineSegments2.js';
import { LineSegmentsGeometry } from 'three/addons/lines/LineSegmentsGeometry.js';
import { LineMaterial } from 'three/addons/lines/LineMaterial.js';
import { capInView, chunkOutlines, dashDistances, type LineBuffers } from '../../../../core/render/index.js';

export class OutlineObject {
  readonly group = new Group();
  private readonly material: LineMaterial;
  private chunks: LineSegments2[] = [];
  /** Drawn in blocks (`setBlocks`): each block's chunk, null where the block draws nothing. */
  private byBlock: (LineSegments2 | null)[] = [];
  /** Segments uploaded by the last `set` or `setBlocks` (tests and the bench read it). */
  lastUploadSegments = 0;
  /** Globe: per chunk, the unit direction of its middle and its angular radius (x, y, z, radians). */
  private caps: Float64Array | null = null;
  private scale = 1;
  /** The layers panel's opacity for this element's layer (0…1), times the zoom's. */
  private fade = 1;

  /** `spacing`: the tile spacing in model units (dash and gap lengths are fractions of it). */
  constructor(
    private renderOrder: number,
    private readonly widthPx: number,
    spacing: number,
    private readonly globe: boolean,
  ) {
    this.material = new LineMaterial({
      vertexColors: true,
      linewidth: widthPx,
      worldUnits: false,
      dashed: true,
      dashSize: 0.22 * spacing,
      gapSize: 0.14 * spacing,
      transparent: true,
      depthWrite: false,
    });
  }

  /** Draw calls this element costs now. */
  calls(): number {
    return this.chunks.filter((c) => c.visible).length;
  }

  set(lines: LineBuffers, dashedByTerrain: Uint8Array | Float32Array): void {
    this.clear();
    // Dashes centred on each segment's middle (core: shared edges then dash in step).
    const c = chunkOutlines(lines, dashedByTerrain, this.globe, undefined, this.material.dashSize / 2);
    for (let b = 0; b + 1 < c.starts.length; b++) {
      const first = c.starts[b]!;
      const last = c.starts[b + 1]!;
      if (last === first) continue;
      this.chunks.push(this.chunk(c.positions.subarray(6 * first, 6 * last), c.colors.subarray(8 * first, 8 * last), c.distances.subarray(2 * first, 2 * last), last - first));
    }
    this.caps = c.caps;
    this.lastUploadSegments = lines.segmentCount;
    this.show();
  }

  /**
   * Flat maps in outline blocks: one chunk per block; `rebuilt` lists the blocks whose lines
   * changed (null: all of them), the other chunks are kept as they are.
   */
  setBlocks(blocks: readonly LineBuffers[], dashedByTerrain: Uint8Array | Float32Array, rebuilt: readonly number[] | null): void {
    if (rebuilt === null || this.byBlock.length !== blocks.length) {
      this.clear();
      this.byBlock = blocks.map(() => null);
      rebuilt = blocks.map((_, b) => b);
    }
    let uploaded = 0;
    for (const b of rebuilt) {
      const old = this.byBlock[b];
      if (old) {
        this.group.remove(old);
        old.geometry.dispose();
      }
      const lines = blocks[b]!;
      const n = lines.segmentCount;
      uploaded += n;
      this.byBlock[b] = n === 0 ? null : this.chunk(lines.positions, lines.colors, dashDistances(lines, dashedByTerrain, this.material.dashSize / 2), n);
    }
    this.chunks = this.byBlock.filter((c): c is LineSegments2 => c !== null);
    this.caps = null;
    this.lastUploadSegments = uploaded;
    this.show();
  }

  /** A chunk over these arrays (no copy), added to the group. */
  private chunk(positions: Float32Array, colors: Uint8Array, distances: Float32Array, count: number): LineSegments2 {
    const line = new LineSegments2(new LineSegmentsGeometry(), this.material);
    setSegments(line, positions, colors, distances, count);
    line.renderOrder = this.renderOrder;
    this.group.add(line);
    return line;
  }

  /**
   * Globe: hides chunks wholly beyond the horizon seen from `eye` (model space, globe radius
   * ≈ 1). Frustum culling cannot: zoomed in, the view cone behind the surface spans the whole
   * far hemisphere.
   */
  cullBeyondHorizon(eye: readonly [number, number, number]): void {
    const caps = this.caps;
    if (!caps) return;
    this.chunks.forEach((c, k) => (c.visible = this.scale > 0 && capInView(caps, k, eye)));
  }

  setScale(s: number): void {
    this.scale = s;
    this.material.linewidth = Math.max(0.6, this.widthPx * s);
    this.material.opacity = Math.min(1, 0.35 + s) * this.fade;
    this.show();
  }

  /** The layers panel's opacity (0…1) for the element's layer. */
  setFade(fade: number): void {
    this.fade = fade;
    this.setScale(this.scale);
  }

  /** Draws the element in `order` among the map's objects (under or over the vector drawing). */
  setOrder(order: number): void {
    this.renderOrder = order;
    for (const c of this.chunks) c.renderOrder = order;
  }

  setResolution(width: number, height: number): void {
    this.material.resolution.set(width, height);
  }

  dispose(): void {
    this.clear();
    this.material.dispose();
  }

  private show(): void {
    for (const c of this.chunks) c.visible = this.scale > 0;
  }

  private clear(): void {
    for (const c of this.chunks) {
      this.group.remove(c);
      c.geometry.dispose();
    }
    this.chunks = [];
    this.byBlock = [];
  }
}

/** Points a fat-line geometry at xyz,xyz positions, rgba,rgba (Uint8) colours and line distances per segment, without copying. */
function setSegments(line: LineSegments2, positions: Float32Array, colors: Uint8Array, distances: Float32Array, count: number): void {
  const g = line.geometry as LineSegmentsGeometry;
  const pos = new InstancedInterleavedBuffer(positions, 6, 1);
  g.setAttribute('instanceStart', new InterleavedBufferAttribute(pos, 3, 0));
  g.setAttribute('instanceEnd', new InterleavedBufferAttribute(pos, 3, 3));
  const col = new InstancedInterleavedBuffer(colors, 8, 1);
  g.setAttribute('instanceColorStart', new InterleavedBufferAttribute(col, 3, 0, true));
  g.setAttribute('instanceColorEnd', new InterleavedBufferAttribute(col, 3, 4, true));
  const dist = new InstancedInterleavedBuffer(distances, 2, 1);
  g.setAttribute('instanceDistanceStart', new InterleavedBufferAttribute(dist, 1, 0));
  g.setAttribute('instanceDistanceEnd', new InterleavedBufferAttribute(dist, 1, 1));
  g.instanceCount = count;
  // Computed from the segments when Three.js first culls this chunk.
  g.boundingBox = null;
  g.boundingSphere = null;
}
