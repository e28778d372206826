/**
 * The four elements of SPEC §5, drawn in order A, B, C, D, as Three.js objects over the
 * typed arrays of core/render (`MapGeometry`). Nothing geometric is computed here: core
 * builds and updates the buffers, the map's bounds and tile polygons (drawn-tiles.ts) and the
 * outline chunks (outline-chunks.ts); this adapter shares them with WebGL and says which
 * ranges changed.
 *
 * - (A) area polygons and (B) linear polygons: one mesh each (piece-object.ts); (A) draws
 *   each terrain's symbol (trees, hachures, houses…) from core's symbol atlas in the same
 *   call, keyed by two per-vertex attributes core writes (area-symbols.ts); an edit
 *   recolours (A) and its symbols in place and re-uploads only the dirty vertex range, (B) likewise for the
 *   strips core rebuilt.
 * - (C) and (D) outlines: fat line segments, dashed per segment by the mode's cost class
 *   (core/render outline-style.ts: long dashes slow, short very slow, dots a crawl), one instanced draw per 131 072 segments with off-screen
 *   chunks culled (outline-object.ts); with the optional tile borders a map draws in at most 5
 *   calls zoomed out or on maps up to ~20 k area tiles, and a few more zoomed into a
 *   million-tile map. Switching the MOVEMENT-MODE recomputes only these; after an edit,
 *   large flat maps (core's outline blocks) work out and re-upload only the blocks about the
 *   edited tiles, at once, so painting on a million-tile map stays within a frame; other maps
 *   recompute them whole (on a large globe shortly after the stroke lands). Over them, what the mode cannot pass (core's `barriers`: the rim of impassable
 *   ground, rivers it cannot cross) is one thick solid dark-red line object.
 *
 * Renderer layer: Three.js; no DOM of its own.
 */
import { Group, type LineSegments, type LineBasicMaterial, type Object3D } from 'three';
import type { LoadedMap, AppliedEdit } from '../map-model.js';
import type { TerrainCatalogue } from '../../../../core/terrain/types.js';
import { BARRIER_PIXELS, buildMapGeometry, compileOutlineStyles, drawnBounds, drawnPolygon, pickDrawn, updateTileColour, type Box2, type MapGeometry } from '../../../../core/render/index.js';
import { PieceObject } from './piece-object.js';
import { VectorLayer } from './vector-layer.js';
import type { VectorEditWork } from '../../../../core/render/vector-block-map.js';
import type { VectorShown } from '../../../../core/render/vector-blocks.js';
import { buildVectorGhost, type VectorGhost } from '../../../../core/render/vector-ghost.js';
import type { VectorTile } from '../../../../core/vector/types.js';
import { OutlineObject } from './outline-object.js';
import { ContourLabelObject } from './contour-label-object.js';
import { placeContourLabels } from '../../../../core/render/contour-labels.js';
import { DEFAULT_VIEW_LAYERS, type ViewLayers } from '../../../../core/map/view-layers.js';
import { fadeTree } from './layer-fade.js';
import { NetworkObject } from './network-object.js';
import { buildNetworkDrawing } from '../../../../core/render/network-drawing.js';
import { buildNetworkMesh } from '../../../../core/render/network-mesh.js';
import { NetworkLayer } from '../../../../core/map/network-layer.js';
import { NetworkSides } from '../../../../core/map/network-sides.js';
import { planDrawChain } from '../../../../core/map/network-edit.js';

/** Outline widths in CSS pixels at full zoom (outline-style.ts gives 1–2 px by terrain). */
const AREA_LINE_PX = 1.5;
const LINEAR_LINE_PX = 1.75;

export class MapLayers {
  readonly root = new Group();
  private geometry: MapGeometry;
  private readonly areaObj: PieceObject;
  private readonly linearObj: PieceObject;
  private readonly lines: { c: OutlineObject; d: OutlineObject; barriers: OutlineObject };
  /**
   * Through-tile networks over (B), its outlines (D) and the mode's barriers, so a bridge lies
   * across its river and covers the river's barrier mark where wheels cross on it (the
   * movement graph lets them: core/movement network-tables.ts); part of the linear layer.
   */
  private readonly networkGroup = new Group();
  readonly networks: NetworkObject;
  private readonly networkPreview: NetworkObject;
  private mode = '';
  private borders: LineSegments | null = null;
  private bordersOn = true;
  private bordersColour = '#000000';
  private outlineTimer: ReturnType<typeof setTimeout> | null = null;
  /** Called when something changed outside a user action (deferred outlines): draw again. */
  onChange: () => void = () => {};
  private lineScale = 1;
  /** Maps of vector tile instances: the tiles drawn as a map over (A), in blocks, detail by zoom (vector-layer.ts). */
  private vector: VectorLayer | null = null;
  /** The last vector edit's work counts (tests and the bench read them); null before any. */
  lastVectorEdit: VectorEditWork | null = null;
  private pxPerTile = 0;
  private viewBox: Box2 | null = null;
  private eye: readonly [number, number, number] | null = null;
  /**
   * What the layers panel shows (core/map/view-layers.ts): painted terrain is (A) and its
   * outlines (C), under the vector drawing; linear terrain is (B) and (D), over it; the grid
   * is the tile borders. Only the designer changes them: no edit or placement does.
   */
  private layers: ViewLayers = DEFAULT_VIEW_LAYERS;
  /** Holds the contour labels, which belong to the vector drawing's layer. */
  private readonly contourGroup = new Group();
  /** Times the outlines (C, D) were worked out whole (tests read it). */
  outlineBuilds = 0;
  /** Outline blocks worked out by the last outline update (all of them when worked out whole). */
  outlineBlocksRebuilt = 0;
  /** Vector maps: the contours' height labels; the view updates them with its zoom and box. */
  contourLabels: ContourLabelObject | null = null;
  private resolution: [number, number] = [1, 1];
  /** (B) leaves out the linear pieces placed instances draw (core/render instance-lines.ts); tiles fetched after placing are read then. */
  private readonly geometryOptions = { emptyColour: '#e9e6dc', vectorTiles: (id: string) => this.loaded.vectorTiles?.get(id) ?? null };

  constructor(
    private readonly loaded: LoadedMap,
    private catalogue: TerrainCatalogue,
  ) {
    this.geometry = buildMapGeometry(loaded.map, catalogue, this.geometryOptions);
    const globe = this.geometry.radii !== null;
    this.areaObj = new PieceObject(this.geometry.area, { transparent: false, renderOrder: 0, globe, symbols: this.geometry.symbols });
    this.linearObj = new PieceObject(this.geometry.linear, { transparent: true, renderOrder: 1, globe });
    const spacing = this.geometry.spacing;
    const barriers = new OutlineObject(3.5, BARRIER_PIXELS, spacing, globe);
    this.lines = { c: new OutlineObject(2, AREA_LINE_PX, spacing, globe), d: new OutlineObject(3, LINEAR_LINE_PX, spacing, globe), barriers };
    // On the globe the far side's roads are hidden by the ground's depth.
    this.networks = new NetworkObject(3.6, 1, globe);
    this.networkPreview = new NetworkObject(3.7, 0.65, globe);
    this.networkGroup.add(this.networks.mesh, this.networkPreview.mesh);
    this.root.add(this.areaObj.mesh, this.linearObj.mesh, this.lines.c.group, this.lines.d.group, this.networkGroup, barriers.group, this.contourGroup);
    this.rebuildNetworks();
    this.rebuildVector();
    this.rebuildBorders();
  }

  /** Whether this map is drawn from its vector tiles. */
  get drawnAsMap(): boolean {
    return this.vector !== null;
  }

  /** The layers' visibility and opacity (the layers panel); the tile numbers, labels and analysis are the views'. */
  setLayers(layers: ViewLayers): void {
    if (layers === this.layers) return;
    this.layers = layers;
    this.applyLayers();
  }

  private applyLayers(): void {
    const { terrain, linear, vector, grid } = this.layers;
    this.areaObj.mesh.visible = terrain.visible;
    fadeTree(this.areaObj.mesh, terrain.opacity);
    this.lines.c.group.visible = terrain.visible;
    this.lines.c.setFade(terrain.opacity);
    // Painted terrain lies under the vector drawing (it shows where no instance draws), linear terrain over it.
    this.lines.c.setOrder(this.vector ? 0.3 : 2);
    this.linearObj.mesh.visible = linear.visible;
    fadeTree(this.linearObj.mesh, linear.opacity);
    this.lines.d.group.visible = linear.visible;
    this.lines.d.setFade(linear.opacity);
    this.networkGroup.visible = linear.visible;
    fadeTree(this.networkGroup, linear.opacity);
    this.lines.barriers.group.visible = terrain.visible || linear.visible;
    if (this.vector) {
      this.vector.group.visible = vector.visible;
      this.vector.setOpacity(vector.opacity);
    }
    this.contourGroup.visible = vector.visible;
    fadeTree(this.contourGroup, vector.opacity);
    if (this.borders) {
      this.borders.visible = grid.visible && this.lineScale > 0;
      fadeTree(this.borders, grid.opacity);
    }
  }

  /**
   * What is drawn now, layer by layer, as `name:shown:opacity` (tests read it from the view's
   * `data-layers`): shown means the layer's objects are in the scene and visible.
   */
  shownLayers(): string {
    const l = this.layers;
    const entry = (name: keyof ViewLayers, shown: boolean) => `${name}:${shown ? 1 : 0}:${+l[name].opacity.toFixed(2)}`;
    const vector = this.vector !== null && this.vector.group.visible;
    return [entry('terrain', this.areaObj.mesh.visible), entry('linear', this.linearObj.mesh.visible), entry('vector', vector), entry('grid', this.borders !== null && l.grid.visible)].join(',');
  }

  private rebuildVector(): void {
    this.vector = this.drop(this.vector, this.vector?.group);
    const tiles = this.loaded.vectorTiles;
    if (this.loaded.map.instances && tiles && tiles.size > 0) {
      this.vector = new VectorLayer(this.geometry, (id) => tiles.get(id) ?? null, this.geometry.radii !== null);
      this.root.add(this.vector.group);
      // The view first: the level the zoom picks then builds only the blocks in view.
      if (this.viewBox) this.vector.setView({ box: this.viewBox });
      if (this.eye) this.vector.setView({ eye: this.eye });
      this.vector.setPixelsPerTile(this.pxPerTile);
    }
    this.applyLayers();
    this.rebuildContourLabels();
  }

  /** The contour labels follow the vector map: laid out again (lazily) whenever it is rebuilt. */
  private rebuildContourLabels(): void {
    this.contourLabels = this.drop(this.contourLabels, this.contourLabels?.mesh, this.contourGroup);
    const tiles = this.loaded.vectorTiles;
    if (!this.vector || !tiles) return;
    const geo = this.geometry;
    this.contourLabels = new ContourLabelObject(() => placeContourLabels(geo, (id) => tiles.get(id) ?? null), geo.spacing / 2, geo.radii !== null);
    this.contourLabels.setResolution(...this.resolution);
    this.contourGroup.add(this.contourLabels.mesh);
    fadeTree(this.contourGroup, this.layers.vector.opacity);
  }

  /** The placing ghost of `tile` in placement `code` on `cell`, as this map would draw it placed (core/render vector-ghost.ts). */
  ghost(cell: number, tile: VectorTile, code: number): VectorGhost | null {
    const tiles = this.loaded.vectorTiles;
    return buildVectorGhost(this.geometry, (id) => tiles?.get(id) ?? null, cell, tile, code);
  }

  /** Thin borders round every area polygon (a view aid, not one of the four elements). */
  setBorders(on: boolean, colour: string): void {
    if (on === this.bordersOn && colour === this.bordersColour) return;
    this.bordersOn = on;
    this.bordersColour = colour;
    this.rebuildBorders();
  }

  /** Takes a rebuilt layer's object out of the scene and frees the layer; null, to store in its place. */
  private drop(layer: { dispose(): void } | null, object: Object3D | undefined, parent: Object3D = this.root): null {
    if (object) parent.remove(object);
    layer?.dispose();
    return null;
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
    this.borders.visible = this.layers.grid.visible && this.lineScale > 0;
    fadeTree(this.borders, this.layers.grid.opacity);
    this.root.add(this.borders);
  }

  /** The tile drawn at a model point (flat x, y; globe unit-sphere x, y, z): the area polygon or a linear strip, as the designer sees them (core/render pickDrawn). */
  pickAt(point: readonly number[]): number {
    return pickDrawn(this.loaded.map.grid, this.loaded.map.spec.alform, this.geometry, point);
  }

  bounds(): Box2 {
    return drawnBounds([this.geometry.area, this.geometry.linear]);
  }

  /**
   * The polygon drawn for a tile — its (A) piece, or its first (B) piece — as model-space
   * corners; null if the tile draws nothing.
   */
  tilePolygon(tile: number): number[][] | null {
    return drawnPolygon([this.geometry.area, this.geometry.linear], tile, this.geometry.radii ? 3 : 2);
  }

  /** Globe: the radius just outside layer D, where overlays go. */
  overlayRadius(): number {
    const r = this.geometry.radii;
    return r ? r[3] + (r[3] - r[0]) : 1.01;
  }

  /** Area tiles drawn with a terrain symbol (the bench reports it beside the build time). */
  symbolTiles(): number {
    return this.geometry.symbols.symbolPieces;
  }

  /** Draw calls a frame of the map itself costs (the overlays add their own). */
  drawCalls(): number {
    const { terrain, linear, vector } = this.layers;
    const shown = (on: boolean, calls: number) => (on ? calls : 0);
    const drawing = (this.vector?.calls() ?? 0) + (this.contourLabels?.calls() ?? 0);
    return shown(terrain.visible, 1 + this.lines.c.calls()) + shown(linear.visible, 1 + this.lines.d.calls() + (this.networks.triangles > 0 ? 1 : 0)) + this.lines.barriers.calls() + (this.borders?.visible ? 1 : 0) + shown(vector.visible, drawing);
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
    this.pxPerTile = px;
    this.vector?.setPixelsPerTile(px);
    const s = outlineScale(px);
    if (Math.abs(s - this.lineScale) < 0.02) return;
    this.lineScale = s;
    for (const l of Object.values(this.lines)) l.setScale(s);
    if (this.borders) this.borders.visible = this.layers.grid.visible && s > 0;
  }

  setResolution(width: number, height: number): void {
    for (const l of Object.values(this.lines)) l.setResolution(width, height);
    this.resolution = [width, height];
    this.contourLabels?.setResolution(width, height);
  }

  /** Flat maps: the model-space box in view (vector maps build the fine detail only for the blocks in it). */
  setViewBox(box: Box2): void {
    this.viewBox = box;
    this.vector?.setView({ box });
  }

  /** Vector maps: the detail drawn now ('coarse' zoomed out, 'fine' for the blocks in view), null on other maps. */
  vectorLevel(): VectorShown | null {
    return this.vector?.shown ?? null;
  }

  /** Globe: the eye position in model space (before the globe's turn), for horizon culling of outlines and vector blocks. */
  setEye(eye: readonly [number, number, number]): void {
    this.eye = eye;
    this.vector?.setView({ eye });
    for (const l of Object.values(this.lines)) l.cullBeyondHorizon(eye);
  }

  /** The catalogue changed (the catalogue editor): colours, classes and mode costs are built again from it. */
  setCatalogue(catalogue: TerrainCatalogue): void {
    if (catalogue === this.catalogue) return;
    this.catalogue = catalogue;
    this.rebuild();
  }

  /** core's per-palette tables are fixed at build time: a new terrain or catalogue rebuilds them. */
  private rebuild(): void {
    this.geometry = buildMapGeometry(this.loaded.map, this.catalogue, this.geometryOptions);
    this.areaObj.replace(this.geometry.area, this.geometry.symbols);
    this.linearObj.replace(this.geometry.linear);
    this.rebuildNetworks();
    this.rebuildVector();
    this.rebuildBorders();
    this.rebuildOutlines();
  }

  /** The networks drawn again from the map's layer (after a network edit, an undo, or a rebuild). */
  private rebuildNetworks(): void {
    this.networks.set(buildNetworkMesh(buildNetworkDrawing(this.loaded.map, this.catalogue), this.networkRadius()));
  }

  /**
   * Shows the network a linear stroke of through-tile `terrain` along `chain` will leave
   * (core's own edit plan on a copy of the layer, drawn see-through over the map).
   */
  previewNetwork(chain: readonly number[], terrain: string): void {
    const map = this.loaded.map;
    if (chain.length === 0) {
      this.networkPreview.set(null);
      return;
    }
    // A terrain new to the map joins a copy of its palette, as the edit will add it.
    const palette = map.palette.includes(terrain) ? map.palette : [...map.palette, terrain];
    const layer = new NetworkLayer(map.tileCount);
    layer.apply(planDrawChain(layer, NetworkSides.of(map), palette.indexOf(terrain) + 1, chain));
    this.networkPreview.set(buildNetworkMesh(buildNetworkDrawing(map, this.catalogue, { layer, palette }), this.networkRadius()));
  }

  /** Globe: networks lie between the outlines (D) and the overlays. */
  private networkRadius(): number {
    const r = this.geometry.radii;
    return r ? r[3] + (r[3] - r[0]) / 2 : 1;
  }

  clearNetworkPreview(): void {
    this.networkPreview.set(null);
  }

  /** Applies an edit the session has written into the map's layers. */
  applyEdit(edit: AppliedEdit): void {
    if (edit.paletteChanged) {
      this.rebuild();
      return;
    }
    if (edit.tiles.length) this.upload(this.geometry.updateTiles(edit.tiles));
    if (edit.edgeSlots.length) this.upload(this.geometry.updateEdges(edit.edgeSlots));
    if (edit.networkTiles.length) this.rebuildNetworks();
    // Placed or cleared vector tiles: the (B) pieces on their edges are drawn again, their blocks are rebuilt and
    // written in place (tile geometry is cached); the first tiles of a map build its vector layer.
    if (edit.instanceTiles.length) {
      this.upload(this.geometry.updateInstances(edit.instanceTiles));
      if (this.vector) {
        this.lastVectorEdit = this.vector.edit(edit.instanceTiles);
        this.contourLabels?.invalidate();
      } else this.rebuildVector();
    }
    this.scheduleOutlines();
  }

  /** Shows area tiles in `colour` before the edit is confirmed (colours only, in place). */
  preview(tiles: readonly number[], colour: string): void {
    const rgb = hexRgb(colour);
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
    this.networks.dispose();
    this.networkPreview.dispose();
    this.vector?.dispose();
    this.contourLabels?.dispose();
    for (const l of Object.values(this.lines)) l.dispose();
  }

  private upload(u: { area: { start: number; count: number }; linear: { start: number; count: number }; linearGrown: boolean }): void {
    this.areaObj.updateColours(u.area);
    if (u.linearGrown) this.linearObj.replace(this.geometry.linear);
    else this.linearObj.update(u.linear);
  }

  private scheduleOutlines(): void {
    if (this.outlineTimer) clearTimeout(this.outlineTimer);
    // Large flat maps work out only the outline blocks about the edit (core outline-blocks.ts): at once.
    const delay = this.loaded.map.tileCount > 200_000 && !this.geometry.outlinesInBlocks ? 120 : 0;
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
    const update = this.geometry.outlineBlocks(this.mode);
    // Counted when the outlines are worked out whole (a mode, a palette, a map drawn in one block).
    if (update.rebuilt === null) this.outlineBuilds++;
    this.outlineBlocksRebuilt = update.rebuilt?.length ?? update.blocks.length;
    const styles = compileOutlineStyles(this.catalogue, this.loaded.map.palette, this.mode);
    const { c, d, barriers } = this.lines;
    if (!this.geometry.outlinesInBlocks) {
      const outlines = update.blocks[0]!;
      c.set(outlines.area, styles.dashScale);
      d.set(outlines.linear, styles.dashScale);
      barriers.set(outlines.barriers, styles.dashScale);
      return;
    }
    c.setBlocks(update.blocks.map((o) => o.area), styles.dashScale, update.rebuilt);
    d.setBlocks(update.blocks.map((o) => o.linear), styles.dashScale, update.rebuilt);
    barriers.setBlocks(update.blocks.map((o) => o.barriers), styles.dashScale, update.rebuilt);
  }

  /** Outline segments (C, D and barriers) uploaded by the last outline update (tests and the bench read it). */
  outlineSegmentsUploaded(): number {
    return this.lines.c.lastUploadSegments + this.lines.d.lastUploadSegments + this.lines.barriers.lastUploadSegments;
  }
}

/** Outline width as a fraction of full width for a zoom of `px` CSS pixels per tile: 0 (hidden) under 8 px, full from 24 px. */
export function outlineScale(px: number): number {
  return px < 8 ? 0 : Math.min(1, px / 24);
}

/** '#rrggbb' → [r, g, b] bytes. */
export function hexRgb(colour: string): [number, number, number] {
  const v = parseInt(colour.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
