/**
 * Keyboard shortcuts (SPEC §11): tool letters (lib/tools.ts), F fit, T theme, B tile
 * borders, +/− zoom, D derive a tactical map from the selected ground, Z / X turn / mirror a
 * tile being placed, M auto-assemble the selected ground (or the map), Esc to drop a
 * half-finished two-click tool (or, with nothing of that to drop or with the ground tool, to
 * clear the ground selection), and the usual Ctrl/⌘ chords for undo, redo, save, open, new
 * and import. Keys typed into a text field stay with the field.
 *
 * Every shortcut but the tool letters is a command on the typed bus (lib/commands.ts), the
 * same the menu sends, so a key and its menu item cannot do different things.
 *
 * Renderer layer: DOM events only.
 */
import type { Command } from './commands.js';
import { ASSEMBLE_KEY, DERIVE_KEY, MIRROR_TILE_KEY, ROTATE_TILE_KEY, toolByKey, type ToolId } from './tools.js';

/** A Ctrl/⌘ chord: `key` lower-case; `shift`, when given, must match (the first match wins). */
interface Chord {
  readonly key: string;
  readonly shift?: boolean;
  readonly command: Command;
}

export const CHORDS: readonly Chord[] = [
  { key: 'z', shift: true, command: 'redo' },
  { key: 'z', command: 'undo' },
  { key: 'y', command: 'redo' },
  { key: 's', shift: true, command: 'saveAs' },
  { key: 's', command: 'save' },
  { key: 'o', command: 'open' },
  { key: 'n', command: 'new' },
  { key: 'i', command: 'import' },
];

/** Plain keys, and whether they act only in the map workspace. */
export const KEYS: readonly { readonly keys: readonly string[]; readonly command: Command; readonly workspace: boolean }[] = [
  { keys: ['t', 'T'], command: 'toggleTheme', workspace: false },
  { keys: ['Escape'], command: 'clear', workspace: true },
  { keys: [DERIVE_KEY.toLowerCase(), DERIVE_KEY], command: 'derive', workspace: true },
  { keys: [ROTATE_TILE_KEY.toLowerCase(), ROTATE_TILE_KEY], command: 'rotateTile', workspace: true },
  { keys: [MIRROR_TILE_KEY.toLowerCase(), MIRROR_TILE_KEY], command: 'mirrorTile', workspace: true },
  { keys: [ASSEMBLE_KEY.toLowerCase(), ASSEMBLE_KEY], command: 'assemble', workspace: true },
  { keys: ['f', 'F'], command: 'fit', workspace: true },
  { keys: ['b', 'B'], command: 'toggleBorders', workspace: true },
  { keys: ['+', '='], command: 'zoomIn', workspace: true },
  { keys: ['-', '_'], command: 'zoomOut', workspace: true },
];

/** What the shortcuts need: where the user is, the bus, and the tool setter. */
export interface ShortcutTarget {
  readonly inWorkspace: boolean;
  dispatch(command: Command): void;
  setTool(tool: ToolId): void;
}

/** What a key press means, without acting on it: a command, a tool, or nothing. */
export function shortcutOf(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>, inWorkspace: boolean): { command: Command } | { tool: ToolId } | null {
  if (e.ctrlKey || e.metaKey) {
    if (e.altKey) return null;
    const k = e.key.toLowerCase();
    const chord = CHORDS.find((c) => c.key === k && (c.shift === undefined || c.shift === e.shiftKey));
    return chord ? { command: chord.command } : null;
  }
  if (e.altKey) return null;
  const plain = KEYS.find((k) => k.keys.includes(e.key));
  if (plain) return !plain.workspace || inWorkspace ? { command: plain.command } : null;
  if (!inWorkspace || e.key.length !== 1) return null;
  const tool = toolByKey(e.key);
  return tool ? { tool: tool.id } : null;
}

function typingInField(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

/** Handles `e` if it is a shortcut; returns true (and prevents the default) if it was. */
export function handleShortcut(target: ShortcutTarget, e: KeyboardEvent): boolean {
  if (e.defaultPrevented || e.isComposing) return false;
  // Chords work in text fields too (Ctrl+S while typing a name); plain keys stay with the field.
  if (!(e.ctrlKey || e.metaKey) && typingInField(e.target)) return false;
  const s = shortcutOf(e, target.inWorkspace);
  if (!s) return false;
  e.preventDefault();
  if ('command' in s) target.dispatch(s.command);
  else target.setTool(s.tool);
  return true;
}
