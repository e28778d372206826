/**
 * The four elements of SPEC §5, drawn in order A, B, C, D, as Three.js objects over the
 * typed arrays of core/render (`MapGeometry`). Nothing geometric is computed here: core
 * builds and updates the buffers; this adapter shares them with WebGL and says which ranges
 * changed.
 *
 * - (A) area polygons and (B) linear polygons: one mesh each (piece-object.ts); an edit
 *   recolours (A) in place and re-uploads only the dirty vertex range, (B) likewise for the
 *   strips core rebuilt.
 * - (C) and (D) outlines: fat line segments (one instanced draw each), split into a solid and
 *   a dashed object when the style table dashes some terrain (slow going for the mode), so a
 *   map draws in 4 to 6 calls whatever its size. Switching the MOVEMENT-MODE recomputes only
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

  /** Outline width follows the zoom: full width when a tile spans ≥ 24 px, thinner below, hidden under 3 px. */
  setPixelsPerTile(px: number): void {
    const s = px < 3 ? 0 : Math.min(1, px / 24);
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
 * One outline element as fat line segments: a solid object, plus a dashed one holding the
 * segments whose terrain the style table dashes. The solid one shares core's arrays when no
 * terrain is dashed (the usual case) and copies its share otherwise.
 */
class OutlineObject {
  readonly group = new Group();
  private readonly solid: LineSegments2;
  private readonly dashed: LineSegments2;
  private scale = 1;

  constructor(
    renderOrder: number,
    private readonly widthPx: number,
    spacing: number,
  ) {
    const material = (dashed: boolean) =>
      new LineMaterial({
        vertexColors: true,
        linewidth: widthPx,
        worldUnits: false,
        dashed,
        dashSize: 0.22 * spacing,
        gapSize: 0.14 * spacing,
        transparent: true,
        depthWrite: false,
      });
    this.solid = new LineSegments2(new LineSegmentsGeometry(), material(false));
    this.dashed = new LineSegments2(new LineSegmentsGeometry(), material(true));
    for (const l of [this.solid, this.dashed]) {
      l.renderOrder = renderOrder;
      l.frustumCulled = false;
      l.visible = false;
      this.group.add(l);
    }
  }

  calls(): number {
    return (this.solid.visible ? 1 : 0) + (this.dashed.visible ? 1 : 0);
  }

  set(lines: LineBuffers, dashedByTerrain: Uint8Array): void {
    let dashedCount = 0;
    for (let s = 0; s < lines.segmentCount; s++) if (dashedByTerrain[lines.terrain[s]!]) dashedCount++;
    if (dashedCount === 0) {
      setSegments(this.solid, lines.positions, lines.colors, lines.segmentCount);
      setSegments(this.dashed, new Float32Array(0), new Uint8Array(0), 0);
      this.show(this.solid);
      this.show(this.dashed);
      return;
    }
    const solidCount = lines.segmentCount - dashedCount;
    const sp = new Float32Array(6 * solidCount);
    const sc = new Uint8Array(8 * solidCount);
    const dp = new Float32Array(6 * dashedCount);
    const dc = new Uint8Array(8 * dashedCount);
    let a = 0;
    let b = 0;
    for (let s = 0; s < lines.segmentCount; s++) {
      const pos = lines.positions.subarray(6 * s, 6 * s + 6);
      const col = lines.colors.subarray(8 * s, 8 * s + 8);
      if (dashedByTerrain[lines.terrain[s]!]) {
        dp.set(pos, 6 * b);
        dc.set(col, 8 * b);
        b++;
      } else {
        sp.set(pos, 6 * a);
        sc.set(col, 8 * a);
        a++;
      }
    }
    setSegments(this.solid, sp, sc, solidCount);
    setSegments(this.dashed, dp, dc, dashedCount);
    this.dashed.computeLineDistances();
    this.show(this.solid);
    this.show(this.dashed);
  }

  setScale(s: number): void {
    this.scale = s;
    for (const l of [this.solid, this.dashed]) {
      const m = l.material as LineMaterial;
      m.linewidth = Math.max(0.6, this.widthPx * s);
      m.opacity = Math.min(1, 0.35 + s);
      this.show(l);
    }
  }

  private show(l: LineSegments2): void {
    l.visible = this.scale > 0 && (l.geometry as LineSegmentsGeometry).instanceCount > 0;
  }

  setResolution(width: number, height: number): void {
    for (const l of [this.solid, this.dashed]) (l.material as LineMaterial).resolution.set(width, height);
  }

  dispose(): void {
    for (const l of [this.solid, this.dashed]) {
      l.geometry.dispose();
      (l.material as LineMaterial).dispose();
    }
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
