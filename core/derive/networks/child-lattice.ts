/**
 * The derived map seen on the global small lattice, for laying networks (issue 26 item 4):
 * its tile at a global position, the area steps between tiles (two lattice units: the linear
 * tile between sits one unit along), the unit frame for lengths and angles, and the
 * catalogue's network rules as the derivation needs them — which linear terrains a network
 * must bridge (rivers, canals: a composite with the network), which are networks, which
 * area terrain is built-up and which ground a road keeps off.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { IndexXYGrid } from '../../grid/capabilities.js';
import { requireIndexXY } from '../../grid/capabilities.js';
import type { SubstituteLattice } from '../../map/meta.js';
import type { TerrainMap } from '../../map/terrain-map.js';
import { NetworkSides } from '../../map/network-sides.js';
import type { TerrainCatalogue } from '../../terrain/types.js';
import { findTerrain } from '../../terrain/lookup.js';
import { networkCrossing, runsThrough } from '../../terrain/network.js';
import { latticeSteps, unitPoint } from '../substitute-frame.js';
import type { StrategicView } from '../strategic-view.js';

export class ChildLattice {
  readonly grid: IndexXYGrid;
  readonly sides: NetworkSides;
  /** Unit lattice steps; an area tile's neighbour lies two of them away. */
  readonly steps: readonly (readonly [number, number])[];

  constructor(
    readonly map: TerrainMap,
    readonly originX: number,
    readonly originY: number,
    readonly lattice: SubstituteLattice,
    /** The parent's terrain of the large area tile nearest a global position ('' off the parent). */
    readonly largeTerrain: (gx: number, gy: number) => string = () => '',
  ) {
    this.grid = requireIndexXY(map.grid, 'laying networks on a derived map');
    this.sides = NetworkSides.of(map);
    this.steps = latticeSteps(lattice);
  }

  /** The grid direction of a unit lattice step (dx, dy) (flat grids: the same from every tile), or −1. */
  sideOf(dx: number, dy: number): number {
    if (this.stepSides === null) {
      const { grid } = this;
      const w = (this.map.spec.size as { width: number }).width;
      const h = (this.map.spec.size as { height: number }).height;
      // A tile in the middle of the map, where every direction has a neighbour.
      const mid = grid.index([2 * Math.floor(w / 4), 2 * Math.floor(h / 4) + (this.lattice === 'square' ? 0 : Math.floor(w / 4))]);
      const [mx, my] = grid.coord(mid) as [number, number];
      this.stepSides = new Map();
      for (let d = 0; d < grid.directions; d++) {
        const n = grid.neighbor(mid, d);
        if (n < 0) continue;
        const [x, y] = grid.coord(n) as [number, number];
        this.stepSides.set(`${x - mx},${y - my}`, d);
      }
    }
    return this.stepSides.get(`${dx},${dy}`) ?? -1;
  }
  private stepSides: Map<string, number> | null = null;

  /** The tile at global position (gx, gy), or −1 outside the map. */
  tileAt(gx: number, gy: number): number {
    return this.grid.indexXY(gx - this.originX, gy - this.originY);
  }

  /** Global position of a tile of the map. */
  position(tile: number): [number, number] {
    const [x, y] = this.grid.coord(tile) as [number, number];
    return [x + this.originX, y + this.originY];
  }

  unit(gx: number, gy: number): [number, number] {
    return unitPoint(this.lattice, gx, gy);
  }

  /** Terrain id at a global position ('' for none or outside). */
  terrainAt(gx: number, gy: number): string {
    const t = this.tileAt(gx, gy);
    if (t < 0) return '';
    const v = this.map.layers.terrain[t]!;
    return v === 0 ? '' : this.map.palette[v - 1]!;
  }
}

/** A global point rounded to the area tile it falls on or, between tiles, the one below-left (area tiles sit at even, even). */
export function areaPoint(gx: number, gy: number): [number, number] {
  return [2 * Math.floor(gx / 2), 2 * Math.floor(gy / 2)];
}

/** The catalogue's network rules as derivation reads them, memoized per terrain id. */
export class NetworkRules {
  private readonly bridged = new Map<string, boolean>();

  constructor(readonly catalogue: TerrainCatalogue) {}

  /** True when network `kind` crosses linear terrain `feature` by a composite (a bridge or ford): the crossings a derivation keeps to the parent's. */
  mustBridge(feature: string, kind: string): boolean {
    if (feature === '') return false;
    const key = `${feature}\u0000${kind}`;
    let v = this.bridged.get(key);
    if (v === undefined) {
      const t = findTerrain(this.catalogue, feature);
      v = t?.class === 'linear' && !runsThrough(this.catalogue, feature) && networkCrossing(this.catalogue, feature, kind) !== null;
      this.bridged.set(key, v);
    }
    return v;
  }

  /** The crossing's terrain (river + road → river-bridge), or undefined. */
  bridgeTerrain(feature: string, kind: string): string | undefined {
    return networkCrossing(this.catalogue, feature, kind)?.terrain;
  }

  isNetwork(id: string): boolean {
    return runsThrough(this.catalogue, id);
  }

  /** Built-up area terrain (towns, villages: the catalogue gives it a street layout). */
  streets(id: string): 'grid' | 'organic' | undefined {
    const t = findTerrain(this.catalogue, id);
    return t?.class === 'area' ? t.streets : undefined;
  }

  /** Area ground no mode may enter (lakes, sea): a road goes round it. */
  keepsRoadsOff(id: string): boolean {
    const t = findTerrain(this.catalogue, id);
    if (t?.class !== 'area') return false;
    return Object.values(t.movement).every((m) => !m.playable || m.cost === 'impassable');
  }
}

/**
 * The parent's terrain under a small tile: that of the nearest large area tile (area tiles at
 * even large positions, centred at r·P + anchor; distances in the unit frame), '' off the map.
 */
export function nearestLargeTerrain(view: StrategicView, ratio: number, anchor: readonly [number, number]): (gx: number, gy: number) => string {
  return (gx, gy) => {
    const cx = 2 * Math.round((gx - anchor[0]) / (2 * ratio));
    const cy = 2 * Math.round((gy - anchor[1]) / (2 * ratio));
    const [ux, uy] = unitPoint(view.lattice, gx, gy);
    let best = Infinity;
    let tile = -1;
    for (let px = cx - 2; px <= cx + 2; px += 2) {
      for (let py = cy - 2; py <= cy + 2; py += 2) {
        const [vx, vy] = unitPoint(view.lattice, ratio * px + anchor[0], ratio * py + anchor[1]);
        const d = (ux - vx) ** 2 + (uy - vy) ** 2;
        if (d < best) [best, tile] = [d, view.tileAt(px, py)];
      }
    }
    return tile < 0 ? '' : view.map.terrainOf(view.map.layers.terrain[tile]!);
  };
}
