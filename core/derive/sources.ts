/**
 * The candidate sources the blending functions read (core/derive/blend): for every small
 * tile at GLOBAL coordinates, the terrains the placed substitutes put there (SPEC §7).
 *
 * - Area tiles: each covering AREA tile's substitute value (a transparent or missing cell
 *   gives the large tile's own terrain); inside a LINEAR tile's cell the texture of the
 *   nearer area tile beside it (Placement.bandOwner), unless the linear feature's substitute
 *   decorates the tile — a bank or a verge beside the routed feature — which then wins.
 * - Linear tiles: the routed features (LinearRouter) and the linear details of the area
 *   substitutes (tree lines, streams, hedgerows).
 * The area blend asks about a margin beyond the window too; everything here is a function
 * of global coordinates only.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { TileClass } from '../alform/classify.js';
import type { AreaCandidates } from './blend/area-blend.js';
import type { LinearCandidates } from './blend/linear-blend.js';
import { MAX_CANDIDATES } from './blend/area-blend.js';
import type { Placement } from './placement.js';
import { latticeSteps, pointKey } from './placement.js';
import type { LinearRouter } from './linear-route.js';
import { valueNoise } from './blend/noise.js';

/** Detail shows where the mask exceeds this (about three fifths of the ground). */
const DETAIL_SHOWN = 0.4;

/** Adds candidate v (standing for ground g) unless the pair is there already. */
function addUnique(out: Uint8Array, n: number, v: number, ground?: Uint8Array, g = v): number {
  if (v === 0) return n;
  for (let i = 0; i < n; i++) if (out[i] === v && (ground === undefined || ground[i] === g)) return n;
  if (n >= MAX_CANDIDATES) return n;
  out[n] = v;
  if (ground !== undefined) ground[n] = g;
  return n + 1;
}

export class PlacedSources {
  readonly area: AreaCandidates;
  readonly linear: LinearCandidates;
  private readonly cover = new Int32Array(18);
  private readonly indices = new Int32Array(9);
  private readonly near = new Int32Array(16);

  constructor(
    private readonly placement: Placement,
    private readonly router: LinearRouter,
  ) {
    const palette = placement.palette;
    const elevation = placement.view.map.layers.elevation;
    this.area = {
      palette,
      at: (gx, gy, out, ground) => this.areaAt(gx, gy, out, ground),
      elevation: elevation === null ? undefined : (gx, gy) => this.elevationAt(gx, gy, elevation),
    };
    this.linear = { palette, at: (gx, gy, out) => this.linearAt(gx, gy, out) };
  }

  /** Elevation of the first large tile covering (gx, gy), 0 off the map. */
  elevationAt(gx: number, gy: number, elevation: Int16Array): number {
    const p = this.placement;
    const n = p.covering(gx, gy, this.cover);
    for (let i = 0; i < n; i++) {
      const t = p.view.tileAt(this.cover[2 * i]!, this.cover[2 * i + 1]!);
      if (t >= 0) return elevation[t]!;
    }
    return 0;
  }

  /**
   * The large tiles on the map that cover (gx, gy), as (px, py) pairs into `cover`, and the
   * substitute index of (gx, gy) in each into `indices`; returns how many.
   */
  private coveringOnMap(gx: number, gy: number): number {
    const p = this.placement;
    const cover = this.cover;
    const n = p.covering(gx, gy, cover);
    let m = 0;
    for (let c = 0; c < n; c++) {
      const px = cover[2 * c]!;
      const py = cover[2 * c + 1]!;
      if (p.view.tileAt(px, py) < 0) continue;
      cover[2 * m] = px;
      cover[2 * m + 1] = py;
      this.indices[m++] = p.offsetIndex(gx - p.centreX(px), gy - p.centreY(py));
    }
    return m;
  }

  private areaAt(gx: number, gy: number, out: Uint8Array, ground?: Uint8Array): number {
    const p = this.placement;
    const cover = this.cover;
    const n = this.coveringOnMap(gx, gy);
    let count = 0;
    for (let c = 0; c < n; c++) {
      const px = cover[2 * c]!;
      const py = cover[2 * c + 1]!;
      const index = this.indices[c]!;
      if (p.largeClass(px, py) === TileClass.AREA) {
        count = addUnique(out, count, this.areaValue(px, py, index), ground, p.largeValue(px, py));
        continue;
      }
      const owner = p.bandOwner(px, py, gx, gy, this.near);
      const under = owner >= 0 ? p.largeValue(this.near[2 * owner]!, this.near[2 * owner + 1]!) : 0;
      // A bank or verge is detail of the ground it lies on: it never starts a transition band.
      const decoration = this.decoration(px, py, gx, gy, index);
      if (decoration !== 0) {
        count = addUnique(out, count, decoration, ground, under === 0 ? decoration : under);
        continue;
      }
      if (owner >= 0) count = addUnique(out, count, this.areaValue(this.near[2 * owner]!, this.near[2 * owner + 1]!, index, gx, gy), ground, under);
    }
    return count;
  }

  /**
   * Area value of the area tile at (qx, qy)'s substitute at substitute index `index`; with
   * (gx, gy), the texture borrowed into a band cell of a linear tile at small tile (gx, gy).
   * A tile's own substitute shows as drawn. A borrowed copy is the drawing shifted by a large
   * step and cut by the noisy band border: it continues ground that runs on past the drawing's
   * rim (Placed.runsOn) where a multi-octave noise field of the ground terrain over global
   * coordinates allows it (grouped in some places, absent in others, not wallpaper), but a
   * copse, clearing or knoll inside the drawing shows only where it was drawn, whole — its
   * copies came out as fragments, single-tile specks, and all alike (issue 15).
   */
  private areaValue(qx: number, qy: number, index: number, gx?: number, gy?: number): number {
    const p = this.placement;
    const own = p.largeValue(qx, qy);
    if (own === 0) return 0;
    const placed = p.areaSubstitute(qx, qy);
    const v = placed?.cells[index] ?? 0;
    if (v === 0 || p.isLinear(v)) return own;
    if (v === own || gx === undefined || gy === undefined) return v;
    if (placed!.runsOn[index] !== 1) return own;
    const s = p.terrainSeed(p.idOf(own));
    const r = p.ratio;
    const mask = 0.6 * valueNoise(s, gx, gy, 3 * r) + 0.4 * valueNoise(s ^ 0x2c1b3c6d, gx, gy, r);
    return mask > DETAIL_SHOWN ? v : own;
  }

  /** A bank or verge: the feature substitute's area cell at `index`, where the routed feature passes next to (gx, gy). */
  private decoration(px: number, py: number, gx: number, gy: number, index: number): number {
    const p = this.placement;
    const routes = this.router.routes(px, py);
    if (routes.length === 0) return 0;
    const terrain = p.largeTerrain(px, py);
    if (terrain === '') return 0;
    const sub = p.placedSubstitute(terrain, p.pickOrientation(px, py, p.orientationsFor(p.largeClass(px, py))));
    const v = sub?.cells[index] ?? 0;
    if (v === 0 || p.isLinear(v)) return 0;
    for (const [dx, dy] of latticeSteps(p.lattice)) {
      const k = pointKey(gx + dx, gy + dy);
      for (const route of routes) if (route.tiles.has(k)) return v;
    }
    return 0;
  }

  /**
   * Square: the linear detail of the band of the edge tile at (px, py) at small (gx, gy). A
   * borrowed copy of a neighbour's drawing cut its ridges and streams into dashes at every
   * large-tile border (issue 15); instead, where the substitutes on both sides put the same
   * linear detail on the middle of the sides facing each other (hills' crests end there,
   * area-recipes.ts), the band carries it straight across between them, so the two join
   * into one line. Elsewhere a band of natural ground has no linear detail of its own.
   */
  private bandJoin(px: number, py: number, gx: number, gy: number): number {
    const p = this.placement;
    // An X-edge joins its west and east neighbours, a Y-edge its south and north ones; a vertex none.
    const sx = px & 1;
    const sy = py & 1;
    if (sx === sy) return 0;
    const h = p.ratio / 2;
    const [cx, cy] = [p.centreX(px), p.centreY(py)];
    // On the line through both centres, strictly inside the band.
    if (sx === 1 ? gy !== cy : gx !== cx) return 0;
    const a = p.areaSubstitute(px - sx, py - sy);
    const b = p.areaSubstitute(px + sx, py + sy);
    if (a === null || b === null) return 0;
    const va = a.cells[p.offsetIndex(sx * h, sy * h)] ?? 0;
    const vb = b.cells[p.offsetIndex(-sx * h, -sy * h)] ?? 0;
    return va !== 0 && va === vb && p.isLinear(va) ? va : 0;
  }

  private linearAt(gx: number, gy: number, out: Uint8Array): number {
    const p = this.placement;
    const cover = this.cover;
    const n = this.coveringOnMap(gx, gy);
    const key = pointKey(gx, gy);
    let count = 0;
    for (let c = 0; c < n; c++) {
      const px = cover[2 * c]!;
      const py = cover[2 * c + 1]!;
      const index = this.indices[c]!;
      let qx = px;
      let qy = py;
      if (p.largeClass(px, py) !== TileClass.AREA) {
        for (const route of this.router.routes(px, py)) count = addUnique(out, count, route.tiles.get(key) ?? 0);
        const owner = p.bandOwner(px, py, gx, gy, this.near);
        if (owner < 0) continue;
        qx = this.near[2 * owner]!;
        qy = this.near[2 * owner + 1]!;
        // Natural ground on square: joins, not copies. A town's streets and a farm's hedgerows
        // repeat with the lattice (parcels.ts), so their copies run on seamlessly.
        if (p.lattice === 'square' && !p.isHumanCurated(p.largeValue(qx, qy))) {
          count = addUnique(out, count, this.bandJoin(px, py, gx, gy));
          continue;
        }
      }
      const v = p.areaSubstitute(qx, qy)?.cells[index] ?? 0;
      if (v !== 0 && p.isLinear(v)) count = addUnique(out, count, v);
    }
    return count;
  }
}
