/**
 * Rails `TileSet.xml` → a game's tile manifest (SPEC §9 "a game has a tile manifest with
 * quantities"): `<Tile id quantity extId>` with `<Upgrade id="7,8,9" hex="…">` lists,
 * quantities overridden inside `<IfOption>` by `<Attributes quantity>` or bumped by
 * `quantityIncrement`. Quantity −1 means unlimited; a tile without a quantity is only
 * preprinted on the board (quantity 0). Upgrade `hex` lists restrict an upgrade to those
 * hexes; names with a leading "-" exclude hexes instead.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import { InputError } from '../../util/input-error.js';
import type { XmlElement } from '../../util/xml.js';
import { XmlReader, parseXml } from '../../util/xml.js';
import type { GameManifest, ManifestEntry, Upgrade } from '../../track/types.js';
import { HEX_NAME, readManifest } from '../../track/validate.js';
import type { RailsOptions } from './options.js';
import { activeChildren, effectiveOptions, splitList } from './options.js';
import { quoted } from '../../util/bounded.js';

export interface RailsTileSetOptions {
  /** The game's name, e.g. "1830" (Rails keeps it in the folder name, not the file). */
  readonly game: string;
  readonly options?: RailsOptions;
  /** The game's option defaults (GameOptions.xml, options.ts parseRailsGameOptions). */
  readonly defaults?: Readonly<Record<string, string>>;
  /** Ids of the tiles known from Tiles.xml; when given every id must be one of them. */
  readonly knownTiles?: ReadonlySet<string>;
}

export function parseRailsTileSet(text: string, source: string, opts: RailsTileSetOptions): GameManifest {
  const root = parseXml(text, source);
  const r = new XmlReader(source);
  r.expectRoot(root, 'TileManager', 'a Rails tile set (TileSet.xml)');
  const options = effectiveOptions(root, opts.options, opts.defaults);
  const entries: ManifestEntry[] = [];
  const upgrades: Upgrade[] = [];
  const seen = new Map<string, XmlElement>();
  const tileIdOf = (el: XmlElement, attr: string, value: string): string => {
    const id = value.trim();
    if (!/^-?\d+$/.test(id)) r.fail(el, attr, `expected integer tile ids, got ${JSON.stringify(value)}`);
    if (opts.knownTiles && !opts.knownTiles.has(id)) r.fail(el, attr, `expected the id of a tile in Tiles.xml, got ${quoted(id)}`);
    return id;
  };
  for (const el of activeChildren(root, options, r)) {
    if (el.name !== 'Tile') continue;
    const id = tileIdOf(el, 'id', r.string(el, 'id'));
    const prev = seen.get(id);
    if (prev) r.fail(el, 'id', `expected each tile once; tile ${id} is already listed at line ${prev.line}`);
    seen.set(id, el);
    let quantity = r.int(el, 'quantity', -1, 10_000, 0);
    const body = activeChildren(el, options, r);
    for (const c of body) {
      if (c.name === 'Attributes') {
        if (c.attr('quantity') !== undefined) quantity = r.int(c, 'quantity', -1, 10_000);
        if (c.attr('quantityIncrement') !== undefined) quantity += increment(c, r);
      } else if (c.name === 'Upgrade') {
        const { onlyHexes, exceptHexes } = hexes(c, r);
        for (const to of splitList(r.string(c, 'id'))) {
          const up: { -readonly [K in keyof Upgrade]: Upgrade[K] } = { from: id, to: tileIdOf(c, 'id', to) };
          if (up.to === id) r.fail(c, 'id', `expected tiles other than ${id} itself`);
          if (onlyHexes.length) up.onlyHexes = onlyHexes;
          if (exceptHexes.length) up.exceptHexes = exceptHexes;
          upgrades.push(up);
        }
      }
    }
    if (el.attr('quantityIncrement') !== undefined) quantity += increment(el, r);
    const entry: { -readonly [K in keyof ManifestEntry]: ManifestEntry[K] } = { tileId: id, quantity: quantity < 0 ? 'unlimited' : quantity };
    const ext = el.attr('extId');
    if (ext !== undefined && ext.trim() !== '' && ext.trim() !== id) entry.printedAs = ext.trim();
    entries.push(entry);
  }
  const manifest: GameManifest = { game: opts.game, tiles: entries, upgrades };
  try {
    return readManifest(manifest, source);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(source, root.where(), `manifest ${e.where}: ${e.expected}`);
    throw e;
  }
}

function increment(el: XmlElement, r: XmlReader): number {
  const v = r.string(el, 'quantityIncrement').trim().replace(/^\+/, '');
  if (!/^-?\d{1,4}$/.test(v)) r.fail(el, 'quantityIncrement', `expected a whole number such as "+1", got ${JSON.stringify(v)}`);
  return Number(v);
}

function hexes(el: XmlElement, r: XmlReader): { onlyHexes: string[]; exceptHexes: string[] } {
  const onlyHexes: string[] = [];
  const exceptHexes: string[] = [];
  const text = el.attr('hex');
  if (text === undefined) return { onlyHexes, exceptHexes };
  for (const item of splitList(text)) {
    const except = item.startsWith('-');
    const name = except ? item.slice(1) : item;
    if (!HEX_NAME.test(name)) r.fail(el, 'hex', `expected hex names such as "E23" (a leading "-" excludes a hex), got ${JSON.stringify(item)}`);
    (except ? exceptHexes : onlyHexes).push(name);
  }
  return { onlyHexes, exceptHexes };
}
