/**
 * The four elements of SPEC §5, drawn in order A, B, C, D, as Three.js objects over the
 * typed arrays of core/render (`MapGeometry`). Nothing geometric is computed here: core
 * builds and updates the buffers; this adapter shares them with WebGL and says which ranges
 * changed.
 *
 * - (A) area polygons and (B) linear polygons: one mesh each (piece-object.ts); an edit
 *   recolours (A) in place and re-uploads only the dirty vertex range, (B) likewise for the
 *   strips core rebuilt.
 * - (C) and (D) outlines: fat line segments, dashed per segment where the style table says
 *   so (slow going for the mode), one instanced draw per 131 072 segments with off-screen
 *   chunks culled; with the optional tile borders a map draws in at most 5 calls zoomed out
 *   or on maps up to ~20 k area tiles, and a few more zoomed into a million-tile map. Switching the MOVEMENT-MODE recomputes only
 *   these; after an edit they are recomputed shortly after the stroke lands, so painting on a
 *   million-tile map stays immediate.
 *
 * Renderer layer: Three.js; no DOM of its own.
 */
import { Group, InstancedInterleavedBuffer, InterleavedBufferAttribute, type LineSegments, type LineBasicMaterial } from 'three';
import { LineSegments2 } from 'three/addons/lines/LineSegments2.js';
import { LineSegmentsGeometry } from 'three/addons/lines/LineSegmentsGeometry.js';
import { LineMaterial } from 'three/addons/lines/LineMaterial.js';
import type { LoadedMap, AppliedEdit } from '../map-model.js';
import type { TerrainCatalogue } from '../../../../core/terrain/types.js';
import { buildMapGeometry, compileOutlineStyles, updateTileColour, type LineBuffers, type MapGeometry } from '../../../../core/render/index.js';
import { PieceObject } from './piece-object.js';
import type { Bounds } from './flat-camera.js';

/** Outline widths in CSS pixels at full zoom (outline-style.ts gives 1–2 px by terrain). */
const AREA_LINE_PX = 1.5;
const LINEAR_LINE_PX = 1.75;

export class MapLayers {
  readonly root = new Group();
  private geometry: MapGeometry;
  private readonly areaObj: PieceObject;
  private readonly linearObj: PieceObject;
  private readonly lines: { c: OutlineObject; d: OutlineObject };
  private mode = '';
  private borders: LineSegments | null = null;
  private bordersOn = true;
  private bordersColour = '#000000';
  private outlineTimer: ReturnType<typeof setTimeout> | null = null;
  /** Called when something changed outside a user action (deferred outlines): draw again. */
  onChange: () => void = () => {};
  private lineScale = 1;

  constructor(
    private readonly loaded: LoadedMap,
    private readonly catalogue: TerrainCatalogue,
  ) {
    this.geometry = buildMapGeometry(loaded.map, catalogue, { emptyColour: '#e9e6dc' });
    const globe = this.geometry.radii !== null;
    this.areaObj = new PieceObject(this.geometry.area, { transparent: false, renderOrder: 0, globe });
    this.linearObj = new PieceObject(this.geometry.linear, { transparent: true, renderOrder: 1, globe });
    const spacing = this.spacing();
    this.lines = { c: new OutlineObject(2, AREA_LINE_PX, spacing), d: new OutlineObject(3, LINEAR_LINE_PX, spacing) };
    this.root.add(this.areaObj.mesh, this.linearObj.mesh, this.lines.c.group, this.lines.d.group);
    this.rebuildBorders();
  }

  /** Thin borders round every area polygon (a view aid, not one of the four elements). */
  setBorders(on: boolean, colour: string): void {
    if (on === this.bordersOn && colour === this.bordersColour) return;
    this.bordersOn = on;
    this.bordersColour = colour;
    this.rebuildBorders();
  }

  private rebuildBorders(): void {
    if (this.borders) {
      this.root.remove(this.borders);
      // The position buffer belongs to (A): detach it so disposing the borders keeps it.
      this.borders.geometry.deleteAttribute('position');
      this.borders.geometry.dispose();
      (this.borders.material as LineBasicMaterial).dispose();
      this.borders = null;
    }
    if (!this.bordersOn) return;
    this.borders = this.areaObj.borders(this.bordersColour, 0.22);
    this.borders.renderOrder = 1.5;
    // Globe: lift the borders half way to layer B so they do not fight (A) in the depth buffer.
    const r = this.geometry.radii;
    if (r) this.borders.scale.setScalar((r[0] + r[1]) / 2 / r[0]);
    this.borders.visible = this.lineScale > 0;
    this.root.add(this.borders);
  }

  /** Model-space box of the map (flat maps). */
  bounds(): Bounds {
    const b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    for (const mesh of [this.geometry.area, this.geometry.linear]) {
      const pos = mesh.positions;
      const end = mesh.pieceCount * mesh.verticesPerPiece * 3;
      for (let i = 0; i < end; i += 3) {
        const x = pos[i]!;
        const y = pos[i + 1]!;
        if (x < b.minX) b.minX = x;
        if (x > b.maxX) b.maxX = x;
        if (y < b.minY) b.minY = y;
        if (y > b.maxY) b.maxY = y;
      }
    }
    if (b.minX > b.maxX) return { minX: -1, minY: -1, maxX: 1, maxY: 1 };
    return b;
  }

  /**
   * The polygon drawn for a tile — its (A) piece, or its first (B) piece — as model-space
   * corners (repeated corners of fixed-size pieces dropped); null if the tile draws nothing.
   */
  tilePolygon(tile: number): number[][] | null {
    for (const mesh of [this.geometry.area, this.geometry.linear]) {
      if (tile >= mesh.firstPiece.length) continue;
      const p = mesh.firstPiece[tile]!;
      if (p < 0) continue;
      const k = mesh.verticesPerPiece;
      const pos = mesh.positions;
      const out: number[][] = [];
      for (let j = 0; j < k; j++) {
        const o = 3 * (p * k + j);
        const pt = [pos[o]!, pos[o + 1]!, pos[o + 2]!];
        const last = out[out.length - 1];
        if (last && Math.abs(last[0]! - pt[0]!) + Math.abs(last[1]! - pt[1]!) + Math.abs(last[2]! - pt[2]!) < 1e-9) continue;
        out.push(this.geometry.radii ? pt : [pt[0]!, pt[1]!]);
      }
      if (out.length >= 3) return out;
    }
    return null;
  }

  /** Globe: the radius just outside layer D, where overlays go. */
  overlayRadius(): number {
    const r = this.geometry.radii;
    return r ? r[3] + (r[3] - r[0]) : 1.01;
  }

  /** Draw calls a frame of the map itself costs (the overlays add their own). */
  drawCalls(): number {
    return 2 + (this.borders?.visible ? 1 : 0) + this.lines.c.calls() + this.lines.d.calls();
  }

  setMode(mode: string): void {
    if (mode === this.mode) return;
    this.mode = mode;
    this.rebuildOutlines();
  }

  /**
   * Outline width follows the zoom: full width when a tile spans ≥ 24 px, thinner below,
   * hidden under 8 px, where outlines would only grey the map (and cost the most to draw).
   */
  setPixelsPerTile(px: number): void {
    const s = px < 8 ? 0 : Math.min(1, px / 24);
    if (Math.abs(s - this.lineScale) < 0.02) return;
    this.lineScale = s;
    this.lines.c.setScale(s);
    this.lines.d.setScale(s);
    if (this.borders) this.borders.visible = s > 0;
  }

  setResolution(width: number, height: number): void {
    this.lines.c.setResolution(width, height);
    this.lines.d.setResolution(width, height);
  }

  /** Globe: the eye position in model space (before the globe's turn), for horizon culling of outlines. */
  setEye(eye: readonly [number, number, number]): void {
    this.lines.c.cullBeyondHorizon(eye);
    this.lines.d.cullBeyondHorizon(eye);
  }

  /** Applies an edit the session has written into the map's layers. */
  applyEdit(edit: AppliedEdit): void {
    if (edit.paletteChanged) {
      // A new terrain: core's per-palette tables are fixed at build time, so rebuild.
      this.geometry = buildMapGeometry(this.loaded.map, this.catalogue, { emptyColour: '#e9e6dc' });
      this.areaObj.replace(this.geometry.area);
      this.linearObj.replace(this.geometry.linear);
      this.rebuildBorders();
      this.rebuildOutlines();
      return;
    }
    if (edit.tiles.length) this.upload(this.geometry.updateTiles(edit.tiles));
    if (edit.edgeSlots.length) this.upload(this.geometry.updateEdges(edit.edgeSlots));
    this.scheduleOutlines();
  }

  /** Shows area tiles in `colour` before the edit is confirmed (colours only, in place). */
  preview(tiles: readonly number[], colour: string): void {
    const v = parseInt(colour.slice(1), 16);
    const rgb = [(v >> 16) & 255, (v >> 8) & 255, v & 255];
    for (const t of tiles) this.areaObj.updateColours(updateTileColour(this.geometry.area, t, rgb));
  }

  /** Puts back the colours of previewed tiles from their terrain. */
  restore(tiles: readonly number[]): void {
    const rgba = this.geometry.palette.rgba;
    const terrain = this.loaded.map.layers.terrain;
    for (const t of tiles) {
      const k = terrain[t]!;
      if (k >= this.geometry.palette.size) continue; // a terrain new to this geometry: the rebuild that follows recolours it
      this.areaObj.updateColours(updateTileColour(this.geometry.area, t, rgba.subarray(4 * k, 4 * k + 4)));
    }
  }

  dispose(): void {
    if (this.outlineTimer) clearTimeout(this.outlineTimer);
    this.bordersOn = false;
    this.rebuildBorders();
    this.areaObj.dispose();
    this.linearObj.dispose();
    this.lines.c.dispose();
    this.lines.d.dispose();
  }

  private upload(u: { area: { start: number; count: number }; linear: { start: number; count: number }; linearGrown: boolean }): void {
    this.areaObj.updateColours(u.area);
    if (u.linearGrown) this.linearObj.replace(this.geometry.linear);
    else this.linearObj.update(u.linear);
  }

  private scheduleOutlines(): void {
    if (this.outlineTimer) clearTimeout(this.outlineTimer);
    const delay = this.loaded.map.tileCount > 200_000 ? 120 : 0;
    if (delay === 0) {
      this.rebuildOutlines();
      return;
    }
    this.outlineTimer = setTimeout(() => {
      this.outlineTimer = null;
      this.rebuildOutlines();
      this.onChange();
    }, delay);
  }

  private rebuildOutlines(): void {
    if (!this.mode) return;
    const outlines = this.geometry.outlines(this.mode);
    const styles = compileOutlineStyles(this.catalogue, this.loaded.map.palette, this.mode);
    this.lines.c.set(outlines.area, styles.dashed);
    this.lines.d.set(outlines.linear, styles.dashed);
  }

  /** Distance between adjoining tile centres in model space: 1 on flat maps, the globe's spacing × radius. */
  private spacing(): number {
    const r = this.geometry.radii;
    if (!r) return 1;
    return r[0] * Math.sqrt((8 * Math.PI) / (Math.sqrt(3) * this.loaded.map.tileCount));
  }
}

/** Segments per fat-line object: big enough for one draw on most maps, small enough to cull. */
const CHUNK_SEGMENTS = 1 << 17;

/**
 * One outline element as fat line segments. A map of up to 131 072 segments (~20 k area
 * tiles) is one instanced draw over views of core's arrays (no copy). Larger maps are split
 * into spatial blocks — a K×K grid over the map, or K×K patches of each cube face on the
 * globe — each its own draw, so Three.js culls the blocks off screen when zoomed in; zoomed
 * out, where every block would be in view, outlines are hidden (setPixelsPerTile). Segments
 * whose terrain the style table dashes (slow going for the mode) carry their length as line
 * distance and are cut into dashes by the shader; solid ones carry distance 0, which the same
 * dashed shader draws unbroken.
 */
class OutlineObject {
  readonly group = new Group();
  private readonly material: LineMaterial;
  private chunks: LineSegments2[] = [];
  /** Globe: per chunk, the unit direction of its middle and its angular radius (x, y, z, radians). */
  private caps: Float64Array | null = null;
  private scale = 1;

  constructor(
    private readonly renderOrder: number,
    private readonly widthPx: number,
    spacing: number,
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

  calls(): number {
    return this.chunks.filter((c) => c.visible).length;
  }

  set(lines: LineBuffers, dashedByTerrain: Uint8Array): void {
    this.clear();
    const n = lines.segmentCount;
    let p = lines.positions;
    let colors = lines.colors;
    const distances = new Float32Array(2 * n);
    for (let s = 0; s < n; s++) {
      if (!dashedByTerrain[lines.terrain[s]!]) continue;
      const o = 6 * s;
      distances[2 * s + 1] = Math.hypot(p[o + 3]! - p[o]!, p[o + 4]! - p[o + 1]!, p[o + 5]! - p[o + 2]!);
    }
    let starts = [0, n];
    if (n > CHUNK_SEGMENTS) {
      const blocks = spatialBlocks(p, n, Math.ceil(Math.sqrt(n / CHUNK_SEGMENTS)));
      p = blocks.reorder(p, 6);
      colors = blocks.reorder(colors, 8);
      const d = blocks.reorder(distances, 2);
      distances.set(d);
      starts = blocks.starts;
    }
    for (let b = 0; b + 1 < starts.length; b++) {
      const first = starts[b]!;
      const last = starts[b + 1]!;
      if (last === first) continue;
      const line = new LineSegments2(new LineSegmentsGeometry(), this.material);
      setSegments(line, p.subarray(6 * first, 6 * last), colors.subarray(8 * first, 8 * last), distances.subarray(2 * first, 2 * last), last - first);
      line.renderOrder = this.renderOrder;
      this.chunks.push(line);
      this.group.add(line);
    }
    this.caps = p.length && p[2] !== 0 ? chunkCaps(p, starts) : null;
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
    const d = Math.hypot(eye[0], eye[1], eye[2]);
    const horizon = Math.acos(Math.min(1, 1 / d));
    let k = 0;
    for (const c of this.chunks) {
      const cos = (caps[4 * k]! * eye[0] + caps[4 * k + 1]! * eye[1] + caps[4 * k + 2]! * eye[2]) / d;
      const angle = Math.acos(Math.max(-1, Math.min(1, cos)));
      c.visible = this.scale > 0 && angle - caps[4 * k + 3]! < horizon;
      k++;
    }
  }

  setScale(s: number): void {
    this.scale = s;
    this.material.linewidth = Math.max(0.6, this.widthPx * s);
    this.material.opacity = Math.min(1, 0.35 + s);
    this.show();
  }

  private show(): void {
    for (const c of this.chunks) c.visible = this.scale > 0;
  }

  setResolution(width: number, height: number): void {
    this.material.resolution.set(width, height);
  }

  private clear(): void {
    for (const c of this.chunks) {
      this.group.remove(c);
      c.geometry.dispose();
    }
    this.chunks = [];
  }

  dispose(): void {
    this.clear();
    this.material.dispose();
  }
}

/**
 * Sorts segments into spatial blocks by their first end: a k×k grid over the bounding box
 * of a flat map (z = 0), or k×k patches of the six cube faces on the globe. Returns where each
 * block starts and a function that reorders any per-segment array (`stride` values each).
 */
function spatialBlocks(pos: Float32Array, n: number, k: number): { starts: number[]; reorder<T extends Float32Array | Uint8Array>(a: T, stride: number): T } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let globe = false;
  for (let s = 0; s < n; s++) {
    const x = pos[6 * s]!;
    const y = pos[6 * s + 1]!;
    if (pos[6 * s + 2] !== 0) globe = true;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const bins = globe ? 6 * k * k : k * k;
  const bin = new Uint32Array(n);
  const clampK = (v: number) => Math.min(k - 1, Math.max(0, Math.floor(v * k)));
  for (let s = 0; s < n; s++) {
    const x = pos[6 * s]!;
    const y = pos[6 * s + 1]!;
    if (!globe) {
      bin[s] = clampK((x - minX) / (maxX - minX || 1)) * k + clampK((y - minY) / (maxY - minY || 1));
      continue;
    }
    const z = pos[6 * s + 2]!;
    const ax = Math.abs(x);
    const ay = Math.abs(y);
    const az = Math.abs(z);
    // Cube face of the direction, then (u, v) on that face in [0, 1).
    let face: number;
    let u: number;
    let v: number;
    if (ax >= ay && ax >= az) [face, u, v] = [x > 0 ? 0 : 1, y / ax, z / ax];
    else if (ay >= az) [face, u, v] = [y > 0 ? 2 : 3, x / ay, z / ay];
    else [face, u, v] = [z > 0 ? 4 : 5, x / az, y / az];
    bin[s] = face * k * k + clampK((u + 1) / 2) * k + clampK((v + 1) / 2);
  }
  const counts = new Uint32Array(bins + 1);
  for (let s = 0; s < n; s++) counts[bin[s]! + 1]!++;
  for (let b = 0; b < bins; b++) counts[b + 1]! += counts[b]!;
  const starts = Array.from(counts);
  const order = new Uint32Array(n);
  const next = counts.slice(0, bins);
  for (let s = 0; s < n; s++) order[next[bin[s]!]!++] = s;
  return {
    starts,
    reorder<T extends Float32Array | Uint8Array>(a: T, stride: number): T {
      const out = new (a.constructor as new (len: number) => T)(n * stride);
      for (let i = 0, o = 0; i < n; i++) {
        const from = order[i]! * stride;
        for (let j = 0; j < stride; j++) out[o++] = a[from + j]!;
      }
      return out;
    },
  };
}

/** Per non-empty block: unit direction of its mean start point and the largest angle from it to a start point. */
function chunkCaps(p: Float32Array, starts: number[]): Float64Array {
  const caps: number[] = [];
  for (let b = 0; b + 1 < starts.length; b++) {
    const first = starts[b]!;
    const last = starts[b + 1]!;
    if (last === first) continue;
    let x = 0;
    let y = 0;
    let z = 0;
    for (let s = first; s < last; s++) {
      x += p[6 * s]!;
      y += p[6 * s + 1]!;
      z += p[6 * s + 2]!;
    }
    const l = Math.hypot(x, y, z) || 1;
    x /= l;
    y /= l;
    z /= l;
    let minCos = 1;
    for (let s = first; s < last; s++) {
      const px = p[6 * s]!;
      const py = p[6 * s + 1]!;
      const pz = p[6 * s + 2]!;
      const c = (x * px + y * py + z * pz) / (Math.hypot(px, py, pz) || 1);
      if (c < minCos) minCos = c;
    }
    caps.push(x, y, z, Math.acos(Math.max(-1, minCos)));
  }
  return Float64Array.from(caps);
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
