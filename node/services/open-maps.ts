/**
 * The maps the app holds open (in memory, for fast edits and analysis) and what the
 * renderer is shown of the project's maps: summaries (with derived-map status), payloads,
 * and new maps stored. An open copy is keyed by `OpenMapKey` — the map in the project
 * session it was loaded from — so a copy of one project's map is never served for
 * another's; at most OPEN_MAP_LIMIT stay open, the least recently used dropped first.
 *
 * Plain Node over the store: must not depend on Electron or DOM.
 */
import type { MapPayload, MapSummary, DerivedSummary, ProjectInfo } from '../../contract/contract.js';
import type { TerrainMap } from '../../core/map/terrain-map.js';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import { mapToJson } from '../../core/map/map-json.js';
import { formatSize } from '../../core/grid/size.js';
import { SUBSTITUTE_LATTICES } from '../../core/map/meta.js';
import type { MapSummary as StoredMapSummary } from '../store/index.js';
import type { ProjectSession } from './project-session.js';
import type { DerivedStatus } from './derived-status.js';
import { OpenMap } from './analysis.js';
import { KeyedCache } from './keyed-cache.js';
import { undoState } from './undo-state.js';

/** Maps kept in memory for fast edits and analysis; the least recently used is dropped first. */
export const OPEN_MAP_LIMIT = 8;

/** An open map: map `mapId` of the project the session had open at `generation`. */
export interface OpenMapKey {
  readonly generation: number;
  readonly mapId: string;
}

export function openMapKey(key: OpenMapKey): string {
  return JSON.stringify([key.generation, key.mapId]);
}

export class OpenMaps {
  private readonly open = new KeyedCache<OpenMapKey, OpenMap>(openMapKey, OPEN_MAP_LIMIT);
  /** The session generation the cache holds maps of; another project's copies are dropped at once, not left to age out. */
  private generation = -1;

  constructor(
    private readonly session: ProjectSession,
    /** The catalogue in use, read on every analysis: it changes when the designer edits it. */
    private readonly catalogue: () => TerrainCatalogue,
    private readonly status: DerivedStatus,
  ) {}

  /** How many maps are open (tests). */
  get size(): number {
    return this.open.size;
  }

  /** The open map `id`, loading it from the project on first use. */
  get(id: string): OpenMap {
    const project = this.session.current();
    if (this.generation !== this.session.generation) {
      this.open.clear();
      this.generation = this.session.generation;
    }
    const key = this.key(id);
    const found = this.open.get(key);
    if (found) return found;
    if (!project.maps.has(id)) throw new Error(`no map with id "${id}" in this project`);
    const m = new OpenMap(project.maps.load(id), this.catalogue);
    this.open.set(key, m);
    return m;
  }

  /** Forgets the open copy of `id` (deleted, or rewritten in the store): the next `get` reads it again. */
  drop(id: string): void {
    this.open.delete(this.key(id));
  }

  clear(): void {
    this.open.clear();
  }

  /** The stored summary of map `id`. */
  summary(id: string): StoredMapSummary {
    const s = this.session.current().maps.get(id);
    if (!s) throw new Error(`no map with id "${id}" in this project`);
    return s;
  }

  /** What the renderer needs to show map `id`. */
  payload(id: string): MapPayload {
    const project = this.session.current();
    const link = project.derived.get(id);
    return { summary: toSummary(this.summary(id), link ? this.status.summary(project, link) : undefined), map: mapToJson(this.get(id).map), history: undoState(project.journal, id) };
  }

  /** Stores a new map (starting an untitled project when none is open), keeps it open, and returns its payload. */
  store(map: TerrainMap, name: string): MapPayload {
    const summary = this.session.ensure().maps.put(map, { name });
    this.get(summary.id);
    return this.payload(summary.id);
  }

  /** The project as the renderer sees it: path, dirty, and every map's summary. */
  projectInfo(): ProjectInfo {
    const info = this.session.info();
    const derived = this.session.isOpen ? this.status.summaries(this.session.current()) : new Map<string, DerivedSummary>();
    return { path: info.path, dirty: info.dirty, maps: info.maps.map((s) => toSummary(s, derived.get(s.id))), ...(info.readOnly ? { readOnly: true } : {}) };
  }

  private key(mapId: string): OpenMapKey {
    return { generation: this.session.generation, mapId };
  }
}

export function toSummary(s: StoredMapSummary, derived?: DerivedSummary): MapSummary {
  const sub = s.meta.substitute as { terrain?: unknown; lattice?: unknown; ratio?: unknown } | undefined;
  const lattice = SUBSTITUTE_LATTICES.find((l) => l === sub?.lattice);
  // A substitute map (core/derive substitute-map.ts meta.substitute) names the slot it saves back to.
  const substitute =
    sub && typeof sub.terrain === 'string' && typeof sub.ratio === 'number' && lattice !== undefined ? { substitute: { terrain: sub.terrain, lattice, ratio: sub.ratio } } : {};
  return { id: s.id, name: s.name, kind: s.kind, size: formatSize(s.size), alform: s.alform, ...(s.meta.orientation === 'pointy' ? { orientation: 'pointy' as const } : {}), tileCount: s.tileCount, updatedAt: s.updatedAt, ...(derived ? { derived } : {}), ...substitute };
}
