/**
 * What a stop pays in the current phase. A junction's own revenue, unless
 * - it has 18xx.games phase revenues (`yellow_30|brown_60|diesel_100`): the last entry named
 *   by the phase (its name or one of its colours), `diesel` in the game's last phase, else
 *   the entry at the phase's `offboardStep`;
 * - its hex prints off-board revenues (Rails `value="30,50"`): the one at `offboardStep`.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { GameSession } from './session.js';

export const STOP_TYPES = new Set(['city', 'town', 'offmap']);

export function nodeRevenue(session: GameSession, nodeId: number): number {
  const node = session.net.nodes[nodeId]!;
  const j = node.junction;
  const phase = session.phase;
  const printed = session.game.board.hexes[node.hexIndex]!.revenues;
  if (j.type === 'offmap' && printed?.length) return printed[Math.min(phase.offboardStep, printed.length - 1)]!;
  const pr = j.phaseRevenue;
  if (!pr?.length) return j.revenue;
  const phases = session.game.phases;
  const last = phases[phases.length - 1] === phase;
  let pick: number | undefined;
  for (const e of pr) if (e.phase === phase.name || phase.colours.includes(e.phase) || (last && e.phase === 'diesel')) pick = e.value;
  return pick ?? pr[Math.min(phase.offboardStep, pr.length - 1)]!.value;
}
