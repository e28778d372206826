/**
 * Coordinate forms of other tools, offered by `--coords` on hex maps: core/coords/forms.ts
 * lists them (Red Blob, Tiled, Wesnoth, 18xx); this only reads them from and writes them to
 * the command line's text.
 */
import type { Grid } from '../core/grid/types.js';
import { coordForms } from '../core/coords/index.js';
import { parseCoord } from './args.js';

export interface ExternalForm {
  readonly name: string;
  decode(text: string): number;
  encode(tile: number): number[] | string;
}

const pair = (text: string): [number, number] => {
  const c = parseCoord(text);
  if (c.length !== 2) throw new Error(`expected two numbers, got "${text}"`);
  return [c[0]!, c[1]!];
};

export function externalForms(grid: Grid): ExternalForm[] {
  return coordForms(grid).map((form) =>
    form.kind === 'pair'
      ? { name: form.name, decode: (text) => form.toTile(pair(text)), encode: (tile) => [...form.fromTile(tile)] }
      : { name: form.name, decode: (text) => form.toTile(text), encode: (tile) => form.fromTile(tile) },
  );
}
