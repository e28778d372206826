import { describe, expect, it, vi } from 'vitest';
import { handleShortcut, shortcutOf } from './shortcuts.js';

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
    expect(shortcutOf(key('s'), true)).toEqual({ tool: 'select' });
    expect(shortcutOf(key('A'), true)).toEqual({ tool: 'path' });
    expect(shortcutOf(key('q'), true)).toBeNull();
    expect(shortcutOf(key('f', { altKey: true }), true)).toBeNull();
    // Placing tiles: Z turns, X mirrors (as in Tiled), M auto-assembles, I is the place tool.
    expect(shortcutOf(key('z'), true)).toEqual({ command: 'rotateTile' });
    expect(shortcutOf(key('X'), true)).toEqual({ command: 'mirrorTile' });
    expect(shortcutOf(key('m'), true)).toEqual({ command: 'assemble' });
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
    expect(handleShortcut(target, event('q'))).toBe(false);
    expect(target.dispatch.mock.calls).toEqual([['fit']]);
    expect(target.setTool.mock.calls).toEqual([['linear']]);
  });
});
