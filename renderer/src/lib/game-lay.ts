/**
 * The tile-lay tool's small rules, kept apart from the store so they are tested alone: Z and X
 * step through the legal rotations only (never one the rules refuse), a train list as the
 * designer types it ("2, 3+1, 4D"), and which hexes the board marks for the chosen tile.
 *
 * Renderer layer; no DOM.
 */

/** The legal rotation after `current` (step +1, X) or before it (step −1, Z); `current` itself when it is the only one. */
export function stepRotation(legal: readonly number[], current: number, step: 1 | -1): number {
  if (!legal.length) return current;
  const sorted = [...legal].sort((a, b) => a - b);
  const at = sorted.indexOf(current);
  if (at < 0) return step > 0 ? (sorted.find((r) => r > current) ?? sorted[0]!) : ([...sorted].reverse().find((r) => r < current) ?? sorted[sorted.length - 1]!);
  return sorted[(at + step + sorted.length) % sorted.length]!;
}

/** Trains as typed: numbers, n+m, nD / nE (diesel, express), separated by commas or spaces. A bad one is named. */
export function parseTrains(text: string): { trains: string[] } | { error: string } {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (!parts.length) return { error: 'name at least one train, e.g. 2, 3, 5' };
  for (const p of parts) if (!/^(\d{1,2}(\+\d{1,2})?[DEde]?|[Dd])$/.test(p)) return { error: `"${p}" is not a train (2, 3+1, 4D, D)` };
  return { trains: parts.map((p) => p.toUpperCase()) };
}

export interface HexVerdict {
  readonly hex: string;
  readonly rotations: readonly number[];
  readonly reason?: string;
}

/** The hexes to mark for a tile: those with a legal rotation. */
export function legalHexes(verdicts: readonly HexVerdict[]): Set<string> {
  return new Set(verdicts.filter((v) => v.rotations.length > 0).map((v) => v.hex));
}
