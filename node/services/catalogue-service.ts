/**
 * The catalogue service (`catalogue.*`, SPEC §4, §7): the terrain catalogue in use and its
 * substitute maps, kept in the app's library (user-library.ts). A change is validated by
 * core (parseCatalogue for a whole catalogue, applyCatalogueEdits for an edit list — the one
 * home of the catalogue's rules), written in one library transaction, and is one step of the
 * catalogue's undo history; open maps and analysis follow it (OpenMap rebuilds what it built
 * from the old catalogue) and the renderer is told (`catalogue.changed`).
 *
 * Substitutes are library maps: `catalogue.openSubstitute` copies a slot's map into the
 * project, where it is edited like any map, and `catalogue.saveSubstitute` writes it back into
 * the slot; the library's substitutes generation moves, so derived maps that used it go stale
 * (derived-status.ts) and `maps.derive` derives them again.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { CatalogueState, OperationName, Results, SubstituteEntry } from '../../contract/contract.js';
import type { TerrainCatalogue } from '../../core/terrain/catalogue.js';
import { applyCatalogueEdits, catalogueToJson, parseCatalogue, serializeCatalogue } from '../../core/terrain/catalogue.js';
import { substituteFromMap, substituteMapMeta } from '../../core/derive/substitutes/substitute-map.js';
import { InputError } from '../../core/util/input-error.js';
import type { SubstituteSlot } from '../store/index.js';
import { defaultSubstituteMapId } from '../store/index.js';
import type { AppLibrary, CurrentCatalogue, ProjectAnnouncer, Queue } from './collaborators.js';
import type { DerivedStatus } from './derived-status.js';
import type { EventHub } from './events.js';
import type { OpenMaps } from './open-maps.js';
import type { ProjectSession } from './project-session.js';
import type { HandlersFor } from './router.js';
import { APP_CATALOGUE_ID, putAppCatalogue } from './user-library.js';

export type CatalogueOperation = Extract<OperationName, `catalogue.${string}`>;

/** Undo steps kept (a session's worth of catalogue edits; each holds one catalogue). */
export const CATALOGUE_HISTORY_LIMIT = 100;

/** A catalogue as it was, with its substitute slots (a removed terrain's come back on undo). */
interface Snapshot {
  readonly catalogue: TerrainCatalogue;
  readonly slots: readonly SubstituteSlot[];
}

export interface CatalogueDeps {
  readonly queue: Queue;
  readonly catalogue: CurrentCatalogue;
  /** Makes `next` the catalogue in use for the services (the library is written here first): open maps rebuild their analysis. */
  useCatalogue(next: TerrainCatalogue): void;
  /** Keeps the catalogue and its substitute slots. */
  readonly library: AppLibrary;
  readonly events: Pick<EventHub, 'emit'>;
  readonly announcer: Pick<ProjectAnnouncer, 'announceProject'>;
  readonly session: Pick<ProjectSession, 'isOpen' | 'current'>;
  readonly maps: Pick<OpenMaps, 'projectInfo' | 'payload' | 'store' | 'get' | 'summary'>;
  readonly status: Pick<DerivedStatus, 'summaries'>;
}

export function catalogueService(deps: CatalogueDeps): HandlersFor<CatalogueOperation> {
  const past: Snapshot[] = [];
  const future: Snapshot[] = [];
  const state = (): CatalogueState => ({ catalogue: catalogueToJson(deps.catalogue()), canUndo: past.length > 0, canRedo: future.length > 0 });
  const snapshot = (): Snapshot => ({ catalogue: deps.catalogue(), slots: deps.library().library.substitutes.list({ catalogueId: APP_CATALOGUE_ID }) });

  /** Makes `next` the catalogue in use everywhere, then tells the renderer. */
  const use = (next: Snapshot): void => {
    checkMapsKeepTheirTerrains(deps, next.catalogue);
    putAppCatalogue(deps.library(), next.catalogue, next.slots);
    deps.useCatalogue(next.catalogue);
  };
  const announce = async (): Promise<CatalogueState> => {
    const s = state();
    deps.events.emit({ type: 'catalogue.changed', ...s });
    await deps.announcer.announceProject();
    return s;
  };
  const step = (from: Snapshot[], to: Snapshot[], what: string) =>
    deps.queue
      .exclusive(() => {
        const target = from.at(-1);
        if (!target) throw new Error(`nothing to ${what} in the catalogue`);
        const now = snapshot();
        use(target);
        from.pop();
        to.push(now);
      })
      .then(announce);

  return {
    'catalogue.get': () => catalogueToJson(deps.catalogue()),
    'catalogue.state': () => state(),
    'catalogue.update': ({ catalogue, edits }) =>
      deps.queue
        .exclusive(() => {
          if ((catalogue === undefined) === (edits === undefined)) {
            throw new InputError('catalogue.update', '$', 'expected either "catalogue" (the whole catalogue) or "edits" (a list of edits), not both or neither');
          }
          const current = deps.catalogue();
          const next = catalogue !== undefined ? parseCatalogue(catalogue, 'catalogue') : applyCatalogueEdits(current, edits, 'edits');
          if (serializeCatalogue(next) === serializeCatalogue(current)) return false;
          const before = snapshot();
          use({ catalogue: next, slots: [] });
          past.push(before);
          if (past.length > CATALOGUE_HISTORY_LIMIT) past.shift();
          future.length = 0;
          return true;
        })
        .then((changed) => (changed ? announce() : state())),
    'catalogue.undo': () => step(past, future, 'undo'),
    'catalogue.redo': () => step(future, past, 'redo'),
    'catalogue.substitutes': ({ terrain }) => deps.queue.exclusive(() => substituteEntries(deps, terrain)),
    'catalogue.openSubstitute': ({ terrain, lattice, ratio }) => deps.queue.exclusive(() => openSubstitute(deps, { terrain, lattice, ratio })),
    'catalogue.saveSubstitute': async ({ id }) => {
      const result = await deps.queue.exclusive(() => saveSubstitute(deps, id));
      await deps.announcer.announceProject();
      return result;
    },
  };
}

/**
 * A catalogue that drops a terrain the project's maps still paint would leave them
 * undrawable: refused, naming a map, until the designer repaints it.
 */
function checkMapsKeepTheirTerrains(deps: CatalogueDeps, next: TerrainCatalogue): void {
  if (!deps.session.isOpen) return;
  const known = new Set(next.terrains.map((t) => t.id));
  const removed = deps.catalogue().terrains.filter((t) => !known.has(t.id)).map((t) => t.id);
  if (removed.length === 0) return;
  for (const m of deps.session.current().maps.list({ limit: 10_000 })) {
    const used = removed.find((t) => m.palette.includes(t));
    if (used !== undefined) throw new Error(`cannot remove terrain "${used}": map "${m.name}" uses it (repaint it there first)`);
  }
}

type Slot = Pick<SubstituteEntry, 'terrain' | 'lattice' | 'ratio'>;
const sameSlot = (a: Slot, b: Slot) => a.terrain === b.terrain && a.lattice === b.lattice && a.ratio === b.ratio;

/** The project map holding an open copy of each slot, by slot. */
function openCopies(deps: CatalogueDeps): { slot: Slot; id: string }[] {
  if (!deps.session.isOpen) return [];
  const out: { slot: Slot; id: string }[] = [];
  for (const m of deps.maps.projectInfo().maps) if (m.substitute) out.push({ slot: m.substitute, id: m.id });
  return out;
}

function substituteEntries(deps: CatalogueDeps, terrain?: string): SubstituteEntry[] {
  const { library } = deps.library();
  const copies = openCopies(deps);
  const slots = library.substitutes.list({ catalogueId: APP_CATALOGUE_ID, ...(terrain ? { terrainId: terrain } : {}) });
  return slots.map((s) => {
    const slot = { terrain: s.terrainId, lattice: s.lattice, ratio: s.ratio };
    return { ...slot, mapId: s.mapId, name: library.maps.get(s.mapId)?.name ?? s.mapId, openAs: copies.find((c) => sameSlot(c.slot, slot))?.id ?? null };
  });
}

function openSubstitute(deps: CatalogueDeps, slot: Slot): Results['catalogue.openSubstitute'] {
  const open = openCopies(deps).find((c) => sameSlot(c.slot, slot));
  if (open) return deps.maps.payload(open.id);
  const { library } = deps.library();
  const mapId = library.substitutes.get(APP_CATALOGUE_ID, slot.terrain, slot.lattice, slot.ratio);
  if (mapId === null) throw new InputError('catalogue.openSubstitute', 'terrain', `terrain "${slot.terrain}" has no ${slot.lattice} 1:${slot.ratio} substitute in the catalogue in use`);
  const map = library.maps.load(mapId);
  const name = library.maps.get(mapId)?.name ?? `${slot.terrain} · ${slot.lattice} 1:${slot.ratio}`;
  return deps.maps.store(map, `${name} (substitute)`);
}

function saveSubstitute(deps: CatalogueDeps, id: string): Results['catalogue.saveSubstitute'] {
  const map = deps.maps.get(id).map;
  let slot: Slot;
  try {
    slot = substituteMapMeta(map);
    // The same checks a derivation makes when it reads the slot: shape, classes, known terrains.
    substituteFromMap(map, deps.catalogue());
  } catch (e) {
    throw new InputError('catalogue.saveSubstitute', 'id', `map "${deps.maps.summary(id).name}" cannot go into a substitute slot: ${(e as Error).message}`);
  }
  const before = new Set(staleMaps(deps));
  const user = deps.library();
  const { library } = user;
  const mapId = library.substitutes.get(APP_CATALOGUE_ID, slot.terrain, slot.lattice, slot.ratio) ?? defaultSubstituteMapId(APP_CATALOGUE_ID, slot.terrain, slot.lattice, slot.ratio);
  const name = library.maps.get(mapId)?.name ?? `${slot.terrain} · ${slot.lattice} 1:${slot.ratio}`;
  library.transaction(() => {
    library.maps.put(map, { id: mapId, name });
    library.substitutes.set({ catalogueId: APP_CATALOGUE_ID, terrainId: slot.terrain, lattice: slot.lattice, ratio: slot.ratio, mapId });
  });
  const stale = staleMaps(deps).filter((m) => !before.has(m));
  return { slot: { ...slot, mapId, name, openAs: id }, stale };
}

/** The project's derived maps that are stale now. */
function staleMaps(deps: CatalogueDeps): string[] {
  const out: string[] = [];
  for (const [id, d] of deps.status.summaries(deps.session.current())) if (d.stale) out.push(id);
  return out;
}
