/**
 * The four elements of SPEC §5, drawn in order A, B, C, D, as Three.js objects over the
 * typed arrays of core/render (`MapGeometry`). Nothing geometric is computed here: core
 * builds and updates the buffers; this adapter shares them with WebGL and says which ranges
 * changed.
 *
 * - (A) area polygons and (B) linear polygons: one mesh each (piece-object.ts); an edit
 *   recolours (A) in place and re-uploads only the dirty vertex range, (B) likewise for the
 *   strips core rebuilt.
 * - (C) and (D) outlines: fat line segments, one instanced draw each, dashed per segment
 *   where the style table says so (slow going for the mode); with the optional tile borders
 *   a map draws in at most 5 calls whatever its size. Switching the MOVEMENT-MODE recomputes only
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

/**
 * One outline element as fat line segments in ONE instanced draw call. Segments whose
 * terrain the style table dashes (slow going for the mode) carry their length as line
 * distance and are cut into dashes by the shader; solid ones carry distance 0 everywhere,
 * which the same dashed shader draws unbroken. Positions and colours are core's arrays,
 * shared, not copied.
 */
class OutlineObject {
  readonly group = new Group();
  private readonly line: LineSegments2;
  private scale = 1;

  constructor(
    renderOrder: number,
    private readonly widthPx: number,
    spacing: number,
  ) {
    const material = new LineMaterial({
      vertexColors: true,
      linewidth: widthPx,
      worldUnits: false,
      dashed: true,
      dashSize: 0.22 * spacing,
      gapSize: 0.14 * spacing,
      transparent: true,
      depthWrite: false,
    });
    this.line = new LineSegments2(new LineSegmentsGeometry(), material);
    this.line.renderOrder = renderOrder;
    this.line.frustumCulled = false;
    this.line.visible = false;
    this.group.add(this.line);
  }

  calls(): number {
    return this.line.visible ? 1 : 0;
  }

  set(lines: LineBuffers, dashedByTerrain: Uint8Array): void {
    const n = lines.segmentCount;
    setSegments(this.line, lines.positions, lines.colors, n);
    const distances = new Float32Array(2 * n);
    const p = lines.positions;
    for (let s = 0; s < n; s++) {
      if (!dashedByTerrain[lines.terrain[s]!]) continue;
      const o = 6 * s;
      distances[2 * s + 1] = Math.hypot(p[o + 3]! - p[o]!, p[o + 4]! - p[o + 1]!, p[o + 5]! - p[o + 2]!);
    }
    const g = this.line.geometry as LineSegmentsGeometry;
    const buffer = new InstancedInterleavedBuffer(distances, 2, 1);
    g.setAttribute('instanceDistanceStart', new InterleavedBufferAttribute(buffer, 1, 0));
    g.setAttribute('instanceDistanceEnd', new InterleavedBufferAttribute(buffer, 1, 1));
    this.show();
  }

  setScale(s: number): void {
    this.scale = s;
    const m = this.line.material as LineMaterial;
    m.linewidth = Math.max(0.6, this.widthPx * s);
    m.opacity = Math.min(1, 0.35 + s);
    this.show();
  }

  private show(): void {
    this.line.visible = this.scale > 0 && (this.line.geometry as LineSegmentsGeometry).instanceCount > 0;
  }

  setResolution(width: number, height: number): void {
    (this.line.material as LineMaterial).resolution.set(width, height);
  }

  dispose(): void {
    this.line.geometry.dispose();
    (this.line.material as LineMaterial).dispose();
  }
}

/** Points a fat-line geometry at xyz,xyz positions and rgba,rgba (Uint8) colours per segment, without copying. */
function setSegments(line: LineSegments2, positions: Float32Array, colors: Uint8Array, count: number): void {
  const g = line.geometry as LineSegmentsGeometry;
  const pos = new InstancedInterleavedBuffer(positions, 6, 1);
  g.setAttribute('instanceStart', new InterleavedBufferAttribute(pos, 3, 0));
  g.setAttribute('instanceEnd', new InterleavedBufferAttribute(pos, 3, 3));
  const col = new InstancedInterleavedBuffer(colors, 8, 1);
  g.setAttribute('instanceColorStart', new InterleavedBufferAttribute(col, 3, 0, true));
  g.setAttribute('instanceColorEnd', new InterleavedBufferAttribute(col, 3, 4, true));
  g.instanceCount = count;
  g.boundingBox = null;
  g.boundingSphere = null;
}
