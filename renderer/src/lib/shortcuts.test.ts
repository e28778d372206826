import { describe, expect, it, vi } from 'vitest';
import { CHORDS, COMMAND_LABELS, KEYS, clipboardCommand, handleShortcut, shortcutOf, shortcutSheet, undoChord, undoFocus, undoTarget } from './shortcuts.js';
import { TOOLS } from './tools.js';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('keyboard shortcuts', () => {
  it('Ctrl/⌘ chords send the same commands as the menu', () => {
    expect(shortcutOf(key('z', { ctrlKey: true }), false)).toEqual({ command: 'undo' });
    expect(shortcutOf(key('Z', { ctrlKey: true, shiftKey: true }), false)).toEqual({ command: 'redo' });
    expect(shortcutOf(key('y', { metaKey: true }), false)).toEqual({ command: 'redo' });
    expect(shortcutOf(key('s', { ctrlKey: true }), false)).toEqual({ command: 'save' });
    expect(shortcutOf(key('S', { ctrlKey: true, shiftKey: true }), false)).toEqual({ command: 'saveAs' });
    expect(shortcutOf(key('O', { ctrlKey: true, shiftKey: true }), false)).toEqual({ command: 'open' });
    expect(shortcutOf(key('n', { ctrlKey: true }), false)).toEqual({ command: 'new' });
    expect(shortcutOf(key('i', { ctrlKey: true }), false)).toEqual({ command: 'import' });
    expect(shortcutOf(key('z', { ctrlKey: true, altKey: true }), true)).toBeNull();
    expect(shortcutOf(key('q', { ctrlKey: true }), true)).toBeNull();
  });

  it('plain keys: the theme anywhere, the rest only in the workspace', () => {
    expect(shortcutOf(key('t'), false)).toEqual({ command: 'toggleTheme' });
    for (const k of ['Escape', 'd', 'f', 'b', '+', '-', 'p']) expect(shortcutOf(key(k), false)).toBeNull();
    expect(shortcutOf(key('Escape'), true)).toEqual({ command: 'clear' });
    expect(shortcutOf(key('D'), true)).toEqual({ command: 'derive' });
    expect(shortcutOf(key('F'), true)).toEqual({ command: 'fit' });
    expect(shortcutOf(key('b'), true)).toEqual({ command: 'toggleBorders' });
    expect(shortcutOf(key('='), true)).toEqual({ command: 'zoomIn' });
    expect(shortcutOf(key('_'), true)).toEqual({ command: 'zoomOut' });
    expect(shortcutOf(key('['), true)).toEqual({ command: 'brushSmaller' });
    expect(shortcutOf(key(']'), true)).toEqual({ command: 'brushLarger' });
    expect(shortcutOf(key(']'), false)).toBeNull();
    expect(shortcutOf(key('s'), true)).toEqual({ tool: 'select' });
    expect(shortcutOf(key('A'), true)).toEqual({ tool: 'path' });
    expect(shortcutOf(key('j'), true)).toBeNull();
    expect(shortcutOf(key('f', { altKey: true }), true)).toBeNull();
    // Placing tiles: Z turns, X mirrors (as in Tiled), U auto-assembles (M is the marquee), I is the place tool.
    expect(shortcutOf(key('z'), true)).toEqual({ command: 'rotateTile' });
    expect(shortcutOf(key('X'), true)).toEqual({ command: 'mirrorTile' });
    expect(shortcutOf(key('u'), true)).toEqual({ command: 'assemble' });
    expect(shortcutOf(key('i'), true)).toEqual({ tool: 'place' });
    expect(shortcutOf(key('z'), false)).toBeNull();
  });

  it('acts on a handled key and prevents its default; leaves the rest alone', () => {
    const target = { inWorkspace: true, dispatch: vi.fn(), setTool: vi.fn() };
    const event = (k: string, mods = {}) => ({ ...key(k, mods), defaultPrevented: false, isComposing: false, target: null, preventDefault: vi.fn() }) as unknown as KeyboardEvent;
    const f = event('f');
    expect(handleShortcut(target, f)).toBe(true);
    expect(f.preventDefault).toHaveBeenCalled();
    expect(handleShortcut(target, event('l'))).toBe(true);
    expect(handleShortcut(target, event('j'))).toBe(false);
    expect(target.dispatch.mock.calls).toEqual([['fit']]);
    expect(target.setTool.mock.calls).toEqual([['linear']]);
  });

  it('the sheet lists every tool, chord and key from the same tables, ? opens it anywhere', () => {
    expect(shortcutOf(key('?'), false)).toEqual({ command: 'shortcuts' });
    expect(shortcutOf(key('?', { shiftKey: true }), true)).toEqual({ command: 'shortcuts' });
    const sheet = shortcutSheet();
    const rows = sheet.flatMap((g) => g.rows);
    for (const t of TOOLS) expect(rows).toContainEqual({ keys: [t.key], label: t.label });
    for (const c of CHORDS) expect(rows.some((r) => r.keys[0] === 'Ctrl' && r.keys.at(-1) === c.key.toUpperCase() && r.label === COMMAND_LABELS[c.command])).toBe(true);
    for (const k of KEYS) expect(rows.some((r) => r.label.startsWith(COMMAND_LABELS[k.command]))).toBe(true);
    expect(rows).toContainEqual({ keys: ['Ctrl', 'Shift', 'Z'], label: 'Redo' });
    expect(rows).toContainEqual({ keys: ['Esc'], label: COMMAND_LABELS.clear });
    expect(rows).toContainEqual({ keys: ['+ / ='], label: 'Zoom in' });
    expect(shortcutSheet(true).flatMap((g) => g.rows)).toContainEqual({ keys: ['⌘', 'S'], label: 'Save project' });
  });

  it('cut, copy and paste of a map region: chords in the workspace only, never taken from a text field; clipboard events the same', () => {
    expect(shortcutOf(key('c', { ctrlKey: true }), true)).toEqual({ command: 'copy' });
    expect(shortcutOf(key('X', { metaKey: true }), true)).toEqual({ command: 'cut' });
    expect(shortcutOf(key('v', { ctrlKey: true }), true)).toEqual({ command: 'paste' });
    expect(shortcutOf(key('c', { ctrlKey: true }), false)).toBeNull();
    expect(shortcutOf(key('m'), true)).toEqual({ tool: 'marquee' });
    expect(shortcutOf(key('Q'), true)).toEqual({ tool: 'lasso' });
    const target = { inWorkspace: true, dispatch: vi.fn(), setTool: vi.fn() };
    const input = { tagName: 'INPUT', isContentEditable: false } as unknown as EventTarget;
    Object.setPrototypeOf(input, typeof HTMLElement === 'undefined' ? Object.prototype : HTMLElement.prototype);
    const inField = { ...key('c', { ctrlKey: true }), defaultPrevented: false, isComposing: false, target: input, preventDefault: vi.fn() } as unknown as KeyboardEvent;
    if (typeof HTMLElement !== 'undefined') expect(handleShortcut(target, inField)).toBe(false);
    const onMap = { ...key('c', { ctrlKey: true }), defaultPrevented: false, isComposing: false, target: null, preventDefault: vi.fn() } as unknown as KeyboardEvent;
    expect(handleShortcut(target, onMap)).toBe(true);
    expect(target.dispatch.mock.calls).toEqual([['copy']]);
    expect(clipboardCommand({ type: 'paste', target: null }, true)).toBe('paste');
    expect(clipboardCommand({ type: 'cut', target: null }, false)).toBeNull();
  });
});

describe('where Ctrl+Z goes (issue 30)', () => {
  it('the map, unless a text field holds typing or an editor with its own history has focus', () => {
    // Nothing focused, a button, a side panel: the map.
    expect(undoTarget({ ownHistory: false, field: 'none' })).toBe('map');
    // A search box clicked a moment ago, nothing typed: still the map.
    expect(undoTarget({ ownHistory: false, field: 'untouched' })).toBe('map');
    // Typing in it: the field's own text undo.
    expect(undoTarget({ ownHistory: false, field: 'typed' })).toBe('field');
    // The tile editor, the catalogue editor, a tile picked in the library's grid: their own history…
    expect(undoTarget({ ownHistory: true, field: 'none' })).toBe('own');
    expect(undoTarget({ ownHistory: true, field: 'untouched' })).toBe('own');
    // …but typing in one of their fields is undone as text first.
    expect(undoTarget({ ownHistory: true, field: 'typed' })).toBe('field');
  });

  it('knows the undo and redo chords', () => {
    expect(undoChord(key('z', { ctrlKey: true }))).toBe('undo');
    expect(undoChord(key('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
    expect(undoChord(key('y', { ctrlKey: true }))).toBe('redo');
    expect(undoChord(key('z'))).toBeNull();
    expect(undoChord(key('s', { ctrlKey: true }))).toBeNull();
    // Outside a DOM (and for a target that is no element) the focus is no field and no editor.
    expect(undoFocus(null)).toEqual({ ownHistory: false, field: 'none' });
  });
});
