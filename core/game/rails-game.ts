/**
 * A game from a Rails game folder (issue 28 item 1): the tiles, manifest and board that
 * core/formats reads (Tiles.xml, TileSet.xml, Map.xml), the public companies with their homes
 * and token counts from CompanyManager.xml (every type Rails runs as a public company: Major,
 * Minor, Coal …), and the phases (tile colours, off-board revenue
 * step — each phase keeps the previous one's values unless it sets them, as Rails does) from
 * Game.xml's PhaseManager. The options in effect (GameOptions.xml defaults) choose the
 * `IfOption` blocks of both.
 *
 * Rails' Tiles.xml counts tile sides from the opposite side to 18xx.games (its side 0 is
 * 18xx.games' side 3, on flat and pointy boards alike: 1830's gray D2 is Rails sides 1, 2 and
 * 18xx.games sides 4, 5); core/formats/rails/tiles-xml.ts turns them as it reads them, as Rails
 * itself does, so the tiles here are already in the game's numbering; preprinted rotations and
 * impassable sides (read by position) stay.
 *
 * Rails numbers a home's cities from 1 (`city="2"`); 0 or none leaves the choice open
 * (1830's Erie on an OO hex), so the home reserves a slot in every city of the hex.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { RailsGame } from '../formats/rails/game.js';
import { activeChildren } from '../formats/rails/options.js';
import type { XmlElement } from '../util/xml.js';
import { XmlReader, parseXml } from '../util/xml.js';
import type { Board, GameManifest, TrackTile } from '../track/types.js';
import { InputError } from '../util/input-error.js';
import { inferUpgrades } from '../track/upgrades.js';
import type { Company, Game, GamePhase, Home } from './types.js';
import { DEFAULT_PHASES } from './types.js';

export interface RailsExtraFile {
  readonly text: string;
  readonly source: string;
}

/** `companies`: CompanyManager.xml; `game`: Game.xml — both optional. */
export function gameFromRails(name: string, rails: RailsGame, files: { companies?: RailsExtraFile; game?: RailsExtraFile } = {}): Game {
  if (!rails.board) throw new InputError(name, 'Map.xml', 'expected the game folder to have a Map.xml (the board)');
  const byId = new Map(rails.tiles.map((t) => [t.id, t]));
  // Rails' empty hex is tile 0; hexes with no tile get it when Tiles.xml defines it.
  const empty = byId.has('0') ? '0' : undefined;
  const board: Board = { ...rails.board, hexes: rails.board.hexes.map((h) => (h.tileId === undefined && empty ? { ...h, tileId: empty } : h)) };
  const used = new Set<string>();
  for (const h of board.hexes) if (h.tileId !== undefined) used.add(h.tileId);
  let manifest: GameManifest;
  let upgradesFrom: Game['upgradesFrom'] = 'listed';
  if (rails.manifest) {
    manifest = rails.manifest;
    for (const e of manifest.tiles) used.add(e.tileId);
    for (const u of manifest.upgrades) used.add(u.from).add(u.to);
  } else {
    const tiles = rails.tiles.filter((t) => /^\d+$/.test(t.id) && t.id !== '0');
    manifest = { game: name, tiles: tiles.map((t) => ({ tileId: t.id, quantity: 'unlimited' })), upgrades: [] };
    for (const t of tiles) used.add(t.id);
    upgradesFrom = 'inferred';
  }
  const tiles: TrackTile[] = [...used].map((id) => byId.get(id)).filter((t): t is TrackTile => t !== undefined);
  if (upgradesFrom === 'inferred') manifest = { ...manifest, upgrades: inferUpgrades(tiles) };
  const options = rails.options;
  const phases = files.game ? railsPhases(files.game, options) : DEFAULT_PHASES;
  const hexes = new Set(board.hexes.map((h) => h.name));
  const companies = files.companies ? railsCompanies(files.companies, options, hexes) : [];
  return { name, board, tiles, manifest, upgradesFrom, phases, companies, state: { phase: phases[0]!.name, lays: [], tokens: [] } };
}

/** Companies that run trains (their type's class is a Rails PublicCompany): id, long name, token count, colour, homes; the first of a name is kept. */
export function railsCompanies(file: RailsExtraFile, options: Record<string, string>, hexes: ReadonlySet<string>): Company[] {
  const root = parseXml(file.text, file.source);
  const r = new XmlReader(file.source);
  r.expectRoot(root, 'CompanyManager', "a Rails game's companies (CompanyManager.xml)");
  const out: Company[] = [];
  const seen = new Set<string>();
  const children = activeChildren(root, options, r);
  // Companies that run trains: the types Rails plays as public companies (Public, Major, Minor, Coal …), not privates or investors.
  const running = new Set(children.filter((c) => c.name === 'CompanyType' && /PublicCompany/.test(c.attr('class') ?? '')).map((c) => c.attr('name')));
  for (const el of children) {
    if (el.name !== 'Company' || !running.has(el.attr('type'))) continue;
    const id = r.string(el, 'name').trim();
    if (seen.has(id)) continue;
    seen.add(id);
    const homes: Home[] = [];
    for (const h of activeChildren(el, options, r)) {
      if (h.name !== 'Home') continue;
      for (const hex of (h.attr('hex') ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
        if (!hexes.has(hex)) r.fail(h, 'hex', `expected a hex of the board, got ${JSON.stringify(hex.slice(0, 20))}`);
        const city = r.int(h, 'city', 0, 9, 0);
        homes.push(city > 0 ? { hex, city: city - 1 } : { hex });
      }
    }
    const c: { -readonly [K in keyof Company]: Company[K] } = { id, homes };
    const long = el.attr('longname')?.trim();
    if (long) c.name = long;
    const tokens = r.optInt(el, 'tokens', 0, 99);
    if (tokens !== undefined) c.tokens = tokens;
    const colour = railsColour(el.attr('bgColour'));
    if (colour) c.colour = colour;
    out.push(c);
  }
  return out;
}

/** Rails writes colours as `60E060` or `255,255,255`. */
function railsColour(text: string | undefined): string | undefined {
  const t = text?.trim() ?? '';
  if (/^[0-9a-fA-F]{6}$/.test(t)) return `#${t.toLowerCase()}`;
  const m = /^(\d{1,3}),(\d{1,3}),(\d{1,3})$/.exec(t);
  if (!m) return undefined;
  return `#${[m[1], m[2], m[3]].map((v) => Math.min(255, Number(v)).toString(16).padStart(2, '0')).join('')}`;
}

/** Phases of Game.xml's PhaseManager, each inheriting the previous one's colours and step. */
export function railsPhases(file: RailsExtraFile, options: Record<string, string>): GamePhase[] {
  const root = parseXml(file.text, file.source);
  const r = new XmlReader(file.source);
  const manager = activeChildren(root, options, r).find((c) => c.name === 'Component' && c.attr('name') === 'PhaseManager');
  if (!manager) return [...DEFAULT_PHASES];
  const out: GamePhase[] = [];
  let colours: string[] = ['yellow'];
  let step = 0;
  for (const el of activeChildren(manager, options, r)) {
    if (el.name !== 'Phase') continue;
    const parts: XmlElement[] = activeChildren(el, options, r);
    const tiles = parts.find((p) => p.name === 'Tiles');
    if (tiles?.attr('colour')) colours = tiles.attr('colour')!.split(',').map((c) => c.trim().toLowerCase()).filter(Boolean);
    const rev = parts.find((p) => p.name === 'OffBoardRevenue');
    if (rev) step = r.int(rev, 'step', 1, 99) - 1;
    out.push({ name: r.string(el, 'name'), colours: [...colours], offboardStep: step });
  }
  return out.length ? out : [...DEFAULT_PHASES];
}
