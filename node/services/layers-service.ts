/**
 * `maps.setLayers`: the layers' visibility and opacity a designer chooses for one map
 * (core/map/view-layers.ts), stored in the map's metadata (`meta.layers`) so they come back
 * with the project, and set on the open copy. Not an undo step: the map is unchanged.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { CurrentProject, Queue } from './collaborators.js';
import type { OpenMaps } from './open-maps.js';
import type { HandlersFor } from './router.js';

export interface LayersDeps {
  readonly queue: Queue;
  readonly maps: Pick<OpenMaps, 'get'>;
  readonly session: CurrentProject;
}

export function layersService({ queue, maps, session }: LayersDeps): HandlersFor<'maps.setLayers'> {
  return {
    'maps.setLayers': ({ id, layers }) =>
      queue.exclusive(() => {
        const open = maps.get(id);
        const meta = session.current().maps.setMetaKey(id, 'layers', layers);
        open.map.meta.layers = meta.layers ?? {};
        return { layers: meta.layers ?? {} };
      }),
  };
}
