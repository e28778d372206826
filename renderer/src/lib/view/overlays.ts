/**
 * What the tools draw over the map: the hovered tile, a stroke being painted, analysis
 * results (reach and field-of-vision tiles, a path, line-of-sight markers), the ground
 * selection for a derivation and the areas child maps were derived from. These cover a
 * few tiles to a few thousand, so they are built from the grid's own `corners` / `center`
 * (core geometry, not re-derived here) each time they change; the map itself is never
 * rebuilt for them. One Three.js group, drawn after the four map elements; on the globe
 * everything is lifted just above the outermost map layer.
 *
 * Renderer layer: Three.js, no DOM, no Node.
 */
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
  type Object3D,
} from 'three';
import type { Grid } from '../../../../core/grid/types.js';
import { boundarySegments, dashSegments, type Segment } from './outline.js';

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

type Slot = 'hover' | 'stroke' | 'result' | 'pendingMarker' | 'selection' | 'derived';

/** Where overlays sit: flat maps draw at z above the map; the globe at a radius above it. */
export interface OverlaySurface {
  globe: boolean;
  /** z (flat) or radius (globe) of the overlay layer. */
  level: number;
}

export class Overlays {
  readonly group = new Group();
  private hover: Object3D | null = null;
  private stroke: Object3D | null = null;
  private result: Object3D | null = null;
  private pendingMarker: Object3D | null = null;
  private selection: Object3D | null = null;
  private derived: Object3D | null = null;

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
  }

  setHover(tile: number, colour: string): void {
    this.replace('hover', tile < 0 ? null : this.outline(this.polygonOf(tile) ?? this.grid.corners(tile), colour, 0.95));
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

  setSight(from: number, to: number, visible: boolean, blockedAt: number, style: OverlayStyle): void {
    const g = new Group();
    const line = this.grid.line(from, to);
    if (visible) g.add(this.ribbon(line, style.visible, 0.12));
    else {
      const stop = blockedAt >= 0 ? line.indexOf(blockedAt) : -1;
      const seen = stop >= 0 ? line.slice(0, stop + 1) : line;
      if (seen.length > 1) g.add(this.ribbon(seen, style.visible, 0.12));
      if (stop >= 0 && stop < line.length - 1) g.add(this.ribbon(line.slice(stop), style.blocked, 0.08));
      if (blockedAt >= 0) g.add(this.cross(blockedAt, style.blocked));
    }
    g.add(this.marker(from, style.visible));
    g.add(this.marker(to, visible ? style.visible : style.blocked));
    this.replace('result', g);
  }

  clearResult(): void {
    this.replace('result', null);
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
    const s = this.spacing();
    for (const area of areas) {
      if (area.tiles.length === 0) continue;
      const outline = boundarySegments(area.tiles.map((t) => this.polygonOf(t) ?? this.grid.corners(t)));
      g.add(this.band(area.dashed ? dashSegments(outline, 0.45 * s, 0.3 * s) : outline, area.colour, 0.12, 0.0065));
    }
    this.replace('derived', g);
  }

  dispose(): void {
    for (const key of ['hover', 'stroke', 'result', 'pendingMarker', 'selection', 'derived'] as const) this.replace(key, null);
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
  }

  /** Model point → overlay position (flat: z = level + dz; globe: radius level + dz). */
  private lift(p: readonly number[], dz: number, out: number[] = []): number[] {
    if (!this.surface.globe) {
      out[0] = p[0]!;
      out[1] = p[1]!;
      out[2] = this.surface.level + dz;
    } else {
      const r = (this.surface.level + dz) / (Math.hypot(p[0]!, p[1]!, p[2]!) || 1);
      out[0] = p[0]! * r;
      out[1] = p[1]! * r;
      out[2] = p[2]! * r;
    }
    return out;
  }

  private fill(tiles: ArrayLike<number>, colour: string, opacity: number, dz: number): Mesh {
    const polys: number[][][] = [];
    for (let k = 0; k < tiles.length; k++) polys.push(this.polygonOf(tiles[k]!) ?? this.grid.corners(tiles[k]!));
    return this.fillPolygons(polys, colour, opacity, dz);
  }

  private fillPolygons(polys: number[][][], colour: string, opacity: number, dz: number): Mesh {
    let verts = 0;
    let tris = 0;
    for (const c of polys) {
      verts += c.length;
      tris += c.length - 2;
    }
    const pos = new Float32Array(verts * 3);
    const idx = new Uint32Array(tris * 3);
    let v = 0;
    let t = 0;
    const tmp: number[] = [];
    for (const poly of polys) {
      const base = v;
      for (const p of poly) {
        this.lift(p, dz, tmp);
        pos[3 * v] = tmp[0]!;
        pos[3 * v + 1] = tmp[1]!;
        pos[3 * v + 2] = tmp[2]!;
        v++;
      }
      for (let k = 1; k + 1 < poly.length; k++) {
        idx[t++] = base;
        idx[t++] = base + k;
        idx[t++] = base + k + 1;
      }
    }
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(pos, 3));
    g.setIndex(new BufferAttribute(idx, 1));
    return new Mesh(g, new MeshBasicMaterial({ color: new Color(colour), transparent: opacity < 1, opacity, depthWrite: false, side: DoubleSide, forceSinglePass: true }));
  }

  private outline(corners: number[][], colour: string, opacity: number): Group {
    const g = new Group();
    const tmp: number[] = [];
    const pos = new Float32Array(corners.length * 3);
    corners.forEach((p, k) => {
      this.lift(p, 0.004, tmp);
      pos.set(tmp, 3 * k);
    });
    const geo = new BufferGeometry();
    geo.setAttribute('position', new BufferAttribute(pos, 3));
    g.add(new LineLoop(geo, new LineBasicMaterial({ color: new Color(colour), transparent: true, opacity, depthTest: this.surface.globe })));
    g.add(this.fillPolygons([corners], colour, 0.14, 0.003));
    return g;
  }

  /** A strip of `width` (in tile spacings, flat; the same fraction of spacing on the globe) through the tile centres. */
  private ribbon(tiles: ArrayLike<number>, colour: string, width: number): Mesh {
    const grid = this.grid;
    const n = tiles.length;
    const centres: number[][] = [];
    for (let k = 0; k < n; k++) centres.push(this.lift(grid.center(tiles[k]!), 0.006));
    const half = (width * this.spacing()) / 2;
    const pos = new Float32Array(n * 2 * 3);
    const idx: number[] = [];
    for (let k = 0; k < n; k++) {
      const a = centres[Math.max(0, k - 1)]!;
      const b = centres[Math.min(n - 1, k + 1)]!;
      const tx = b[0]! - a[0]!;
      const ty = b[1]! - a[1]!;
      const tz = b[2]! - a[2]!;
      const p = centres[k]!;
      // Side vector: tangent × up (flat: +z; globe: the surface normal).
      const [ux, uy, uz] = this.surface.globe ? [p[0]!, p[1]!, p[2]!] : [0, 0, 1];
      let sx = ty * uz - tz * uy;
      let sy = tz * ux - tx * uz;
      let sz = tx * uy - ty * ux;
      const l = Math.hypot(sx, sy, sz) || 1;
      sx = (sx / l) * half;
      sy = (sy / l) * half;
      sz = (sz / l) * half;
      pos.set([p[0]! + sx, p[1]! + sy, p[2]! + sz, p[0]! - sx, p[1]! - sy, p[2]! - sz], 6 * k);
      if (k > 0) idx.push(2 * k - 2, 2 * k - 1, 2 * k, 2 * k - 1, 2 * k + 1, 2 * k);
    }
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(pos, 3));
    g.setIndex(idx);
    return new Mesh(g, new MeshBasicMaterial({ color: new Color(colour), side: DoubleSide, forceSinglePass: true, depthWrite: false, transparent: true, opacity: 0.95 }));
  }

  /**
   * Segments drawn `width` tile spacings wide: one quad each, lengthened by half the width at
   * both ends so that corners close. (WebGL draws GL lines 1 px wide whatever is asked.)
   */
  private band(segments: readonly Segment[], colour: string, width: number, dz: number): Mesh {
    const half = (width * this.spacing()) / 2;
    const pos = new Float32Array(segments.length * 4 * 3);
    const idx = new Uint32Array(segments.length * 6);
    const a: number[] = [];
    const b: number[] = [];
    segments.forEach(([p, q], k) => {
      this.lift(p, dz, a);
      this.lift(q, dz, b);
      let tx = b[0]! - a[0]!;
      let ty = b[1]! - a[1]!;
      let tz = b[2]! - a[2]!;
      const tl = Math.hypot(tx, ty, tz) || 1;
      tx = (tx / tl) * half;
      ty = (ty / tl) * half;
      tz = (tz / tl) * half;
      // Side vector: tangent × up (flat: +z; globe: the surface normal at the midpoint).
      const [ux, uy, uz] = this.surface.globe ? [a[0]! + b[0]!, a[1]! + b[1]!, a[2]! + b[2]!] : [0, 0, 1];
      let sx = ty * uz - tz * uy;
      let sy = tz * ux - tx * uz;
      let sz = tx * uy - ty * ux;
      const sl = Math.hypot(sx, sy, sz) || 1;
      sx = (sx / sl) * half;
      sy = (sy / sl) * half;
      sz = (sz / sl) * half;
      const o = 12 * k;
      pos.set([a[0]! - tx + sx, a[1]! - ty + sy, a[2]! - tz + sz, a[0]! - tx - sx, a[1]! - ty - sy, a[2]! - tz - sz], o);
      pos.set([b[0]! + tx + sx, b[1]! + ty + sy, b[2]! + tz + sz, b[0]! + tx - sx, b[1]! + ty - sy, b[2]! + tz - sz], o + 6);
      const v = 4 * k;
      idx.set([v, v + 1, v + 2, v + 1, v + 3, v + 2], 6 * k);
    });
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(pos, 3));
    g.setIndex(new BufferAttribute(idx, 1));
    return new Mesh(g, new MeshBasicMaterial({ color: new Color(colour), side: DoubleSide, forceSinglePass: true, depthWrite: false }));
  }

  /** A ring around a tile centre. */
  private marker(tile: number, colour: string): Mesh {
    return this.disc(tile, colour, 0.42, 0.26);
  }

  private cross(tile: number, colour: string): Group {
    const g = new Group();
    const c = this.grid.center(tile);
    const [e1, e2] = this.tangents(c);
    const r = 0.45 * this.spacing();
    const tmp: number[] = [];
    for (const s of [1, -1]) {
      const pts = [-1, 1].map((k) => {
        const p = c.map((v, i) => v + k * r * (e1[i]! + s * e2[i]!) * Math.SQRT1_2);
        return this.lift(p, 0.008, tmp).slice();
      });
      const geo = new BufferGeometry();
      geo.setAttribute('position', new BufferAttribute(new Float32Array(pts.flat()), 3));
      g.add(new Line(geo, new LineBasicMaterial({ color: new Color(colour) })));
    }
    g.add(this.disc(tile, colour, 0.5, 0.36));
    return g;
  }

  private disc(tile: number, colour: string, outer: number, inner: number): Mesh {
    const c = this.grid.center(tile);
    const [e1, e2] = this.tangents(c);
    const s = this.spacing();
    const seg = 28;
    const pos = new Float32Array(seg * 2 * 3);
    const idx: number[] = [];
    const tmp: number[] = [];
    for (let k = 0; k < seg; k++) {
      const a = (2 * Math.PI * k) / seg;
      const ca = Math.cos(a);
      const sa = Math.sin(a);
      for (const [j, r] of [
        [0, outer * s],
        [1, inner * s],
      ] as const) {
        const p = c.map((v, i) => v + r * (ca * e1[i]! + sa * e2[i]!));
        pos.set(this.lift(p, 0.008, tmp), (2 * k + j) * 3);
      }
      const n = (k + 1) % seg;
      idx.push(2 * k, 2 * n, 2 * k + 1, 2 * k + 1, 2 * n, 2 * n + 1);
    }
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(pos, 3));
    g.setIndex(idx);
    return new Mesh(g, new MeshBasicMaterial({ color: new Color(colour), side: DoubleSide, depthWrite: false, depthTest: false }));
  }

  /** Two unit vectors spanning the surface at model point c. */
  private tangents(c: readonly number[]): [number[], number[]] {
    if (!this.surface.globe) return [[1, 0], [0, 1]];
    const l = Math.hypot(c[0]!, c[1]!, c[2]!) || 1;
    const n = [c[0]! / l, c[1]! / l, c[2]! / l];
    const ref = Math.abs(n[1]!) < 0.9 ? [0, 1, 0] : [1, 0, 0];
    const e1 = normalize3([ref[1]! * n[2]! - ref[2]! * n[1]!, ref[2]! * n[0]! - ref[0]! * n[2]!, ref[0]! * n[1]! - ref[1]! * n[0]!]);
    const e2 = normalize3([n[1]! * e1[2]! - n[2]! * e1[1]!, n[2]! * e1[0]! - n[0]! * e1[2]!, n[0]! * e1[1]! - n[1]! * e1[0]!]);
    return [e1, e2];
  }

  private spacingCache = 0;

  /** Distance between adjoining tile centres in model space (1 on flat maps at the default layout). */
  private spacing(): number {
    if (this.spacingCache) return this.spacingCache;
    const grid = this.grid;
    let s = 1;
    if (this.surface.globe) {
      const nb = grid.neighbor(0, 0);
      if (nb >= 0) {
        const a = grid.center(0);
        const b = grid.center(nb);
        s = Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
      }
    }
    this.spacingCache = s;
    return s;
  }
}

function normalize3(v: number[]): number[] {
  const l = Math.hypot(v[0]!, v[1]!, v[2]!) || 1;
  return [v[0]! / l, v[1]! / l, v[2]! / l];
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
