/**
 * Writing a terrain catalogue back to JSON text, in one canonical form (fixed key order,
 * short records on one line) so that a catalogue file diffs well under version control and
 * `serializeCatalogue(parseCatalogue(text))` reproduces a canonical file byte for byte.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

import { networkFieldsToJson } from './network.js';
import { parseCatalogue } from './parse.js';
import type { ElevationStep, Terrain, TerrainCatalogue, TransitionBand, TransitionRule } from './types.js';

/** Records whose one-line form fits this width stay on one line. */
const LINE_WIDTH = 120;

/**
 * The catalogue as plain JSON data in canonical key order. The output is validated, so a
 * hand-built catalogue that breaks a rule fails here rather than in the next reader.
 */
export function catalogueToJson(catalogue: TerrainCatalogue): unknown {
  const json = {
    format: catalogue.format,
    version: catalogue.version,
    name: catalogue.name,
    ...(catalogue.description === undefined ? {} : { description: catalogue.description }),
    modes: catalogue.modes.map((m) => ({ id: m.id, name: m.name, ...(m.description === undefined ? {} : { description: m.description }) })),
    terrains: catalogue.terrains.map((t) => terrainToJson(t, catalogue)),
    transitions: catalogue.transitions.map(transitionToJson),
    composites: catalogue.composites.map((c) => ({ pair: [c.pair[0], c.pair[1]], result: c.result })),
    linearPriority: [...catalogue.linearPriority],
  };
  parseCatalogue(json, 'serializeCatalogue');
  return json;
}

export function serializeCatalogue(catalogue: TerrainCatalogue): string {
  return `${format(catalogueToJson(catalogue), '')}\n`;
}

function terrainToJson(t: Terrain, catalogue: TerrainCatalogue): unknown {
  const classProps =
    t.class === 'area'
      ? { blocksSightThrough: t.blocksSightThrough, ...(t.streets === undefined ? {} : { streets: t.streets }) }
      : { width: t.width, blocksSightAcross: t.blocksSightAcross, blocksSightAlong: t.blocksSightAlong, ...networkFieldsToJson(t) };
  const movement: Record<string, unknown> = {};
  for (const m of catalogue.modes) {
    const rule = t.movement[m.id];
    movement[m.id] = rule === undefined ? undefined : { cost: rule.cost, playable: rule.playable };
  }
  return {
    id: t.id,
    class: t.class,
    name: t.name,
    colour: t.colour,
    ...(t.secondaryColour === undefined ? {} : { secondaryColour: t.secondaryColour }),
    ...(t.pattern === undefined ? {} : { pattern: t.pattern }),
    humanCurated: t.humanCurated,
    elevationOffset: t.elevationOffset,
    height: t.height,
    cover: t.cover,
    concealment: t.concealment,
    ...classProps,
    movement,
    ...(t.reorderable === undefined ? {} : { reorderable: t.reorderable }),
    ...(t.interchangeable === undefined ? {} : { interchangeable: [...t.interchangeable] }),
  };
}

function transitionToJson(rule: TransitionRule): unknown {
  const side = (s: string | readonly string[]): unknown => (typeof s === 'string' ? s : [...s]);
  return {
    between: [side(rule.between[0]), side(rule.between[1])],
    band: bandToJson(rule.band),
    ...(rule.edge === undefined ? {} : { edge: rule.edge }),
    width: rule.width,
  };
}

function bandToJson(band: TransitionBand): unknown {
  const fill = (f: ElevationStep['terrain']): unknown => (typeof f === 'string' ? f : f.map((w) => ({ terrain: w.terrain, weight: w.weight })));
  if (typeof band === 'object' && 'byElevation' in band) {
    return {
      byElevation: band.byElevation.map((s) => ({
        ...(s.below === undefined ? {} : { below: s.below }),
        terrain: fill(s.terrain),
        ...(s.edge === undefined ? {} : { edge: s.edge }),
      })),
    };
  }
  return fill(band);
}

/**
 * JSON with two-space indents. An array or object whose line fits in LINE_WIDTH stays on
 * one line; a long list of plain values (ids) wraps like prose instead of one per line.
 */
function format(value: unknown, indent: string, prefix = 0): string {
  const line = flat(value);
  if (value === null || typeof value !== 'object' || indent.length + prefix + line.length <= LINE_WIDTH) return line;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object')) return wrap(value.map(flat), inner, indent);
    return `[\n${value.map((v) => inner + format(v, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${format(v, inner, JSON.stringify(k).length + 2)}`).join(',\n')}\n${indent}}`;
}

/** One-line JSON with a space after each colon and comma, as people write it. */
function flat(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(flat).join(', ')}]`;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${flat(v)}`).join(', ')} }`;
}

function wrap(items: readonly string[], inner: string, indent: string): string {
  const lines: string[] = [];
  let current = '';
  for (const item of items) {
    if (current !== '' && inner.length + current.length + item.length + 2 > LINE_WIDTH) {
      lines.push(current);
      current = '';
    }
    current = current === '' ? item : `${current}, ${item}`;
  }
  lines.push(current);
  return `[\n${lines.map((l) => inner + l).join(',\n')}\n${indent}]`;
}
