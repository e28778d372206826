/**
 * How one map is shown, chosen by the designer and kept in the map's metadata so it comes
 * back with the project, and set on the open copy at once (exports print it). Neither is an
 * undo step: the terrain is unchanged.
 * - `maps.setNumbering`: the tile numbering (core/map/numbering.ts), `meta.numbering`;
 * - `maps.setLayers`: the layers' visibility and opacity (core/map/view-layers.ts), `meta.layers`.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { NUMBERING_NAMES, numberingSystems } from '../../core/map/numbering.js';
import { InputError } from '../../core/util/input-error.js';
import type { CurrentProject, Queue } from './collaborators.js';
import type { OpenMaps } from './open-maps.js';
import type { HandlersFor } from './router.js';

export interface MapViewDeps {
  readonly queue: Queue;
  readonly maps: Pick<OpenMaps, 'get'>;
  readonly session: CurrentProject;
}

export function mapViewService({ queue, maps, session }: MapViewDeps): HandlersFor<'maps.setNumbering' | 'maps.setLayers'> {
  return {
    'maps.setNumbering': ({ id, numbering }) =>
      queue.exclusive(() => {
        const open = maps.get(id);
        const fits = numberingSystems(open.map);
        if (numbering !== null && !fits.includes(numbering)) {
          const offered = fits.length ? fits.map((s) => `${s} (${NUMBERING_NAMES[s]})`).join(', ') : 'none (a globe has no printed numbering)';
          throw new InputError('argument', 'numbering', `"${numbering}" does not number a ${open.map.spec.kind} map; this one takes ${offered}`);
        }
        const meta = session.current().maps.setMetaKey(id, 'numbering', numbering ?? undefined);
        if (meta.numbering === undefined) delete open.map.meta.numbering;
        else open.map.meta.numbering = meta.numbering;
        return { numbering: meta.numbering ?? null };
      }),
    'maps.setLayers': ({ id, layers }) =>
      queue.exclusive(() => {
        const open = maps.get(id);
        const meta = session.current().maps.setMetaKey(id, 'layers', layers);
        open.map.meta.layers = meta.layers ?? {};
        return { layers: meta.layers ?? {} };
      }),
  };
}
