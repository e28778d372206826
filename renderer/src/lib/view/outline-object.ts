/**
 * One outline element of SPEC §5 — (C) area or (D) linear outlines — as fat line segments:
 * one instanced draw per chunk of core/render's `chunkOutlines` (one chunk on maps up to
 * ~20 k area tiles, spatial blocks beyond, so Three.js culls those off screen), over views of
 * core's arrays (no copy). Zoomed out, where every block would be in view, outlines are hidden
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
import { capInView, chunkOutlines, type LineBuffers } from '../../../../core/render/index.js';

export class OutlineObject {
  readonly group = new Group();
  private readonly material: LineMaterial;
  private chunks: LineSegments2[] = [];
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
      const line = new LineSegments2(new LineSegmentsGeometry(), this.material);
      setSegments(line, c.positions.subarray(6 * first, 6 * last), c.colors.subarray(8 * first, 8 * last), c.distances.subarray(2 * first, 2 * last), last - first);
      line.renderOrder = this.renderOrder;
      this.chunks.push(line);
      this.group.add(line);
    }
    this.caps = c.caps;
    this.show();
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
