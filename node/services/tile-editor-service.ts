/**
 * Saving what the vector tile editor drew (`tiles.save`, issue 13) into the app's library:
 * the tile's JSON text is read and validated by core (structure, then every element against
 * the app's catalogue), then stored with its allowed orientations and tags in one
 * transaction, replacing the tile of that id. The answer is what the library now holds.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import { parseJsonText } from '../../core/util/json-text.js';
import { InputError } from '../../core/util/input-error.js';
import { APP_CATALOGUE_ID } from './user-library.js';
import type { ServiceContext } from './context.js';
import type { HandlersFor } from './router.js';

export type TileEditorOperation = 'tiles.save';

export function tileEditorService(ctx: ServiceContext): HandlersFor<TileEditorOperation> {
  return {
    'tiles.save': ({ tile, orientations, tags }) =>
      ctx.queue.exclusive(() => {
        const json = parseJsonText(tile, 'tiles.save: $.tile');
        const vector = ctx.library().library.vector;
        try {
          const s = vector.put({ tile: json, ...(orientations ? { orientations } : {}), ...(tags ? { tags } : {}) }, { catalogueId: APP_CATALOGUE_ID });
          return { id: s.id, name: s.name, shape: s.shape, orientations: s.orientations, elements: s.elements };
        } catch (e) {
          if (e instanceof InputError) throw new InputError('tiles.save', '$.tile', e.message);
          throw e;
        }
      }),
  };
}
