/**
 * The JSON form of a copied region (region.ts): what the renderer's clipboard sends with a
 * paste. It crosses a trust boundary (renderer → main process), so reading it checks every
 * field and names the place of the first bad one in one line.
 *
 * ```json
 * { "format": "sandtable-region", "version": 1, "kind": "hex-rectangle", "alform": true,
 *   "translation": "axial120", "palette": ["forest", "river"],
 *   "steps": [0, 0, 1, 0, …], "values": [1, 2, …], "edges": [] }
 * ```
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { GRID_KINDS } from '../grid/types.js';
import { JsonReader } from '../util/input-error.js';
import { MAX_PALETTE } from './terrain-map.js';
import type { Region, RegionTranslation } from './region.js';
import { MAX_REGION_TILES } from './region.js';
import { REGION_NETWORK_STRIDE } from './region-networks.js';
import { connectionKind, isConnectionCode } from './network-code.js';

export const REGION_FORMAT = 'sandtable-region';
export const REGION_VERSION = 1;

export interface RegionJson {
  format: typeof REGION_FORMAT;
  version: typeof REGION_VERSION;
  kind: Region['kind'];
  alform: boolean;
  translation: RegionTranslation;
  palette: string[];
  steps: number[];
  values: number[];
  edges: number[];
  /** Four numbers a through-tile connection (region-networks.ts); absent when none. */
  networks?: number[];
}

export function regionToJson(region: Region): RegionJson {
  return {
    format: REGION_FORMAT,
    version: REGION_VERSION,
    kind: region.kind,
    alform: region.alform,
    translation: region.translation,
    palette: [...region.palette],
    steps: Array.from(region.steps),
    values: Array.from(region.values),
    edges: Array.from(region.edges),
    ...(region.networks?.length ? { networks: Array.from(region.networks) } : {}),
  };
}

const TRANSLATIONS: readonly RegionTranslation[] = ['cartesian', 'axial120', 'walk'];
/** Offsets beyond this reach no map (the largest side is far smaller). */
const MAX_OFFSET = 1 << 24;

/** Reads a region from untrusted JSON; errors say `source: $.values[3]: expected …`. */
export function regionFromJson(value: unknown, source = 'region', root = '$'): Region {
  const r = new JsonReader(source);
  const o = r.object(value, root);
  r.onlyKeys(o, root, ['format', 'version', 'kind', 'alform', 'translation', 'palette', 'steps', 'values', 'edges', 'networks']);
  r.oneOf(o.format, `${root}.format`, [REGION_FORMAT]);
  r.integer(o.version, `${root}.version`, REGION_VERSION, REGION_VERSION);
  const kind = r.oneOf(o.kind, `${root}.kind`, GRID_KINDS);
  const alform = r.boolean(o.alform, `${root}.alform`);
  const translation = r.oneOf(o.translation, `${root}.translation`, TRANSLATIONS);
  const want: RegionTranslation = kind === 'icosahedron' ? 'walk' : kind === 'square' ? 'cartesian' : 'axial120';
  if (translation !== want) r.fail(`${root}.translation`, `"${want}" for a ${kind} region`, translation);
  const paletteList = r.array(o.palette, `${root}.palette`);
  if (paletteList.length > MAX_PALETTE) r.fail(`${root}.palette`, `at most ${MAX_PALETTE} terrains`, paletteList);
  const palette = paletteList.map((id, k) => {
    const s = r.string(id, `${root}.palette[${k}]`);
    if (!/^[a-z0-9-]{1,100}$/.test(s)) r.fail(`${root}.palette[${k}]`, 'a terrain id (a-z, 0-9, -)', s);
    return s;
  });
  const valueList = r.array(o.values, `${root}.values`);
  if (valueList.length === 0 || valueList.length > MAX_REGION_TILES) r.fail(`${root}.values`, `1…${MAX_REGION_TILES} cells`, valueList);
  const n = valueList.length;
  const values = new Int16Array(n);
  valueList.forEach((v, k) => (values[k] = r.integer(v, `${root}.values[${k}]`, translation === 'walk' ? -1 : 0, palette.length)));
  const stepList = r.array(o.steps, `${root}.steps`);
  if (stepList.length !== 2 * n) r.fail(`${root}.steps`, `${2 * n} numbers (two a cell)`, stepList);
  const steps = new Int32Array(2 * n);
  for (let k = 0; k < n; k++) {
    if (translation === 'walk') {
      // Parents come first: cell 0 is the anchor (parent −1), every other cell's parent is an earlier cell.
      steps[2 * k] = r.integer(stepList[2 * k], `${root}.steps[${2 * k}]`, k === 0 ? -1 : 0, k === 0 ? -1 : k - 1);
      steps[2 * k + 1] = r.integer(stepList[2 * k + 1], `${root}.steps[${2 * k + 1}]`, 0, 5);
    } else {
      steps[2 * k] = r.integer(stepList[2 * k], `${root}.steps[${2 * k}]`, -MAX_OFFSET, MAX_OFFSET);
      steps[2 * k + 1] = r.integer(stepList[2 * k + 1], `${root}.steps[${2 * k + 1}]`, -MAX_OFFSET, MAX_OFFSET);
    }
  }
  const edgeList = r.array(o.edges, `${root}.edges`);
  if (edgeList.length % 3 !== 0 || edgeList.length > 12 * n) r.fail(`${root}.edges`, 'three numbers an edge (cell, direction, value)', edgeList);
  if (alform && edgeList.length) r.fail(`${root}.edges`, 'no edges on an AL-FORM region (its linear terrain is on linear tiles)', edgeList);
  const edges = new Int32Array(edgeList.length);
  for (let e = 0; e < edgeList.length; e += 3) {
    edges[e] = r.integer(edgeList[e], `${root}.edges[${e}]`, 0, n - 1);
    edges[e + 1] = r.integer(edgeList[e + 1], `${root}.edges[${e + 1}]`, 0, 7);
    edges[e + 2] = r.integer(edgeList[e + 2], `${root}.edges[${e + 2}]`, 0, palette.length);
  }
  const networks = o.networks === undefined ? new Int32Array(0) : readNetworks(r, o.networks, `${root}.networks`, n, palette.length);
  return { kind, alform, translation, palette, steps, values, edges, networks };
}

/** Four numbers a connection: a cell, a connection code whose kind is a palette value, the cells across its ports (−1: none). */
function readNetworks(r: JsonReader, value: unknown, at: string, cells: number, paletteSize: number): Int32Array {
  const list = r.array(value, at);
  if (list.length % REGION_NETWORK_STRIDE !== 0 || list.length > REGION_NETWORK_STRIDE * 32 * cells) r.fail(at, `four numbers a connection (cell, code, cell across a, cell across b), at most ${32 * cells} connections`, list);
  const out = new Int32Array(list.length);
  for (let i = 0; i < list.length; i += REGION_NETWORK_STRIDE) {
    out[i] = r.integer(list[i], `${at}[${i}]`, 0, cells - 1);
    const code = r.integer(list[i + 1], `${at}[${i + 1}]`, 0, (1 << 18) - 1);
    if (!isConnectionCode(code) || connectionKind(code) > paletteSize) r.fail(`${at}[${i + 1}]`, `a network connection code whose kind is a palette value 1…${paletteSize}`, code);
    out[i + 1] = code;
    out[i + 2] = r.integer(list[i + 2], `${at}[${i + 2}]`, -1, cells - 1);
    out[i + 3] = r.integer(list[i + 3], `${at}[${i + 3}]`, -1, cells - 1);
  }
  return out;
}
