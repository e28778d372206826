/**
 * Rails `Map.xml` → a board of preprinted hexes (SPEC §9): `<Map tileOrientation
 * letterOrientation even>` and `<Hex name tile orientation cost label city value
 * impassable>`, with `<IfOption>` variants expanded (options.ts).
 *
 * `impassable` lists the neighbouring hexes across an impassable hexside. We turn each into
 * a side number with Rails' own neighbour table (MapOrientation: the (row, column) step for
 * each side) and record it on both hexes, because a hexside belongs to both — Rails stores
 * it on the hex that names it only.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError } from '../../util/input-error.js';
import type { XmlElement } from '../../util/xml.js';
import { XmlReader, parseXml } from '../../util/xml.js';
import type { Board, BoardHex, BoardOrientation } from '../../track/types.js';
import { readBoard } from '../../track/validate.js';
import type { RailsOptions } from './options.js';
import { activeChildren, effectiveOptions, splitList } from './options.js';
import { quoted } from '../../util/bounded.js';

export interface RailsMapOptions {
  readonly options?: RailsOptions;
  /** The game's option defaults (GameOptions.xml, options.ts parseRailsGameOptions). */
  readonly defaults?: Readonly<Record<string, string>>;
  /** Ids of the tiles known from Tiles.xml; when given, every preprinted tile must be one of them. */
  readonly knownTiles?: ReadonlySet<string>;
}

/** Rails MapOrientation: (row, column) step to the neighbour across side 0…5. */
const STEPS: Record<BoardOrientation, { row: readonly number[]; col: readonly number[] }> = {
  NS: { row: [2, 1, -1, -2, -1, 1], col: [0, -1, -1, 0, 1, 1] },
  EW: { row: [1, 0, -1, -1, 0, 1], col: [-1, -2, -1, 1, 2, 1] },
};

// "@" is the row before A (Rails: letter − '@'; 1851 names Cincinnati "@18").
const RAILS_NAME = /^(@|[A-Z]{1,2})(-?\d{1,3})$/;

export function parseRailsMap(text: string, source: string, opts: RailsMapOptions = {}): Board {
  const root = parseXml(text, source);
  const r = new XmlReader(source);
  r.expectRoot(root, 'Map', 'a Rails board (Map.xml)');
  const orientation = r.oneOf(root, 'tileOrientation', ['EW', 'NS'] as const);
  const letterOrientation = r.oneOf(root, 'letterOrientation', ['vertical', 'horizontal'] as const);
  const evenText = r.string(root, 'even').trim().toUpperCase();
  if (!/^[A-Z]$/.test(evenText)) r.fail(root, 'even', `expected the letter whose hexes carry even numbers, e.g. "A" or "B", got ${JSON.stringify(evenText)}`);
  // Only the parity of the letter matters (Rails: (even − 'A') % 2).
  const even = (evenText.charCodeAt(0) - 65) % 2 === 0 ? 'A' : 'B';
  const options = effectiveOptions(root, opts.options, opts.defaults);

  const hexes = new Map<string, ParsedHex>();
  for (const el of activeChildren(root, options, r)) {
    if (el.name !== 'Hex') continue;
    const parsed = readHex(el, r, opts.knownTiles, hexes);
    hexes.set(parsed.hex.name, parsed);
  }
  markImpassable(hexes, orientation, letterOrientation, r);
  const board: Board = { orientation, letterOrientation, even, hexes: [...hexes.values()].map((h) => h.hex) };
  try {
    return readBoard(board, source);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(source, root.where(), `board ${e.where}: ${e.expected}`);
    throw e;
  }
}

type MutableHex = { -readonly [K in keyof BoardHex]: BoardHex[K] };

/** A hex as read, with its element (for errors) and the neighbours it names across impassable sides. */
interface ParsedHex {
  readonly hex: MutableHex;
  readonly el: XmlElement;
  readonly impassable: string[];
}

/** One `<Hex>`; `hexes` are those read before it (each name once). */
function readHex(el: XmlElement, r: XmlReader, knownTiles: ReadonlySet<string> | undefined, hexes: ReadonlyMap<string, ParsedHex>): ParsedHex {
  const name = r.string(el, 'name').trim();
  if (!RAILS_NAME.test(name)) r.fail(el, 'name', `expected a hex name such as "A19" or "@18" (letters, then a number), got ${JSON.stringify(name)}`);
  const prev = hexes.get(name);
  if (prev) r.fail(el, 'name', `expected each hex once; ${name} is already defined at line ${prev.el.line}`);
  // Rails reduces the orientation mod 6 (HexSide.get); 1880 writes orientation="6".
  const rotation = ((r.int(el, 'orientation', -1_000_000, 1_000_000, 0) % 6) + 6) % 6;
  const hex: MutableHex = { name, rotation, impassableSides: [] };
  const tile = el.attr('tile');
  if (tile !== undefined) {
    const id = tile.trim();
    if (!/^-?\d+$/.test(id)) r.fail(el, 'tile', `expected an integer tile id, got ${JSON.stringify(tile)}`);
    if (knownTiles && !knownTiles.has(id)) r.fail(el, 'tile', `expected the id of a tile in Tiles.xml, got ${quoted(id)}`);
    hex.tileId = id;
  }
  // A list by the colour of the tile already there (Rails MapHex.tileCost); "" is no cost.
  const costText = el.attr('cost');
  if (costText !== undefined && costText.trim() !== '') {
    const costs = splitList(costText).map((v) => {
      if (!/^\d{1,7}$/.test(v)) r.fail(el, 'cost', `expected a cost or costs by tile colour such as "80" or "120,60", got ${quoted(costText)}`);
      return Number(v);
    });
    hex.cost = costs[0]!;
    if (costs.length > 1) hex.costs = costs;
  }
  const label = el.attr('label')?.trim();
  if (label) hex.label = label;
  const city = el.attr('city')?.trim();
  if (city) hex.city = city;
  const value = el.attr('value');
  if (value !== undefined) {
    hex.revenues = splitList(value).map((v) => {
      if (!/^\d{1,6}$/.test(v)) r.fail(el, 'value', `expected revenues such as "30,50", got ${JSON.stringify(value)}`);
      return Number(v);
    });
  }
  return { hex, el, impassable: splitList(el.attr('impassable') ?? '') };
}

/** Turns each hex's impassable neighbours into side numbers, recorded on both hexes of the side. */
function markImpassable(hexes: ReadonlyMap<string, ParsedHex>, orientation: BoardOrientation, letterOrientation: 'vertical' | 'horizontal', r: XmlReader): void {
  const steps = STEPS[orientation];
  const rowCol = (name: string): [number, number] => {
    const m = RAILS_NAME.exec(name)!;
    const letters = m[1]!;
    const letter = letters === '@' ? 0 : letters.length === 1 ? letters.charCodeAt(0) - 64 : 26 + letters.charCodeAt(1) - 64;
    const number = Number(m[2]);
    return letterOrientation === 'vertical' ? [letter, number] : [number, letter];
  };
  const addSide = (hex: { impassableSides: readonly number[] }, side: number) => {
    if (!hex.impassableSides.includes(side)) (hex as { impassableSides: number[] }).impassableSides = [...hex.impassableSides, side].sort((a, b) => a - b);
  };
  for (const { hex, el, impassable } of hexes.values()) {
    const [row, col] = rowCol(hex.name);
    for (const other of impassable) {
      if (!RAILS_NAME.test(other)) r.fail(el, 'impassable', `expected neighbouring hex names such as "C17", got ${JSON.stringify(other)}`);
      const [orow, ocol] = rowCol(other);
      const side = steps.row.findIndex((dr, k) => row + dr === orow && col + steps.col[k]! === ocol);
      if (side < 0) r.fail(el, 'impassable', `expected hexes adjoining ${hex.name}; ${other} is not next to it on a ${orientation} board`);
      addSide(hex, side);
      const nb = hexes.get(other);
      if (nb) addSide(nb.hex, (side + 3) % 6);
    }
  }
}
