/**
 * The network service (`maps.drawNetwork`, `maps.eraseNetwork`, `maps.network`; issue 26):
 * roads, railroads and trails drawn through area tiles from centre to centre, each stroke one
 * undo step in the project's journal (its network changes beside the entry), then applied to
 * the open copy; the report of a map's networks. The rules are core's (core/map
 * network-plan.ts, network-report.ts); undo and redo are the editing service's (they replay
 * network changes with the rest).
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { EditResult, NetworkPatch } from '../../contract/contract.js';
import { applyNetworkPlan, planNetworkDraw, planNetworkErase, type NetworkPlan } from '../../core/map/network-plan.js';
import { networkReport } from '../../core/map/network-report.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import type { CurrentCatalogue, CurrentProject, Queue } from './collaborators.js';
import type { OpenMaps } from './open-maps.js';
import { editResult } from './editing-service.js';
import type { HandlersFor } from './router.js';

export type NetworkOperation = 'maps.drawNetwork' | 'maps.eraseNetwork' | 'maps.network';

export interface NetworkDeps {
  readonly queue: Queue;
  readonly maps: Pick<OpenMaps, 'get'>;
  readonly session: CurrentProject;
  readonly catalogue: CurrentCatalogue;
}

export function networkService(deps: NetworkDeps): HandlersFor<NetworkOperation> {
  const { queue, maps, catalogue } = deps;
  return {
    'maps.drawNetwork': ({ id, tiles, terrain, level }) =>
      queue.exclusive(() => {
        const map = maps.get(id).map;
        const plan = planNetworkDraw(map, catalogue(), terrain, tiles, level ?? 0);
        return networkEdit(deps, id, plan, `Draw ${terrain} (${new Set(tiles).size} tile${new Set(tiles).size === 1 ? '' : 's'})`);
      }),
    'maps.eraseNetwork': ({ id, tiles, terrain, whole }) =>
      queue.exclusive(() => {
        const map = maps.get(id).map;
        const plan = planNetworkErase(map, catalogue(), terrain ?? '', tiles, whole ?? false);
        return networkEdit(deps, id, plan, `Erase ${terrain ? terrain : 'networks'}`);
      }),
    'maps.network': ({ id, terrain }) => queue.exclusive(() => networkReport(maps.get(id).map, catalogue(), terrain)),
  };
}

/** Journals a network plan (one undo step), applies it to the open copy, and answers the patches. */
export function networkEdit(deps: Pick<NetworkDeps, 'maps' | 'session'>, id: string, plan: NetworkPlan, label: string): EditResult {
  const open = deps.maps.get(id);
  if (plan.changes.length) {
    const grew = plan.palette.length > open.map.palette.length;
    deps.session.current().edit(id, [], { label, networks: plan.changes, ...(grew ? { palette: plan.palette } : {}) });
    applyNetworkPlan(open.map, plan);
    open.invalidate();
  }
  return { ...editResult(deps, id, []), ...networkPatches(open.map, plan.changes.map((c) => c.tile)) };
}

/** The `networks` of an EditResult: each changed tile's codes now (absent when none changed). */
export function networkPatches(map: TerrainMap, tiles: readonly number[]): { networks?: NetworkPatch[] } {
  if (tiles.length === 0) return {};
  const layer = map.networks;
  return { networks: [...new Set(tiles)].sort((a, b) => a - b).map((tile) => ({ tile, codes: [...(layer?.at(tile) ?? [])] })) };
}
