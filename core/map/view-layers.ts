/**
 * The layers a map is shown in (issue 25, "nothing painted is ever hidden by an action"):
 * painted terrain (AL-FORM element A, area tiles), painted linear terrain (B, rivers and
 * roads on linear tiles), the vector drawing of placed tiles, the grid (tile borders), tile
 * numbers, labels and the analysis overlays. Each has a visibility and an opacity the
 * designer chooses per map; they are kept in the map's metadata (`meta.layers`), so they
 * come back with the project. Only the designer changes them: placing, assembling or any
 * edit leaves them as they are.
 *
 * Every layer starts visible at full opacity: a designer never has to find a switch to see
 * what they painted. Stored settings list only the layers set; the rest take the default.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { JsonReader } from '../util/input-error.js';

export const VIEW_LAYERS = ['terrain', 'linear', 'vector', 'grid', 'numbers', 'labels', 'analysis'] as const;
export type ViewLayer = (typeof VIEW_LAYERS)[number];

/** What the layers panel calls each layer. */
export const VIEW_LAYER_NAMES: Readonly<Record<ViewLayer, string>> = {
  terrain: 'Painted terrain',
  linear: 'Linear terrain',
  vector: 'Vector drawing',
  grid: 'Grid',
  numbers: 'Numbers',
  labels: 'Labels',
  analysis: 'Analysis',
};

export interface LayerSetting {
  readonly visible: boolean;
  /** 0 (see-through) … 1 (opaque). */
  readonly opacity: number;
}

export type ViewLayers = Readonly<Record<ViewLayer, LayerSetting>>;
/** What `meta.layers` stores: the layers the designer set. */
export type StoredViewLayers = Partial<Record<ViewLayer, LayerSetting>>;

export const DEFAULT_LAYER: LayerSetting = { visible: true, opacity: 1 };

/** Every layer visible and opaque. */
export const DEFAULT_VIEW_LAYERS: ViewLayers = Object.fromEntries(VIEW_LAYERS.map((k) => [k, DEFAULT_LAYER])) as Record<ViewLayer, LayerSetting>;

/** The settings a map shows in: its stored ones over the defaults. */
export function viewLayersOf(stored: StoredViewLayers | undefined): ViewLayers {
  const out: Record<ViewLayer, LayerSetting> = { ...DEFAULT_VIEW_LAYERS };
  for (const k of VIEW_LAYERS) {
    const s = stored?.[k];
    if (s) out[k] = { visible: s.visible, opacity: s.opacity };
  }
  return out;
}

/** `layers` with one layer changed (a new object; `layers` is left as it is). */
export function withLayer(layers: ViewLayers, layer: ViewLayer, change: Partial<LayerSetting>): ViewLayers {
  const next = { ...layers[layer], ...change };
  return { ...layers, [layer]: { visible: next.visible, opacity: Math.min(1, Math.max(0, next.opacity)) } };
}

/** Checked `meta.layers` from untrusted JSON (a map file, a database row); the error names the field. */
export function readViewLayers(value: unknown, source: string, path = '$.meta.layers'): StoredViewLayers {
  const r = new JsonReader(source);
  const o = r.object(value, path);
  r.onlyKeys(o, path, VIEW_LAYERS);
  const out: StoredViewLayers = {};
  for (const k of VIEW_LAYERS) {
    if (o[k] === undefined) continue;
    const at = `${path}.${k}`;
    const s = r.object(o[k], at);
    r.onlyKeys(s, at, ['visible', 'opacity']);
    out[k] = { visible: r.boolean(s.visible, `${at}.visible`), opacity: r.number(s.opacity, `${at}.opacity`, 0, 1) };
  }
  return out;
}
