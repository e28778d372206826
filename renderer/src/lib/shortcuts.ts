/**
 * Keyboard shortcuts (SPEC §11): tool letters (lib/tools.ts), F fit, T theme, B tile
 * borders, +/− zoom, [ and ] brush size, D derive a tactical map from the selected ground, Z / X turn / mirror a
 * tile being placed, U auto-assemble the selected ground (or the map), Esc to drop a
 * half-finished two-click tool (or, with nothing of that to drop or with the ground tool, to
 * clear the ground selection), and the usual Ctrl/⌘ chords for undo, redo, save, open, new,
 * import, and cut/copy/paste of a map region (workspace only; in a text field they edit the
 * text). The Edit menu's cut/copy/paste roles (electron/main/menu.ts) arrive as DOM clipboard
 * events instead: `clipboardCommand` maps those to the same commands. Keys typed into a text field stay with the field.
 *
 * The shortcut sheet (`shortcutSheet`) is built from these same tables and TOOLS, so a key
 * added here appears there; `COMMAND_LABELS` must name every command (a type error otherwise).
 *
 * Every shortcut but the tool letters is a command on the typed bus (lib/commands.ts), the
 * same the menu sends, so a key and its menu item cannot do different things.
 *
 * Renderer layer: DOM events only.
 */
import type { Command } from './commands.js';
import { ASSEMBLE_KEY, DERIVE_KEY, MIRROR_TILE_KEY, ROTATE_TILE_KEY, TOOLS, toolByKey, type ToolId } from './tools.js';

/** A Ctrl/⌘ chord: `key` lower-case; `shift`, when given, must match (the first match wins). */
interface Chord {
  readonly key: string;
  readonly shift?: boolean;
  readonly command: Command;
  /** Only in the map workspace, and never while typing in a text field (where the chord edits the text). */
  readonly mapOnly?: boolean;
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
  // Cut, copy and paste of a map region (issue 14); in text fields they stay the field's.
  { key: 'x', command: 'cut', mapOnly: true },
  { key: 'c', command: 'copy', mapOnly: true },
  { key: 'v', command: 'paste', mapOnly: true },
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
  { keys: ['?'], command: 'shortcuts', workspace: false },
  { keys: ['['], command: 'brushSmaller', workspace: true },
  { keys: [']'], command: 'brushLarger', workspace: true },
];

/** What each command does, as the shortcut sheet says it. */
export const COMMAND_LABELS: Readonly<Record<Command, string>> = {
  new: 'New map',
  open: 'Open project',
  save: 'Save project',
  saveAs: 'Save project as…',
  import: 'Import a map',
  export: 'Export the map',
  undo: 'Undo',
  redo: 'Redo',
  toggleTheme: 'Light / dark theme',
  fit: 'Fit the map to the window',
  derive: 'Derive a tactical map from the selected ground',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  toggleBorders: 'Tile borders on / off',
  clear: 'Cancel a two-click tool, or clear the ground selection',
  shortcuts: 'This sheet of shortcuts',
  brushSmaller: 'Smaller brush',
  brushLarger: 'Larger brush',
  rotateTile: 'Turn the tile being placed',
  mirrorTile: 'Mirror the tile being placed',
  assemble: 'Auto-assemble tiles in the selected ground (or the map)',
  cut: 'Cut the selected region',
  copy: 'Copy the selected region',
  paste: 'Paste the region (click to place)',
  renameMap: 'Rename the map',
  duplicateMap: 'Duplicate the map',
  resizeMap: 'Resize the map',
  deleteMap: 'Delete the map',
};

/** Pointer gestures of the map views (view-base.ts, flat-view.ts, globe-view.ts), for the sheet. */
export const POINTER_GESTURES: readonly SheetRow[] = [
  { keys: ['Wheel'], label: 'Zoom toward the pointer (flat map and globe)' },
  { keys: ['Right / middle drag'], label: 'Pan the map, turn the globe' },
  { keys: ['Space', 'drag'], label: 'Pan or turn with the primary button' },
];

export interface SheetRow {
  /** Keys pressed together, e.g. ['Ctrl', 'Shift', 'Z']. */
  readonly keys: readonly string[];
  readonly label: string;
}

export interface SheetGroup {
  readonly title: string;
  readonly rows: readonly SheetRow[];
}

const KEY_NAMES: Record<string, string> = { Escape: 'Esc', '-': '−' };

/** Every shortcut, grouped, from TOOLS, CHORDS and KEYS (`mac`: ⌘ for Ctrl). */
export function shortcutSheet(mac = false): SheetGroup[] {
  const ctrl = mac ? '⌘' : 'Ctrl';
  const plain = (keys: readonly string[]): string =>
    [...new Set(keys.map((k) => KEY_NAMES[k] ?? (k.length === 1 ? k.toUpperCase() : k)))].join(' / ');
  const tools = TOOLS.map((t) => ({ keys: [t.key], label: t.label }));
  const chords = CHORDS.map((c) => ({ keys: [ctrl, ...(c.shift ? ['Shift'] : []), c.key.toUpperCase()], label: COMMAND_LABELS[c.command] }));
  const keys = KEYS.map((k) => ({ keys: [plain(k.keys)], label: COMMAND_LABELS[k.command] + (k.workspace ? '' : ' (anywhere)') }));
  return [
    { title: 'Tools', rows: tools },
    { title: 'Map and view', rows: keys },
    { title: 'Project and editing', rows: chords },
    { title: 'Pointer', rows: POINTER_GESTURES },
  ];
}

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
    if (chord?.mapOnly && !inWorkspace) return null;
    return chord ? { command: chord.command } : null;
  }
  if (e.altKey) return null;
  const plain = KEYS.find((k) => k.keys.includes(e.key));
  if (plain) return !plain.workspace || inWorkspace ? { command: plain.command } : null;
  if (!inWorkspace || e.key.length !== 1) return null;
  const tool = toolByKey(e.key);
  return tool ? { tool: tool.id } : null;
}

/**
 * Where Ctrl+Z and Ctrl+Y go (issue 30, "undo follows focus without a word"). The map's undo
 * is the one a designer means almost always, so it applies wherever the focus is — a focused
 * search box, a button, a side panel — with two exceptions:
 * - a text field whose text was changed since it got focus keeps its native text undo (the
 *   typing is what a designer wants back; Escape or a click on the map returns the keys);
 *   a field with focus but no typing (a search box clicked a moment ago) does not take
 *   Ctrl+Z away from the map;
 * - an editor that owns its own history — the tile editor, the catalogue editor, a library
 *   tile picked in the library's list — marked `data-own-history` on its element, undoes its
 *   own steps.
 * Every undo names what it undid in a note ("Undid: paint 12 hexes forest",
 * lib/stores/editing.svelte.ts replayNote), so a designer sees which history answered.
 */
export type UndoTarget = 'map' | 'field' | 'own';

export interface UndoFocus {
  /** The focused element lies inside an editor with a history of its own. */
  readonly ownHistory: boolean;
  /** No text field has focus, one has focus untouched, or one holds typing since it got focus. */
  readonly field: 'none' | 'untouched' | 'typed';
}

export function undoTarget(focus: UndoFocus): UndoTarget {
  if (focus.field === 'typed') return 'field';
  return focus.ownHistory ? 'own' : 'map';
}

/** Each text field's value when it got focus (`rememberFocus`): typed since then means its own undo applies. */
const valueAtFocus = new WeakMap<object, string>();

function textField(target: EventTarget | null): HTMLInputElement | HTMLTextAreaElement | null {
  if (typeof HTMLElement === 'undefined') return null;
  if (target instanceof HTMLTextAreaElement) return target;
  if (!(target instanceof HTMLInputElement)) return null;
  return ['text', 'search', 'number', 'email', 'url', 'tel', 'password', ''].includes(target.type) ? target : null;
}

/** A `focusin` listener on the document: remembers what a text field held when it got focus. */
export function rememberFocus(e: Pick<FocusEvent, 'target'>): void {
  const field = textField(e.target);
  if (field) valueAtFocus.set(field, field.value);
}

/** The UndoFocus of a key event's target. */
export function undoFocus(target: EventTarget | null): UndoFocus {
  const ownHistory = typeof Element !== 'undefined' && target instanceof Element && target.closest('[data-own-history]') !== null;
  const field = textField(target);
  if (!field) return { ownHistory, field: 'none' };
  const before = valueAtFocus.get(field) ?? field.defaultValue;
  return { ownHistory, field: field.value === before ? 'untouched' : 'typed' };
}

/** Whether `e` is the undo or redo chord, and which. */
export function undoChord(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): 'undo' | 'redo' | null {
  const s = shortcutOf(e, true);
  return s && 'command' in s && (s.command === 'undo' || s.command === 'redo') ? s.command : null;
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
  const typing = typingInField(e.target);
  if (!(e.ctrlKey || e.metaKey) && typing) return false;
  const s = shortcutOf(e, target.inWorkspace);
  if (!s) return false;
  if (typing && 'command' in s && CHORDS.some((c) => c.mapOnly && c.command === s.command)) return false;
  if (undoChord(e) && undoTarget(undoFocus(e.target)) !== 'map') return false;
  e.preventDefault();
  if ('command' in s) target.dispatch(s.command);
  else target.setTool(s.tool);
  return true;
}

/** A DOM clipboard event (the Edit menu's roles, macOS key equivalents) as a region command, or null in a text field or outside the workspace. */
export function clipboardCommand(e: Pick<ClipboardEvent, 'type' | 'target'>, inWorkspace: boolean): Command | null {
  if (!inWorkspace || typingInField(e.target)) return null;
  return e.type === 'cut' ? 'cut' : e.type === 'copy' ? 'copy' : e.type === 'paste' ? 'paste' : null;
}
