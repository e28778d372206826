/**
 * What placing tiles and auto-assembly draw over the map (issue 13): a mark on every tile
 * where the chosen tile fits — a light fill and one dot per placement that fits there — the
 * GHOST of the tile at the hovered tile in the placement it would take, the tile whose "Fits
 * here" list is shown, and the conflicting region of an assembly that cannot be done. Built
 * from core/render's overlay geometry (fans, bands, rings), each part one or two meshes
 * however many tiles it covers. The ghost is the tile drawn as the map will draw it once
 * placed (core/render vector-ghost.ts: snapped to its neighbours, warped on the globe), with
 * the map's own vector meshes (vector-object.ts) made see-through, and the cell outlined.
 *
 * Renderer layer: Three.js, no DOM, no Node.
 */
import { BufferAttribute, BufferGeometry, Color, DoubleSide, Group, Mesh, MeshBasicMaterial, type Object3D } from 'three';
import type { Grid } from '../../../../core/grid/types.js';
import { band, boundarySegments, polygonFans, ring, surfaceTangents, type OverlaySurface, type TriangleBuffers } from '../../../../core/render/index.js';
import type { VectorMapGeometry } from '../../../../core/render/vector-map.js';
import { VectorObject } from './vector-object.js';

/** Dots per mark at most (a hexagon tile has 12 orientations). */
const MAX_DOTS = 12;
/** Beyond this many marked tiles only the fills are drawn: the dots would be too small to count and a few million triangles. */
const DOTS_UP_TO = 20_000;
/** The ghost shows the map under it a little: it is not placed yet. */
export const GHOST_OPACITY = 0.78;

type Part = 'marks' | 'ghost' | 'picked' | 'conflict';

export class PlacingOverlay {
  readonly group = new Group();
  private readonly parts: Record<Part, Object3D | null> = { marks: null, ghost: null, picked: null, conflict: null };
  private readonly spacing: number;

  constructor(
    private readonly grid: Grid,
    private readonly surface: OverlaySurface,
    private readonly polygonOf: (tile: number) => number[][] | null,
  ) {
    this.spacing = grid.spacing();
  }

  /** Marks where the chosen tile fits: each tile lightly filled, with one dot per placement that fits there. */
  setMarks(places: ReadonlyMap<number, readonly number[]> | null, colour: string): void {
    if (!places || places.size === 0) return this.replace('marks', null);
    const s = this.spacing;
    const polys: number[][][] = [];
    const dots: TriangleBuffers[] = [];
    for (const [tile, codes] of places) {
      polys.push(this.cell(tile));
      if (places.size > DOTS_UP_TO) continue;
      const c = this.grid.center(tile);
      const n = Math.min(MAX_DOTS, codes.length);
      for (let k = 0; k < n; k++) {
        // Clockwise from the top, round a small circle: a count that reads at a glance.
        const a = Math.PI / 2 - (2 * Math.PI * k) / n;
        const centre = n === 1 ? c : this.offset(c, Math.cos(a) * 0.2 * s, Math.sin(a) * 0.2 * s);
        dots.push(ring(this.surface, centre, 0.04 * s, 0, 0.006, 10));
      }
    }
    const g = new Group();
    g.add(mesh(polygonFans(this.surface, polys, 0.0015), colour, 0.16));
    if (dots.length) g.add(mesh(merge(dots), colour, 0.9, 1));
    this.replace('marks', g);
  }

  /**
   * The tile as it would be placed at `tile` (`drawn`: core/render vector-ghost.ts), see-through
   * over the map, the cell outlined in `outline`; only the outline where nothing is drawn.
   */
  setGhost(tile: number, drawn: VectorMapGeometry | null, outline: string): void {
    if (tile < 0) return this.replace('ghost', null);
    const g = new Group();
    const poly = this.cell(tile);
    if (drawn) {
      // Above the marks (orders 0 and 1), under the outline.
      const v = new VectorObject(drawn, this.grid.modelDimensions === 3, { order: 1, opacity: GHOST_OPACITY });
      v.group.userData.ghost = true;
      g.add(v.group);
    } else g.add(mesh(polygonFans(this.surface, [poly], 0.003), outline, 0.22));
    g.add(mesh(band(this.surface, boundarySegments([poly]), 0.05 * this.spacing, 0.0065), outline, 0.85, 2));
    this.replace('ghost', g);
  }

  /** The tile whose fitting library tiles are listed. */
  setPicked(tile: number, colour: string): void {
    if (tile < 0) return this.replace('picked', null);
    this.replace('picked', mesh(band(this.surface, boundarySegments([this.cell(tile)]), 0.045 * this.spacing, 0.007), colour, 0.9, 1));
  }

  /** The region an assembly could not fill: filled and outlined in the danger colour. */
  setConflict(region: readonly number[] | null, colour: string): void {
    if (!region || region.length === 0) return this.replace('conflict', null);
    const polys = region.map((t) => this.cell(t));
    const g = new Group();
    g.add(mesh(polygonFans(this.surface, polys, 0.004), colour, 0.35));
    g.add(mesh(band(this.surface, boundarySegments(polys), 0.09 * this.spacing, 0.0075), colour, 1, 1));
    this.replace('conflict', g);
  }

  dispose(): void {
    for (const key of Object.keys(this.parts) as Part[]) this.replace(key, null);
  }

  private cell(tile: number): number[][] {
    return this.polygonOf(tile) ?? this.grid.corners(tile);
  }

  /** A model point moved by (dx, dy) in the map plane, or in the globe's tangent plane at it. */
  private offset(c: readonly number[], dx: number, dy: number): number[] {
    if (c.length === 2) return [c[0]! + dx, c[1]! + dy];
    const [e1, e2] = surfaceTangents(this.surface, c);
    return c.map((v, i) => v + dx * e1[i]! + dy * e2[i]!);
  }

  private replace(key: Part, obj: Object3D | null): void {
    const old = this.parts[key];
    if (old) {
      this.group.remove(old);
      old.traverse((o) => {
        const m = o as Partial<Mesh>;
        m.geometry?.dispose();
        (m.material as MeshBasicMaterial | undefined)?.dispose();
      });
    }
    this.parts[key] = obj;
    if (obj) this.group.add(obj);
  }
}

function mesh(tris: TriangleBuffers, colour: string, opacity: number, order = 0): Mesh {
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(tris.positions, 3));
  g.setIndex(new BufferAttribute(tris.indices, 1));
  const m = new Mesh(g, new MeshBasicMaterial({ color: new Color(colour), transparent: true, opacity, depthWrite: false, side: DoubleSide, forceSinglePass: true }));
  m.renderOrder = order;
  return m;
}

/** Many small triangle sets as one, so a thousand marks are one draw call. */
function merge(parts: readonly TriangleBuffers[]): TriangleBuffers {
  let nv = 0;
  let ni = 0;
  for (const p of parts) {
    nv += p.positions.length;
    ni += p.indices.length;
  }
  const positions = new Float32Array(nv);
  const indices = new Uint32Array(ni);
  let v = 0;
  let i = 0;
  for (const p of parts) {
    positions.set(p.positions, v);
    const base = v / 3;
    for (let k = 0; k < p.indices.length; k++) indices[i + k] = p.indices[k]! + base;
    v += p.positions.length;
    i += p.indices.length;
  }
  return { positions, indices };
}
