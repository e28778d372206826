/**
 * The workspace tools and their keyboard shortcuts (shown in tooltips). Editing tools change
 * the map; analysis tools ask the main process about it (SPEC §4) and draw the answer over
 * the map without changing it; the region tools select tiles to cut, copy and paste
 * — all into the one selection (lib/stores/selection.svelte.ts) with fill-select and the
 * ground tool, which clicks ground in and marks a derivation's reference tile (SPEC §7;
 * lib/selection.ts); copy, auto-assemble and derive all take that selection; the place tool puts vector tiles on
 * the map (issue 13, lib/placing.ts).
 *
 * Renderer layer: no DOM needed here, no Node.
 */
export type ToolId = 'paint' | 'linear' | 'erase' | 'fill' | 'path' | 'reach' | 'los' | 'fov' | 'select' | 'marquee' | 'lasso' | 'wand' | 'place' | 'label';

export interface ToolSpec {
  readonly id: ToolId;
  readonly label: string;
  /** Single-letter shortcut (without modifiers). */
  readonly key: string;
  readonly group: 'edit' | 'region' | 'analysis' | 'ground' | 'tiles';
  readonly hint: string;
}

export const TOOLS: readonly ToolSpec[] = [
  { id: 'paint', label: 'Paint area terrain', key: 'P', group: 'edit', hint: 'Click or drag over tiles to paint the selected area terrain; [ and ] change the brush size.' },
  { id: 'linear', label: 'Draw linear terrain', key: 'L', group: 'edit', hint: 'Drag freehand to draw rivers, walls, hedges… along the tile sides, and roads, railroads and trails from hex centre to hex centre (one connected feature per stroke); a road across a river crosses on a bridge; Alt-drag erases a road.' },
  { id: 'erase', label: 'Erase', key: 'E', group: 'edit', hint: 'Click or drag to remove terrain from tiles (on classic maps, from the edge under the pointer); [ and ] change the brush size.' },
  { id: 'fill', label: 'Fill', key: 'G', group: 'edit', hint: 'Click an area to fill its connected region with the area terrain; click a river or road to change the whole feature to the linear terrain.' },
  {
    id: 'marquee',
    label: 'Select rectangle',
    key: 'M',
    group: 'region',
    hint: 'Drag a rectangle over the map to select its tiles (rivers and roads between them too); shift adds, alt subtracts, Esc clears. Then cut, copy and paste (Ctrl+X, C, V), auto-assemble (U) or derive (D).',
  },
  {
    id: 'lasso',
    label: 'Select lasso',
    key: 'Q',
    group: 'region',
    hint: 'Draw round tiles to select them; shift adds, alt subtracts, Esc clears. Then cut, copy and paste (Ctrl+X, C, V), auto-assemble (U) or derive (D).',
  },
  {
    id: 'wand',
    label: 'Fill-select',
    key: 'W',
    group: 'region',
    hint: 'Click to select the connected area of that terrain (a river or road: its whole run); shift adds, alt subtracts, Esc clears. The same selection as the rectangle and lasso.',
  },
  { id: 'path', label: 'Shortest path', key: 'A', group: 'analysis', hint: 'Click a start tile, then a goal tile.' },
  { id: 'reach', label: 'Reach', key: 'R', group: 'analysis', hint: 'Click a tile to see everything reachable within the budget.' },
  { id: 'los', label: 'Line of sight', key: 'V', group: 'analysis', hint: 'Click an observer, then a target.' },
  { id: 'fov', label: 'Field of vision', key: 'O', group: 'analysis', hint: 'Click an observer to see every tile visible within the radius.' },
  {
    id: 'select',
    label: 'Select ground',
    key: 'S',
    group: 'ground',
    hint: 'Click an area tile to select it (the reference tile of a derivation); shift-click or drag to add, alt to take out, Esc to clear — the same selection as the rectangle, lasso and fill-select. Then Derive tactical map (D).',
  },
  {
    id: 'label',
    label: 'Labels',
    key: 'N',
    group: 'edit',
    hint: 'Click the map to place a label and type its text (Enter keeps it, Esc drops it); drag a label to move it, double-click to edit it, Delete removes the chosen one. Each is one undo step.',
  },
  {
    id: 'place',
    label: 'Place tiles',
    key: 'I',
    group: 'tiles',
    hint: 'Click a tile to see the library tiles that fit there; choose one, then click a marked tile to place it. Z turns it, X mirrors it — only into orientations that fit. Esc drops it.',
  },
];

/** The key of the "Derive tactical map" action (no modifiers). */
export const DERIVE_KEY = 'D';
/** Placing tiles: turn and mirror the chosen tile (as in Tiled), and open "Auto-assemble" (no modifiers). */
export const ROTATE_TILE_KEY = 'Z';
export const MIRROR_TILE_KEY = 'X';
export const ASSEMBLE_KEY = 'U';

export function toolByKey(key: string): ToolSpec | undefined {
  const k = key.toUpperCase();
  return TOOLS.find((t) => t.key === k);
}

export function toolSpec(id: ToolId): ToolSpec {
  return TOOLS.find((t) => t.id === id)!;
}

/** "Paint area terrain (P)" — the tooltip text of a tool button. */
export function toolTitle(t: ToolSpec): string {
  return `${t.label} (${t.key})`;
}
