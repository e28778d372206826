/**
 * What an import changed or left out, in lines a designer reads (issue 14: no silent loss).
 * The CLI prints these after `import`; the app shows them in the note that follows an import.
 * Lists are cut to a few entries and every user string is bounded, so a file with 10 000
 * unmapped tiles still gives a short summary.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
import type { MapMeta } from '../map/meta.js';
import { bounded } from '../util/bounded.js';

const SHOWN = 6;

/**
 * One item of a file that an import did not bring in, and why (issue 24: `added + skipped`
 * is what the file holds). `id` is the item's own name in the file (a tile id, a tile
 * number), so a designer can find it there.
 */
export interface SkippedItem {
  readonly id: string;
  readonly reason: string;
}

/** How many skipped items a summary names before "… and N more". */
export const SKIPPED_SHOWN = 10;

/** The skipped items as lines `id: reason`, the first `shown` of them then "… and N more". */
export function skippedLines(items: readonly SkippedItem[], shown = SKIPPED_SHOWN): string[] {
  const lines = items.slice(0, shown).map((s) => `skipped ${bounded(s.id, 60)}: ${bounded(s.reason, 200)}`);
  if (items.length > shown) lines.push(`… and ${items.length - shown} more skipped`);
  return lines;
}

function list(items: readonly string[], shown = SHOWN): string {
  const head = items.slice(0, shown).map((s) => bounded(s, 60));
  return items.length > shown ? `${head.join(', ')} and ${items.length - shown} more` : head.join(', ');
}

/** One line a finding; empty when the import kept everything. */
export function importSummary(meta: MapMeta): string[] {
  const lines: string[] = [];
  const imp = meta.import;
  if (imp?.format === 'tiled') {
    if (imp.unmapped?.length) {
      const tiles = imp.unmapped.reduce((n, u) => n + u.tiles.length, 0);
      lines.push(
        `${tiles} tile kind${tiles === 1 ? '' : 's'} matched no catalogue terrain and got ${imp.unmapped.length} placeholder terrain${imp.unmapped.length === 1 ? '' : 's'} (neutral, passable, grey): ` +
          list(imp.unmapped.map((u) => `${u.terrain} (${list(u.tiles, 3)})`)) +
          '; assign real terrain in the app (the mapping dialog), by importing again with a mapping (--mapping) or by repainting',
      );
    }
    if (imp.skipped?.length) lines.push(`not imported (Sandtable has no such layer): ${list(imp.skipped)}`);
  }
  const linear = meta.tiledLinear as { layer?: unknown; restored?: unknown } | undefined;
  if (linear && typeof linear.restored === 'number' && linear.restored > 0) {
    lines.push(`${linear.restored} edge and vertex terrain feature${linear.restored === 1 ? '' : 's'} (rivers, roads, bridges …) restored from the object layer ${typeof linear.layer === 'string' ? `"${bounded(linear.layer, 60)}"` : ''}`.trimEnd());
  }
  return lines;
}
