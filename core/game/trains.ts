/**
 * Trains as routes count them (issue 28 item 4):
 * - `n` (`2`, `5`): at most n stops, every stop pays;
 * - `n+m` (`3+1`): at most n cities or off-boards and n + m stops in all (the m extra are towns);
 * - `nE` (`4E`, express): any number of stops, the best n pay;
 * - `D` (diesel): any number of stops, every stop pays.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

export interface Train {
  readonly name: string;
  readonly kind: 'n' | 'n+m' | 'express' | 'diesel';
  /** Stops (n), or cities and off-boards (n+m), or paying stops (express); Infinity for diesel. */
  readonly n: number;
  /** Extra town stops of an n+m train. */
  readonly m: number;
}

export function parseTrain(text: string): Train {
  const t = text.trim();
  let m: RegExpExecArray | null;
  if ((m = /^(\d{1,2})$/.exec(t))) return { name: t, kind: 'n', n: Number(m[1]), m: 0 };
  if ((m = /^(\d{1,2})\+(\d{1,2})$/.exec(t))) return { name: t, kind: 'n+m', n: Number(m[1]), m: Number(m[2]) };
  if ((m = /^(\d{1,2})E$/i.exec(t))) return { name: t, kind: 'express', n: Number(m[1]), m: 0 };
  if (/^D$/i.test(t)) return { name: t, kind: 'diesel', n: Infinity, m: 0 };
  throw new Error(`a train is n (e.g. 3), n+m (3+1), nE (4E, express) or D (diesel), got ${JSON.stringify(text.slice(0, 40))}`);
}

export function parseTrains(list: string): Train[] {
  const trains = list.split(',').map(parseTrain);
  if (trains.some((t) => t.n < 1)) throw new Error('a train must run at least 1 stop');
  if (trains.length > 8) throw new Error(`at most 8 trains at once, got ${trains.length}`);
  return trains;
}

/** Whether a route with these stops fits the train. */
export function trainFits(train: Train, bigStops: number, towns: number): boolean {
  return bigStops + towns >= 2 && trainAllows(train, bigStops, towns);
}

/** Whether a route with these stops is within the train's limits (a prefix that is not never becomes so). */
export function trainAllows(train: Train, bigStops: number, towns: number): boolean {
  if (train.kind === 'n') return bigStops + towns <= train.n;
  if (train.kind === 'n+m') return bigStops <= train.n && bigStops + towns <= train.n + train.m;
  return true;
}

/** What the train earns from these stop revenues. */
export function trainRevenue(train: Train, revenues: readonly number[]): number {
  if (train.kind !== 'express') return revenues.reduce((a, b) => a + b, 0);
  return [...revenues]
    .sort((a, b) => b - a)
    .slice(0, train.n)
    .reduce((a, b) => a + b, 0);
}
