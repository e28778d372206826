/**
 * Everyday editing (issue 14): pasting and cutting regions of terrain (core/map/region.ts;
 * classic ↔ AL-FORM by core/map/region-transfer.ts), each ONE undo step in the project's journal like any paint, and the maps as wholes —
 * rename, duplicate, resize with an anchor (core/map/resize.ts).
 *
 * Lineage stays sensible: a duplicate is a plain map (the copy was not derived by anyone);
 * a map with derived maps, or a derived map, is not resized — the derivation names tiles by
 * their index, which a resize renumbers — and the refusal says to resize a duplicate.
 * A resize builds the new map in memory and replaces the stored one as ONE undo step
 * (node/store document-edits.ts) in one transaction, so a failure anywhere leaves the map, its
 * history and the open copy as they were, and undo brings the old size back.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { MapPayload } from '../../contract/contract.js';
import { regionFromJson } from '../../core/map/region-json.js';
import { planClearRegion, planPasteRegion } from '../../core/map/region.js';
import { regionForMap } from '../../core/map/region-transfer.js';
import { planResize, resizeMap } from '../../core/map/resize.js';
import { parseSize } from '../../core/grid/size.js';
import { formatDesignerSize } from '../../core/map/tile-counts.js';
import { MAX_MAP_NAME } from '../../core/derive/options.js';
import { quoted } from '../../core/util/bounded.js';
import { edit } from './editing-service.js';
import type { CurrentCatalogue, CurrentProject, ProjectAnnouncer, Queue } from './collaborators.js';
import type { OpenMaps } from './open-maps.js';
import type { HandlersFor } from './router.js';

export type RegionsOperation = 'maps.rename' | 'maps.duplicate' | 'maps.resize' | 'maps.paste' | 'maps.cut';

export interface RegionsDeps {
  readonly queue: Queue;
  readonly maps: Pick<OpenMaps, 'get' | 'summary' | 'drop' | 'store' | 'payload'>;
  readonly session: CurrentProject;
  readonly catalogue: CurrentCatalogue;
  readonly announcer: ProjectAnnouncer;
}

export function regionsService(deps: RegionsDeps): HandlersFor<RegionsOperation> {
  // The catalogue is read on every call (catalogue()): catalogue.update replaces it.
  const { queue, maps, session, catalogue, announcer } = deps;
  return {
    'maps.rename': ({ id, name }) =>
      announcer.projectChange(() => {
        const trimmed = name.trim();
        if (!trimmed) throw new Error('a map needs a name that is not only spaces');
        if (!session.current().maps.rename(id, trimmed)) throw new Error(`no map with id "${id}" in this project`);
        maps.drop(id); // the open copy's meta holds the old name
      }),
    'maps.duplicate': async ({ id, name }) => {
      const payload = await queue.exclusive((): MapPayload => {
        const source = maps.get(id).map.clone();
        const newName = (name?.trim() || `${maps.summary(id).name} copy`).slice(0, MAX_MAP_NAME);
        if (typeof source.meta.name === 'string') source.meta = { ...source.meta, name: newName };
        return maps.store(source, newName);
      });
      await announcer.announceProject();
      return payload;
    },
    'maps.resize': async ({ id, size, anchor, fill, preview }) => {
      const result = await queue.exclusive(() => {
        const project = session.current();
        const summary = maps.summary(id);
        const map = maps.get(id).map;
        const target = parseSize(map.spec.kind, size);
        if (preview) {
          const plan = planResize(map, target, anchor);
          return { lost: plan.lost, lostPainted: plan.lostPainted, added: plan.added };
        }
        const children = project.derived.children(id);
        if (children.length) {
          throw new Error(`${children.length} map${children.length === 1 ? ' was' : 's were'} derived from ${quoted(summary.name)} and name its tiles by number; resize a duplicate of it instead`);
        }
        if (project.derived.get(id)) throw new Error(`${quoted(summary.name)} was derived from another map, and resizing would cut it loose from its derivation; resize a duplicate of it instead`);
        const { map: resized, plan } = resizeMap(map, catalogue(), target, anchor, fill ?? '');
        // One journal step replaces the rows (undo brings the old map back, and with it the history before); the open copy is read again after.
        project.documents.replaceMap(id, resized, `Resize to ${formatDesignerSize(resized.spec.kind, size, resized.spec.alform)}`);
        maps.drop(id);
        return { lost: plan.lost, lostPainted: plan.lostPainted, added: plan.added, map: maps.payload(id) };
      });
      if (!preview) await announcer.announceProject();
      return result;
    },
    'maps.paste': ({ id, region, anchor }) =>
      queue.exclusive(() => {
        const map = maps.get(id).map;
        // A classic region pastes into an AL-FORM map (and back) by the AL-FORM transfer rules.
        const plan = planPasteRegion(map, catalogue(), regionForMap(regionFromJson(region, 'maps.paste', '$.region'), map), anchor);
        return { ...edit(deps, id, plan, 'Paste'), placed: plan.placed, outside: plan.outside, misfits: plan.misfits };
      }),
    'maps.cut': ({ id, tiles }) => queue.exclusive(() => edit(deps, id, planClearRegion(maps.get(id).map, tiles), 'Cut')),
  };
}
