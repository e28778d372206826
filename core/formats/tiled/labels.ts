/**
 * The map's labels in a Tiled map (issue 30 item 1): an object layer "Sandtable labels"
 * (property `sandtable` = `labels`) of text objects, one per label, that Tiled shows in place
 * (its text, size, bold or italic, colour and turn) and a re-import reads back exactly.
 *
 * As with the linear terrain layer (linear.ts), the properties are what the import reads —
 * `id`, `style`, `size`, `rotation` and `anchor` (the anchor's JSON, in the exported map's own
 * tiles and model units: an AL-FORM map comes back as the same AL-FORM map, so its indices
 * hold) — and the object's place is for seeing it in Tiled: the text box is centred on the
 * Tiled cell of the area tile the label sits on, shifted by the label's offset from that
 * tile's centre (moving it in Tiled changes nothing).
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { TerrainMap } from '../../map/terrain-map.js';
import type { MapLabel } from '../../map/labels.js';
import { areaAcross, labelsToJson, placeLabel, readLabels } from '../../map/labels.js';
import { tileClasses } from '../../alform/tile-classes.js';
import { areaTileAt } from '../../alform/area-pick.js';
import { LABEL_LOOKS } from '../../map/label-look.js';
import { InputError } from '../../util/input-error.js';
import { parseJsonText } from '../../util/json-text.js';
import { quoted } from '../../util/bounded.js';
import type { TiledObject, TiledObjectGroup, TiledProperty } from './types.js';
import { LABELS_LAYER_VALUE, SANDTABLE_LAYER_PROPERTY } from './objects.js';

export const LABELS_LAYER_NAME = 'Sandtable labels';

/** Where the exported map's cells are in Tiled's pixels. */
export interface LabelCells {
  /** An area tile of the map being exported → the Tiled pixel centre of its cell. */
  readonly centreOf: (areaTile: number) => readonly [number, number];
  readonly tilewidth: number;
  readonly tileheight: number;
}

const prop = (name: string, value: string | number): TiledProperty => (typeof value === 'string' ? { name, type: 'string', value } : { name, type: 'float', value });

/** The text objects of `source`'s labels (AL-FORM or classic), or null when it has none. */
export function labelObjectGroup(source: TerrainMap, cells: LabelCells): TiledObjectGroup | null {
  if (!source.labels.length || source.grid.modelDimensions !== 2) return null;
  const classes = source.spec.alform ? tileClasses(source.grid) : null;
  const unit = areaAcross(source);
  const objects = labelsToJson(source.labels).map((label, k): TiledObject => {
    const p = placeLabel(source, label);
    const tile = areaTileAt(source.grid, classes, source.grid.pick([p.x, p.y]), [p.x, p.y]);
    let [px, py] = [0, 0];
    if (tile >= 0) {
      const c = source.grid.center(tile);
      const [cx, cy] = cells.centreOf(tile);
      // Model y runs up, Tiled's down.
      px = cx + ((p.x - c[0]!) / unit) * cells.tilewidth;
      py = cy - ((p.y - c[1]!) / unit) * cells.tileheight;
    }
    const look = LABEL_LOOKS[label.style];
    const pixelsize = Math.max(4, Math.round(label.size * cells.tileheight));
    const width = Math.ceil(label.text.length * pixelsize * 0.62) + 4;
    const height = Math.ceil(pixelsize * 1.3);
    return {
      id: k + 1,
      name: label.text,
      type: `label-${label.style}`,
      x: px - width / 2,
      y: py - height / 2,
      width,
      height,
      ...(p.angle !== 0 ? { rotation: (-p.angle * 180) / Math.PI } : {}),
      text: { text: label.text, pixelsize, bold: look.bold, italic: look.italic, color: look.fill, fontfamily: look.family },
      properties: [prop('id', label.id), prop('style', label.style), prop('size', label.size), prop('rotation', label.rotation), prop('anchor', JSON.stringify(label.anchor))],
    };
  });
  return { name: LABELS_LAYER_NAME, properties: [{ name: SANDTABLE_LAYER_PROPERTY, type: 'string', value: LABELS_LAYER_VALUE }], objects };
}

/** The labels of a "Sandtable labels" layer, checked against `map` (the map as finally imported). */
export function readLabelObjects(map: TerrainMap, group: TiledObjectGroup, source: string): MapLabel[] {
  const list = group.objects.map((o) => {
    const where = `object layer ${quoted(group.name)}, object ${o.id}`;
    const get = (name: string): string | number => {
      const p = o.properties.find((q) => q.name === name);
      if (!p || (typeof p.value !== 'string' && typeof p.value !== 'number')) throw new InputError(source, where, `expected a property ${quoted(name)}`);
      return p.value;
    };
    return {
      id: get('id'),
      text: o.text?.text ?? o.name,
      anchor: parseJsonText(String(get('anchor')), `${source}: ${where}, property "anchor"`),
      style: get('style'),
      size: Number(get('size')),
      rotation: Number(get('rotation')),
    };
  });
  return readLabels(list, map.grid, source, `object layer ${quoted(group.name)}`);
}
