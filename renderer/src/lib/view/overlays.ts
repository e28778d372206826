/**
 * What the tools draw over the map: the hovered tile, a stroke being painted, analysis
 * results (reach and field-of-vision tiles, a path, line-of-sight markers), the ground
 * selection for a derivation and the areas child maps were derived from. These cover a
 * few tiles to a few thousand, so they are built from the drawn tile polygons and the grid's
 * own `corners` / `center` each time they change; the map itself is never rebuilt for them.
 * The geometry — fans, ribbons, bands, rings, crosses, group outlines — is core/render's
 * (overlay-geometry.ts, group-outline.ts); this adapter picks colours, widths and draw order
 * and wraps the typed arrays in Three.js objects. One Three.js group, drawn after the four
 * map elements; on the globe everything is lifted just above the outermost map layer.
 *
 * Renderer layer: Three.js, no DOM, no Node.
 */
import { sightLine } from './sight-line.js';
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  DoubleSide,
  Group,
  Line,
  LineBasicMaterial,
  LineLoop,
  Mesh,
  MeshBasicMaterial,
  type MeshBasicMaterialParameters,
  type Object3D,
} from 'three';
import type { Grid } from '../../../../core/grid/types.js';
import { DEFAULT_LAYER, type LayerSetting } from '../../../../core/map/view-layers.js';
import { fadeTree } from './layer-fade.js';
import {
  band,
  boundarySegments,
  cross,
  dashSegments,
  loopPositions,
  polygonFans,
  ribbon,
  ring,
  type OverlaySurface,
  type Segment,
  type TriangleBuffers,
} from '../../../../core/render/index.js';

import { PlacingOverlay } from './placing-overlay.js';

export type { OverlaySurface };

export interface OverlayStyle {
  hover: string;
  path: string;
  reach: string;
  fov: string;
  blocked: string;
  visible: string;
  /** The ground selection ("Select ground" tool) and its reference tile. */
  selection: string;
  reference: string;
  /** Areas child maps were derived from, and those whose parent changed since (stale). */
  derived: string;
  stale: string;
}

/** A group of tiles outlined as one shape: an area a child map was derived from. */
export interface OutlinedArea {
  tiles: readonly number[];
  /** Drawn dashed. */
  dashed: boolean;
  colour: string;
}

type Slot = 'hover' | 'brush' | 'stroke' | 'result' | 'pendingMarker' | 'selection' | 'derived' | 'region' | 'ghost';

export class Overlays {
  readonly group = new Group();
  /** Placing tiles and auto-assembly (issue 13): marks, the ghost, the conflicting region. */
  readonly placing: PlacingOverlay;
  private hover: Object3D | null = null;
  private stroke: Object3D | null = null;
  private brush: Object3D | null = null;
  private result: Object3D | null = null;
  private pendingMarker: Object3D | null = null;
  private selection: Object3D | null = null;
  private derived: Object3D | null = null;
  private region: Object3D | null = null;
  private ghost: Object3D | null = null;
  /** The layers panel's analysis layer: path, reach, sight and field of vision shown and faded by it. */
  private analysisLayer: LayerSetting = DEFAULT_LAYER;
  /** TILE-SPACING in model units: overlay widths are fractions of it. */
  private readonly spacing: number;

  /**
   * `polygonOf` gives the polygon the map draws for a tile (the doubled area polygon on
   * AL-FORM maps), so highlights cover what the designer sees; tiles that draw nothing fall
   * back to the grid's own cell.
   */
  constructor(
    private readonly grid: Grid,
    private readonly surface: OverlaySurface,
    private readonly polygonOf: (tile: number) => number[][] | null = () => null,
  ) {
    this.group.renderOrder = 10;
    this.spacing = grid.spacing();
    this.placing = new PlacingOverlay(grid, surface, polygonOf);
    this.group.add(this.placing.group);
  }

  setHover(tile: number, colour: string): void {
    this.replace('hover', tile < 0 ? null : this.outline(this.polygonOf(tile) ?? this.grid.corners(tile), colour, 0.95));
  }

  /** The footprint of a paint or erase brush under the pointer: one outline round the group, a light fill. */
  setBrush(tiles: readonly number[], colour: string): void {
    if (tiles.length === 0) return this.replace('brush', null);
    const g = new Group();
    const polys = tiles.map((t) => this.polygonOf(t) ?? this.grid.corners(t));
    g.add(this.fillPolygons(polys, colour, 0.12, 0.003));
    g.add(inFront(this.band(boundarySegments(polys), colour, 0.08, 0.0045), 1));
    this.replace('brush', g);
  }

  /** A stroke in progress given as polygons (the edges of a classic map's linear stroke). */
  setStrokePolygons(polys: number[][][], colour: string): void {
    this.replace('stroke', polys.length ? this.fillPolygons(polys, colour, 0.85, 0.002) : null);
  }

  /** Tiles of a stroke in progress, shown in the brush colour before the main process confirms. */
  setStroke(tiles: readonly number[], colour: string): void {
    this.replace('stroke', tiles.length ? this.fill(tiles, colour, 0.85, 0.002) : null);
  }

  setPending(tile: number | null, colour: string): void {
    this.replace('pendingMarker', tile === null ? null : this.marker(tile, colour));
  }

  /**
   * An analysis result's tiles, drawn as the polygons the map shows for them. Tiles that
   * draw nothing (empty linear tiles of an AL-FORM map, which the doubled area polygons
   * already cover) are left out, so the highlight does not double up.
   */
  setTiles(tiles: ArrayLike<number>, colour: string, opacity: number, origin = -1): void {
    const polys: number[][][] = [];
    for (let k = 0; k < tiles.length; k++) {
      const p = this.polygonOf(tiles[k]!);
      if (p) polys.push(p);
    }
    const g = new Group();
    if (polys.length) g.add(this.fillPolygons(polys, colour, opacity, 0.001));
    if (origin >= 0) g.add(this.marker(origin, colour));
    this.replace('result', g);
  }

  setPath(tiles: ArrayLike<number>, from: number, to: number, colour: string): void {
    const g = new Group();
    if (tiles.length > 1) g.add(this.ribbon(tiles, colour, 0.22));
    g.add(this.marker(from, colour));
    g.add(this.marker(to, colour));
    this.replace('result', g);
  }

  /** Line of sight: a straight line centre to centre (sight-line.ts), seen part and blocked part in their colours. */
  setSight(from: number, to: number, visible: boolean, blockedAt: number, style: OverlayStyle): void {
    const g = new Group();
    const line = sightLine(this.grid, from, to, visible ? -1 : blockedAt);
    if (line.seen.length > 1) g.add(this.ribbonThrough(line.seen, style.visible, 0.12));
    if (line.blocked.length > 1) g.add(this.ribbonThrough(line.blocked, style.blocked, 0.08));
    if (!visible && blockedAt >= 0) g.add(this.cross(blockedAt, style.blocked));
    g.add(this.marker(from, style.visible));
    g.add(this.marker(to, visible ? style.visible : style.blocked));
    this.replace('result', g);
  }

  clearResult(): void {
    this.replace('result', null);
  }

  /** Shows or hides, and fades, the analysis results (the layers panel). */
  setAnalysisLayer(layer: LayerSetting): void {
    this.analysisLayer = layer;
    this.showAnalysisLayer();
  }

  private showAnalysisLayer(): void {
    for (const o of [this.result, this.pendingMarker]) {
      if (!o) continue;
      o.visible = this.analysisLayer.visible;
      fadeTree(o, this.analysisLayer.opacity);
    }
  }

  /**
   * The ground selection: a light fill, one outline round the whole group, and the reference
   * tile (tiles[0]) filled stronger in its own colour with a ring at its centre.
   */
  setSelection(tiles: readonly number[], style: Pick<OverlayStyle, 'selection' | 'reference'>): void {
    if (tiles.length === 0) return this.replace('selection', null);
    const g = new Group();
    const polys = tiles.map((t) => this.polygonOf(t) ?? this.grid.corners(t));
    g.add(this.fillPolygons(polys, style.selection, 0.22, 0.002));
    g.add(this.fillPolygons([polys[0]!], style.reference, 0.3, 0.0025));
    // Outline and marker after the see-through fills, so the fills do not tint them.
    g.add(inFront(this.band(boundarySegments(polys), style.selection, 0.16, 0.007), 1));
    g.add(inFront(this.disc(tiles[0]!, style.reference, 0.34, 0.18), 2));
    this.replace('selection', g);
  }

  /** Areas drawn as outlines only (the areas child maps were derived from); dashed ones for stale children. */
  setAreas(areas: readonly OutlinedArea[]): void {
    if (areas.length === 0) return this.replace('derived', null);
    const g = new Group();
    const s = this.spacing;
    for (const area of areas) {
      if (area.tiles.length === 0) continue;
      const outline = boundarySegments(area.tiles.map((t) => this.polygonOf(t) ?? this.grid.corners(t)));
      g.add(this.band(area.dashed ? dashSegments(outline, 0.45 * s, 0.3 * s) : outline, area.colour, 0.12, 0.0065));
    }
    this.replace('derived', g);
  }

  /**
   * The region selection (cut, copy, paste): a light fill and a dashed outline round each
   * connected part, like an image editor's marching ants (static: the map redraws on demand only).
   */
  setRegion(tiles: ArrayLike<number>, colour: string, isArea: (tile: number) => boolean = () => true): void {
    if (tiles.length === 0) return this.replace('region', null);
    const polys: number[][][] = [];
    const areas: number[][][] = [];
    for (let k = 0; k < tiles.length; k++) {
      const p = this.polygonOf(tiles[k]!);
      if (!p) continue;
      polys.push(p);
      if (isArea(tiles[k]!)) areas.push(p);
    }
    const g = new Group();
    if (polys.length) {
      const s = this.spacing;
      // The outline follows the area polygons (AL-FORM strips lie across their shared edges and would cut it up).
      const outline = boundarySegments(areas.length ? areas : polys);
      g.add(this.fillPolygons(polys, colour, 0.18, 0.002));
      g.add(inFront(this.band(outline, '#ffffff', 0.14, 0.0068), 1));
      g.add(inFront(this.band(dashSegments(outline, 0.3 * s, 0.22 * s), colour, 0.14, 0.007), 2));
    }
    this.replace('region', g);
  }

  /** The paste ghost: the clipboard's tiles in their terrain colours, see-through, with its outline. */
  setGhost(groups: readonly { readonly colour: string; readonly tiles: readonly number[] }[], isArea: (tile: number) => boolean = () => true): void {
    if (groups.length === 0) return this.replace('ghost', null);
    const g = new Group();
    const areas: number[][][] = [];
    for (const group of groups) {
      // A linear tile that draws nothing yet (the river about to be pasted onto it) shows as the grid's own cell.
      const polys = group.tiles.map((t) => this.polygonOf(t) ?? this.grid.corners(t));
      if (!polys.length) continue;
      group.tiles.forEach((t, k) => isArea(t) && areas.push(polys[k]!));
      g.add(this.fillPolygons(polys, group.colour, 0.6, 0.0045));
    }
    if (areas.length) g.add(inFront(this.band(boundarySegments(areas), '#222222', 0.1, 0.0075), 3));
    this.replace('ghost', g);
  }

  dispose(): void {
    for (const key of ['hover', 'brush', 'stroke', 'result', 'pendingMarker', 'selection', 'derived', 'region', 'ghost'] as const) this.replace(key, null);
    this.placing.dispose();
  }

  // ── builders ──────────────────────────────────────────────────────────

  private replace(key: Slot, obj: Object3D | null): void {
    const old = this[key];
    if (old) {
      this.group.remove(old);
      disposeTree(old);
    }
    this[key] = obj;
    if (obj) this.group.add(obj);
    if (key === 'result' || key === 'pendingMarker') this.showAnalysisLayer();
  }

  private fill(tiles: ArrayLike<number>, colour: string, opacity: number, dz: number): Mesh {
    const polys: number[][][] = [];
    for (let k = 0; k < tiles.length; k++) polys.push(this.polygonOf(tiles[k]!) ?? this.grid.corners(tiles[k]!));
    return this.fillPolygons(polys, colour, opacity, dz);
  }

  private fillPolygons(polys: number[][][], colour: string, opacity: number, dz: number): Mesh {
    return mesh(polygonFans(this.surface, polys, dz), { color: new Color(colour), transparent: opacity < 1, opacity, depthWrite: false, side: DoubleSide, forceSinglePass: true });
  }

  private outline(corners: number[][], colour: string, opacity: number): Group {
    const g = new Group();
    const geo = new BufferGeometry();
    geo.setAttribute('position', new BufferAttribute(loopPositions(this.surface, corners, 0.004), 3));
    g.add(new LineLoop(geo, new LineBasicMaterial({ color: new Color(colour), transparent: true, opacity, depthTest: this.surface.globe })));
    g.add(this.fillPolygons([corners], colour, 0.14, 0.003));
    return g;
  }

  /** A strip `width` tile spacings wide through the tile centres. */
  private ribbon(tiles: ArrayLike<number>, colour: string, width: number): Mesh {
    const centres: number[][] = [];
    for (let k = 0; k < tiles.length; k++) centres.push(this.grid.center(tiles[k]!));
    return this.ribbonThrough(centres, colour, width);
  }

  /** A strip `width` tile spacings wide through model points. */
  private ribbonThrough(points: number[][], colour: string, width: number): Mesh {
    const tris = ribbon(this.surface, points, (width * this.spacing) / 2, 0.006);
    return mesh(tris, { color: new Color(colour), side: DoubleSide, forceSinglePass: true, depthWrite: false, transparent: true, opacity: 0.95 });
  }

  /** Segments drawn `width` tile spacings wide, corners closed. */
  private band(segments: readonly Segment[], colour: string, width: number, dz: number): Mesh {
    const tris = band(this.surface, segments, (width * this.spacing) / 2, dz);
    return mesh(tris, { color: new Color(colour), side: DoubleSide, forceSinglePass: true, depthWrite: false });
  }

  /** A ring around a tile centre. */
  private marker(tile: number, colour: string): Mesh {
    return this.disc(tile, colour, 0.42, 0.26);
  }

  private cross(tile: number, colour: string): Group {
    const g = new Group();
    for (const stroke of cross(this.surface, this.grid.center(tile), 0.45 * this.spacing, 0.008)) {
      const geo = new BufferGeometry();
      geo.setAttribute('position', new BufferAttribute(stroke, 3));
      g.add(new Line(geo, new LineBasicMaterial({ color: new Color(colour) })));
    }
    g.add(this.disc(tile, colour, 0.5, 0.36));
    return g;
  }

  /** A ring between `inner` and `outer` tile spacings from the tile centre, drawn over everything. */
  private disc(tile: number, colour: string, outer: number, inner: number): Mesh {
    const s = this.spacing;
    const tris = ring(this.surface, this.grid.center(tile), outer * s, inner * s, 0.008);
    return mesh(tris, { color: new Color(colour), side: DoubleSide, depthWrite: false, depthTest: false });
  }
}

function mesh(tris: TriangleBuffers, material: MeshBasicMaterialParameters): Mesh {
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(tris.positions, 3));
  g.setIndex(new BufferAttribute(tris.indices, 1));
  return new Mesh(g, new MeshBasicMaterial(material));
}

/**
 * Moves an opaque mesh into the transparent pass, drawn after the see-through fills of its
 * group (`order` above theirs): opaque meshes are drawn first and would be tinted by them.
 */
function inFront(mesh: Mesh, order: number): Mesh {
  (mesh.material as MeshBasicMaterial).transparent = true;
  mesh.renderOrder = order;
  return mesh;
}

function disposeTree(obj: Object3D): void {
  obj.traverse((o) => {
    const m = o as Partial<Mesh>;
    m.geometry?.dispose();
    const mat = m.material;
    if (Array.isArray(mat)) mat.forEach((x) => x.dispose());
    else mat?.dispose();
  });
}
