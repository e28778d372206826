/**
 * A game being played: its network (network.ts) with the state's lays and tokens applied,
 * and one connectivity graph per company (graph.ts), kept up to date as tiles are laid and
 * tokens placed. `openGame` builds it from a `Game`; `lay` and `placeToken` check the rules
 * (lays.ts, tokens.ts) and update everything locally; `toGame` writes the state back.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { Company, Game, GamePhase, Lay, Token } from './types.js';
import { Network } from './network.js';
import { CompanyGraph } from './graph.js';
import { fitTile } from './tile-fit.js';

export class GameSession {
  readonly net: Network;
  private readonly graphs = new Map<string, CompanyGraph>();
  readonly lays: Lay[] = [];
  readonly companies: ReadonlyMap<string, Company>;
  phase: GamePhase;

  constructor(readonly game: Game) {
    this.net = new Network(game);
    this.companies = new Map(game.companies.map((c) => [c.id, c]));
    this.phase = phaseNamed(game, game.state.phase);
    for (const l of game.state.lays) {
      const k = this.net.hex(l.hex);
      const fit = fitTile(this.net.hexTiles[k]!.tile, this.net.rotatedTile(l.tile, l.rotation), new Map());
      if ('reason' in fit) throw new Error(`lay of ${l.tile} on ${l.hex}: ${fit.reason}`);
      this.net.replaceTile(k, l.tile, l.rotation, fit.map);
      this.lays.push(l);
    }
    for (const t of game.state.tokens) this.tokenNode(t).tokens.push(t.company);
    this.updateReservations();
  }

  company(id: string): Company {
    const c = this.companies.get(id);
    if (!c) throw new Error(`company ${JSON.stringify(id)} is not in the game (${[...this.companies.keys()].join(', ') || 'it has none'})`);
    return c;
  }

  /** The company's graph, built on first use and kept up to date after. */
  graph(company: string): CompanyGraph {
    this.company(company);
    let g = this.graphs.get(company);
    if (!g) {
      g = new CompanyGraph(this.net, company);
      this.graphs.set(company, g);
    }
    return g;
  }

  /** Graphs built so far. */
  builtGraphs(): CompanyGraph[] {
    return [...this.graphs.values()];
  }

  private tokenNode(t: Token) {
    const node = this.net.cityNode(this.net.hex(t.hex), t.city);
    if (!node) throw new Error(`hex ${t.hex} has no city ${t.city}`);
    return node;
  }

  /** Tokens on the board now, numbered by each hex's current cities. */
  tokens(): Token[] {
    const out: Token[] = [];
    for (let k = 0; k < this.net.hexNames.length; k++) {
      for (const n of this.net.hexNodes[k]!) {
        const node = this.net.nodes[n]!;
        for (const c of node.tokens) out.push({ company: c, hex: this.net.hexNames[k]!, city: node.cityIndex });
      }
    }
    return out;
  }

  /** Homes reserve a slot in their city (every city of the hex when the home names none) until the company tokens the hex. */
  private updateReservations(): void {
    for (const node of this.net.nodes) node.reserved.length = 0;
    for (const c of this.game.companies) {
      for (const h of c.homes) {
        const k = this.net.hexIndex.get(h.hex);
        if (k === undefined) continue;
        const nodes = this.net.hexNodes[k]!.map((n) => this.net.nodes[n]!).filter((n) => n.junction.type === 'city');
        if (nodes.some((n) => n.tokens.includes(c.id))) continue;
        for (const n of nodes) if (h.city === undefined || n.cityIndex === h.city) n.reserved.push(c.id);
      }
    }
  }

  /**
   * Puts `tile` on `hex` turned `rotation` with the junction map the rules found (lays.ts
   * checks legality first) and updates every built graph locally.
   */
  applyLay(lay: Lay, junctionMap: ReadonlyMap<string, string>): void {
    const k = this.net.hex(lay.hex);
    const graphs = this.builtGraphs();
    const before = graphs.map((g) => new Map(this.net.hexNodes[k]!.map((n) => [n, g.passable(n)])));
    const change = this.net.replaceTile(k, lay.tile, lay.rotation, junctionMap);
    graphs.forEach((g, i) => g.applyLay(change, before[i]!));
    this.lays.push(lay);
    this.updateReservations();
  }

  /** Places a token (tokens.ts checks legality first) and updates every built graph locally. */
  applyToken(t: Token): void {
    const node = this.tokenNode(t);
    const graphs = this.builtGraphs();
    const before = graphs.map((g) => g.passable(node.id));
    node.tokens.push(t.company);
    graphs.forEach((g, i) => g.applyToken(node.id, t.company, before[i]!));
    this.updateReservations();
  }

  setPhase(name: string): void {
    this.phase = phaseNamed(this.game, name);
  }

  /** The game with this session's state. */
  toGame(): Game {
    return { ...this.game, state: { phase: this.phase.name, lays: [...this.lays], tokens: this.tokens() } };
  }
}

export function openGame(game: Game): GameSession {
  return new GameSession(game);
}

function phaseNamed(game: Game, name: string): GamePhase {
  const p = game.phases.find((x) => x.name === name);
  if (!p) throw new Error(`phase ${JSON.stringify(name)} is not one of the game's phases (${game.phases.map((x) => x.name).join(', ')})`);
  return p;
}
