/**
 * What the main thread and a job worker say to each other (jobs.ts, job-worker.ts). A map
 * crosses the thread boundary as its spec, palette, meta and layer buffers; the buffers are
 * transferred, not copied, so a 4 M-tile map moves in microseconds.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { MapLayers, MapMeta, MapSpec } from '../../core/map/terrain-map.js';
import { TerrainMap } from '../../core/map/terrain-map.js';
import type { Substitute } from '../../core/derive/types.js';
import type { InstanceLayerJson } from '../../core/map/instance-layer.js';
import { InstanceLayer } from '../../core/map/instance-layer.js';
import type { LinearLayerJson } from '../../core/map/linear-layer.js';
import { LinearLayer } from '../../core/map/linear-layer.js';
import type { NetworkLayerJson } from '../../core/map/network-json.js';
import { networksFromJson, networksToJson } from '../../core/map/network-json.js';
import { NetworkSides } from '../../core/map/network-sides.js';
import type { AssembleOutcome, AssembleRequest } from './assemble-task.js';

/** The work a job does. Everything here is validated on the main thread before the job starts. */
export type JobRequest =
  /** A Tiled, Wesnoth or native map file given as text (`fileName` decides the reader). */
  | { kind: 'import-text'; fileName: string; text: string; mapping: unknown; areaTerrains: string[]; tilesets?: { name: string; text: string }[] }
  /**
   * The same, read from disk, Tiled external tilesets relative to the file: only inside its
   * folder tree and `allowedFolders` (the app's doors: else the job fails with FolderGrantNeeded),
   * or anywhere the user can read when null (the CLI: the user's own command names the file).
   */
  | { kind: 'import-file'; path: string; mapping: unknown; areaTerrains: string[]; allowedFolders: string[] | null }
  /** Classic → AL-FORM transfer (SPEC §3). */
  | { kind: 'convert'; map: PackedMap }
  /** A new map, its area tiles filled with `fill` (already checked to be area terrain). */
  | { kind: 'create'; spec: MapSpec; fill: string | null; name: string }
  /**
   * A tactical map derived from `map` (core/derive). `catalogue` is the catalogue JSON;
   * `substitutes` are the library's substitutes of the map's terrains at this ratio (the
   * worker has no library connection; terrains missing here use the default generators).
   */
  | { kind: 'derive'; map: PackedMap; catalogue: unknown; substitutes: Substitute[]; tiles: number[]; ratio: number; seed: number }
  /** Vector tile instances assembled into a map's tiles (assemble-task.ts); ends in an `AssembleOutcome`, not a map. */
  | AssembleRequest;

/** The jobs whose result is a map. */
export type MapJobRequest = Exclude<JobRequest, AssembleRequest>;

/**
 * Jobs whose result is a value rather than a map (the worker posts `value`): vector tiles
 * read from files for a library import (tile-import-task.ts). `files` carry their text
 * (browser upload); `path` is a file or folder already checked against the file rules.
 */
export type ValueJobRequest = { kind: 'tiles-import'; path?: string; files?: { name: string; text: string }[] };

export interface PackedMap {
  spec: MapSpec;
  palette: string[];
  meta: MapMeta;
  layers: MapLayers;
  /** A native map file's tile instances and AL-FORM linear layer (sparse JSON: they are small beside the layers). */
  instances?: InstanceLayerJson;
  linear?: LinearLayerJson;
  /** Through-tile networks (sparse too). */
  networks?: NetworkLayerJson;
}

export interface JobInput {
  request: JobRequest | ValueJobRequest;
  /** Pause between steps (tests use it to cancel a job at a known point); 0 in the app. */
  stepDelayMs: number;
}

export type WorkerMessage =
  | { type: 'progress'; label: string; done: number; total: number; stage?: string }
  | { type: 'done'; map: PackedMap }
  /** The end of an assembly job: its outcome, plain JSON. */
  | { type: 'assembled'; outcome: AssembleOutcome }
  | { type: 'value'; value: unknown }
  /** `folders`: the job needs the user's grant to read them (FolderGrantNeeded), not a failure. */
  | { type: 'error'; message: string; folders?: string[] };

export function packMap(map: TerrainMap, copy: boolean): PackedMap {
  const { terrain, edges, vertices, elevation } = map.layers;
  const c = <T extends Uint8Array | Int16Array>(a: T | null): T | null => (a && copy ? (a.slice() as T) : a);
  return {
    spec: map.spec,
    palette: [...map.palette],
    meta: JSON.parse(JSON.stringify(map.meta)) as MapMeta,
    layers: { terrain: c(terrain)!, edges: c(edges), vertices: c(vertices), elevation: c(elevation) },
    ...(map.instances ? { instances: map.instances.toJSON() } : {}),
    ...(map.linear ? { linear: map.linear.toJSON() } : {}),
    ...(map.networks && !map.networks.isEmpty ? { networks: networksToJson(map.networks) } : {}),
  };
}

export function unpackMap(p: PackedMap): TerrainMap {
  const map = TerrainMap.fromLayers(p.spec, p.palette, p.layers, p.meta);
  if (p.instances) map.setInstances(InstanceLayer.fromJSON(map.grid, p.instances, 'job result instances'));
  if (p.linear) map.setLinear(LinearLayer.fromJSON(map.grid, p.linear, 'job result linear layer'));
  if (p.networks) map.setNetworks(networksFromJson(p.networks, new NetworkSides(map.grid, map.spec.alform), map.palette.length, 'job result', '$.networks'));
  return map;
}

/** The buffers to transfer with a packed map. */
export function transferList(p: PackedMap): ArrayBuffer[] {
  const { terrain, edges, vertices, elevation } = p.layers;
  return [terrain, edges, vertices, elevation].filter((a): a is Uint8Array | Int16Array => a !== null).map((a) => a.buffer as ArrayBuffer);
}
