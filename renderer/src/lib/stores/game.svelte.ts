/**
 * The 18xx game screen's state (issue 28 item 5): the open game (its board, tiles, manifest,
 * companies and state, as the game services answer them), the chosen company and tile, the
 * hexes where that tile may go (legal lays for every hex, one call), the tile being placed
 * (its hex, its legal rotations, the one shown — Z/X step through the legal ones only), the
 * reason the last refused move was refused, the company's reach and its best routes, and undo.
 * Every move goes through the services, which apply the rules; the store only shows their
 * answers.
 *
 * Renderer layer: Svelte runes, no DOM.
 */
import type { Game } from '../../../../core/game/types.js';
import type { LayOptions } from '../../../../core/game/lays.js';
import type { TrackTile } from '../../../../core/track/types.js';
import { drawBoard, type BoardDrawing, type BoardToken } from '../../../../core/render/game-board.js';
import { placedShapesSvgDocument } from '../../../../core/render/tile-svg.js';
import { download } from './open-map.svelte.js';
import { legalHexes, parseTrains, stepRotation, type HexVerdict } from '../game-lay.js';
import type { Notifications } from './notifications.svelte.js';

export interface ReachView {
  readonly hexes: readonly { readonly hex: string; readonly sides: readonly number[] }[];
  readonly tokenable: readonly { readonly hex: string; readonly city: number }[];
}

export interface RouteView {
  readonly train: string;
  /** Hexes in route order. */
  readonly hexes: readonly string[];
  readonly revenue: number;
}

export interface RoutesView {
  readonly routes: readonly RouteView[];
  readonly revenue: number;
}

/** A game and how many moves undo can take back, after opening it or after a move. */
export interface GameMoved {
  readonly game: Game;
  readonly undoable: number;
  /** Copies left in the supply by tile id (core/game `tilesLeft`). */
  readonly tilesLeft: Readonly<Record<string, number | 'unlimited'>>;
}

/** What the game services answer (game-backend.ts builds it over the contract's `game.*`). */
export interface GameBackend {
  open(path: string): Promise<GameMoved>;
  /** The hexes where `company` may lay `tile` now, each with its legal rotations. */
  layable(company: string, tile: string): Promise<HexVerdict[]>;
  /** `tile` on `hex` for `company`: its legal rotations, or the reason it cannot go there. */
  lays(company: string, hex: string, tile: string): Promise<LayOptions>;
  lay(company: string, hex: string, tile: string, rotation: number): Promise<GameMoved>;
  token(company: string, hex: string, city: number): Promise<GameMoved>;
  reach(company: string): Promise<ReachView>;
  /** Trains as `parseTrains` checked them, joined by commas. */
  routes(company: string, trains: string): Promise<RoutesView>;
  undo(): Promise<GameMoved>;
  /** Sets the phase (the tile colours that may be laid, the off-board values that count). */
  phase(name: string): Promise<GameMoved>;
}

export interface PendingLay {
  readonly hex: string;
  readonly tile: string;
  readonly rotations: readonly number[];
  readonly rotation: number;
}

export type GameTool = 'lay' | 'token';

export class GameStore {
  game = $state.raw<Game | null>(null);
  /** The game screen is up (over the start screen). */
  shown = $state(false);
  path = $state('');
  company = $state('');
  tile = $state<string | null>(null);
  tool = $state<GameTool>('lay');
  /** Legal hexes for the chosen tile and company; verdicts by hex (reasons for the others). */
  verdicts = $state.raw<ReadonlyMap<string, HexVerdict>>(new Map());
  marks = $state.raw<ReadonlySet<string>>(new Set());
  pending = $state.raw<PendingLay | null>(null);
  /** The reason the last move was refused (one line), or what just happened. */
  message = $state('');
  refused = $state(false);
  /** Copies of each manifest tile left in the supply, as the services count them. */
  left = $state.raw<Readonly<Record<string, number | 'unlimited'>>>({});
  reach = $state.raw<ReachView | null>(null);
  showReach = $state(false);
  routes = $state.raw<RoutesView | null>(null);
  trains = $state('2, 3');
  /** Moves that can be undone this session. */
  undoable = $state(0);
  busy = $state(false);

  constructor(
    private readonly backend: GameBackend,
    private readonly notes: Notifications,
    private readonly save: (blob: Blob, fileName: string) => void = download,
  ) {}

  /** The board as drawn now, saved as an SVG picture (the same drawing as the screen). */
  saveBoardSvg(): void {
    const game = this.game;
    if (!game) return;
    const d = boardDrawing(game);
    this.save(new Blob([placedShapesSvgDocument(d.hexes, d.bounds, BOARD_BACKGROUND)], { type: 'image/svg+xml' }), `${game.name.replace(/[^\w.-]+/g, '_') || 'board'}.svg`);
  }

  /**
   * Cities the token tool offers: those the company reaches and may take (reach's `tokenable`),
   * and its home cities while it has no token there (a home needs no reach). City numbers of a
   * home without one (`city` left open) are every city of the hex's tile.
   */
  get tokenTargets(): { hex: string; city: number }[] {
    const game = this.game;
    if (!game) return [];
    const out = new Map((this.reach?.tokenable ?? []).map((t) => [`${t.hex}:${t.city}`, { hex: t.hex, city: t.city }]));
    const company = game.companies.find((c) => c.id === this.company);
    const now = currentTiles(game);
    for (const h of company?.homes ?? []) {
      if (game.state.tokens.some((t) => t.company === this.company && t.hex === h.hex)) continue;
      const tile = this.tiles.get(now.get(h.hex)?.tile ?? '');
      const cities = tile ? tile.junctions.filter((j) => j.type === 'city').length : 1;
      for (let c = 0; c < cities; c++) if (h.city === undefined || h.city === c) out.set(`${h.hex}:${c}`, { hex: h.hex, city: c });
    }
    return [...out.values()];
  }

  get tiles(): ReadonlyMap<string, TrackTile> {
    return new Map((this.game?.tiles ?? []).map((t) => [t.id, t]));
  }

  async open(path: string): Promise<boolean> {
    try {
      this.busy = true;
      const { game, undoable, tilesLeft } = await this.backend.open(path.trim());
      this.path = path.trim();
      this.game = game;
      this.undoable = undoable;
      this.left = tilesLeft;
      this.shown = true;
      this.company = game.companies[0]?.id ?? '';
      this.tile = null;
      this.pending = null;
      this.clearShown();
      this.say(`Opened ${game.name}: ${game.board.hexes.length} hexes, ${game.companies.length} companies`, false);
      return true;
    } catch (e) {
      this.notes.error((e as Error).message);
      return false;
    } finally {
      this.busy = false;
    }
  }

  async chooseCompany(id: string): Promise<void> {
    this.company = id;
    this.pending = null;
    this.clearShown();
    await this.refreshMarks();
  }

  async chooseTile(id: string | null): Promise<void> {
    this.tile = id;
    this.tool = 'lay';
    this.pending = null;
    await this.refreshMarks();
  }

  chooseTool(tool: GameTool): void {
    this.tool = tool;
    this.pending = null;
    if (tool === 'token') void this.loadReach();
  }

  /** A click on a hex with the lay tool: start placing the chosen tile there, or say why not. */
  async clickHex(hex: string): Promise<void> {
    if (this.tool !== 'lay' || !this.tile || !this.company) return;
    const v = this.verdicts.get(hex);
    if (this.pending?.hex === hex) return this.confirm();
    if (!v || !v.rotations.length) {
      this.pending = null;
      this.say(`${this.tile} on ${hex}: ${await this.whyNot(hex, this.tile)}`, true);
      return;
    }
    this.pending = { hex, tile: this.tile, rotations: v.rotations, rotation: v.rotations[0]! };
    this.say(`${this.tile} on ${hex}: rotation ${this.pending.rotation} (${v.rotations.length} legal: ${v.rotations.join(', ')}) — Z/X turn, Enter or click lays`, false);
  }

  /** Why the rules refuse `tile` on `hex` (asked only when the hex is not marked). */
  private async whyNot(hex: string, tile: string): Promise<string> {
    try {
      const option = (await this.backend.lays(this.company, hex, tile)).tiles[0];
      return option?.reason ?? (option?.refused.map((r) => `${r.rotation}: ${r.reason}`).join('; ') || 'no legal rotation');
    } catch (e) {
      return (e as Error).message;
    }
  }

  /** Z (−1) and X (+1): the next legal rotation of the tile being placed. */
  rotate(step: 1 | -1): void {
    const p = this.pending;
    if (!p) return;
    this.pending = { ...p, rotation: stepRotation(p.rotations, p.rotation, step) };
    this.say(`${p.tile} on ${p.hex}: rotation ${this.pending.rotation} of ${p.rotations.join(', ')}`, false);
  }

  close(): void {
    this.shown = false;
    this.pending = null;
  }

  cancel(): void {
    this.pending = null;
  }

  async confirm(): Promise<void> {
    const p = this.pending;
    if (!p) return;
    await this.move(() => this.backend.lay(this.company, p.hex, p.tile, p.rotation), `${this.company} laid ${p.tile} on ${p.hex} (rotation ${p.rotation})`);
  }

  /** Lays a tile at a rotation directly (what the tool sends; a refused one shows its reason). */
  async layAt(hex: string, tile: string, rotation: number): Promise<void> {
    await this.move(() => this.backend.lay(this.company, hex, tile, rotation), `${this.company} laid ${tile} on ${hex} (rotation ${rotation})`);
  }

  async clickCity(hex: string, city: number): Promise<void> {
    if (this.tool !== 'token' || !this.company) return;
    await this.move(() => this.backend.token(this.company, hex, city), `${this.company} placed a token in ${hex}`);
  }

  async setPhase(name: string): Promise<void> {
    await this.move(() => this.backend.phase(name), `Phase ${name}`);
  }

  async undo(): Promise<void> {
    if (!this.undoable) return;
    await this.move(() => this.backend.undo(), 'Undone');
  }

  async loadReach(): Promise<void> {
    if (!this.company) return;
    try {
      this.reach = await this.backend.reach(this.company);
    } catch (e) {
      this.say((e as Error).message, true);
    }
  }

  async toggleReach(): Promise<void> {
    this.showReach = !this.showReach;
    if (this.showReach) await this.loadReach();
  }

  async findRoutes(): Promise<void> {
    const parsed = parseTrains(this.trains);
    if ('error' in parsed) return this.say(parsed.error, true);
    try {
      this.busy = true;
      this.routes = await this.backend.routes(this.company, parsed.trains.join(','));
      this.say(`${this.company}: ${this.routes.routes.length} ${this.routes.routes.length === 1 ? 'route' : 'routes'}, revenue ${this.routes.revenue}`, false);
    } catch (e) {
      this.say((e as Error).message, true);
    } finally {
      this.busy = false;
    }
  }

  private async move(run: () => Promise<GameMoved>, done: string): Promise<void> {
    try {
      this.busy = true;
      const moved = await run();
      this.game = moved.game;
      this.undoable = moved.undoable;
      this.left = moved.tilesLeft;
      this.pending = null;
      this.say(done, false);
      this.clearShown();
      await this.refreshMarks();
      if (this.tool === 'token' || this.showReach) await this.loadReach();
    } catch (e) {
      this.say((e as Error).message, true);
    } finally {
      this.busy = false;
    }
  }

  private async refreshMarks(): Promise<void> {
    if (!this.tile || !this.company || !this.game) {
      this.verdicts = new Map();
      this.marks = new Set();
      return;
    }
    try {
      const legal = await this.backend.layable(this.company, this.tile);
      this.verdicts = new Map(legal.map((v) => [v.hex, v]));
      this.marks = legalHexes(legal);
    } catch (e) {
      this.say((e as Error).message, true);
    }
  }

  private clearShown(): void {
    this.routes = null;
    this.reach = null;
    this.showReach = false;
  }

  private say(text: string, refused: boolean): void {
    this.message = text;
    this.refused = refused;
  }
}

/** The tile on each hex now: the last lay there, else the preprinted tile. */
export function currentTiles(game: Game): Map<string, { tile: string | undefined; rotation: number }> {
  const out = new Map<string, { tile: string | undefined; rotation: number }>();
  for (const h of game.board.hexes) out.set(h.name, { tile: h.tileId, rotation: h.rotation });
  for (const l of game.state.lays) out.set(l.hex, { tile: l.tile, rotation: l.rotation });
  return out;
}


/** Colours for companies that name none, and for routes (one per train). */
export const PLAY_COLOURS = ['#d6246e', '#2f6fdd', '#00a3a3', '#8b2fc9', '#e0412b', '#2e8b57'];
/** What lies around the hexes, on screen and in the saved picture. */
export const BOARD_BACKGROUND = '#dcd6c3';

/** The board drawn as 18xx tiles with the game's current tiles and tokens. */
export function boardDrawing(game: Game, size = 100): BoardDrawing {
  const tiles = new Map(game.tiles.map((t) => [t.id, t]));
  const now = currentTiles(game);
  const laid = new Set(game.state.lays.map((l) => l.hex));
  const colour = new Map(game.companies.map((c, i) => [c.id, c.colour ?? PLAY_COLOURS[i % PLAY_COLOURS.length]!]));
  const tokens: BoardToken[] = game.state.tokens.map((t) => ({ ...t, colour: colour.get(t.company) ?? '#444444' }));
  return drawBoard(
    game.board,
    (hex) => {
      const c = now.get(hex.name);
      return { tile: (c?.tile && tiles.get(c.tile)) || null, rotation: c?.rotation ?? 0, laid: laid.has(hex.name) };
    },
    tokens,
    size,
  );
}
