/**
 * Keyboard shortcuts (SPEC §11): tool letters (lib/tools.ts), F fit, T theme, B tile
 * borders, +/− zoom, D derive a tactical map from the selected ground,
 * Esc to drop a half-finished two-click tool (or, with nothing of that to drop or with the
 * ground tool, to clear the ground selection), and the usual Ctrl/⌘ chords for undo, redo,
 * save, open, new and import. Keys typed into a text field stay with the field.
 *
 * Renderer layer: DOM events only.
 */
import type { Session } from './session.svelte.js';
import { DERIVE_KEY, toolByKey } from './tools.js';

function typingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

/** Handles `e` if it is a shortcut; returns true (and prevents the default) if it was. */
export function handleShortcut(session: Session, e: KeyboardEvent): boolean {
  if (e.defaultPrevented || e.isComposing) return false;
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key;
  const inWorkspace = session.screen === 'workspace' && session.current !== null;
  const act = (fn: () => void): true => {
    e.preventDefault();
    fn();
    return true;
  };

  if (mod && !e.altKey) {
    const k = key.toLowerCase();
    if (k === 'z' && e.shiftKey) return act(() => void session.redo());
    if (k === 'z') return act(() => void session.undo());
    if (k === 'y') return act(() => void session.redo());
    if (k === 's') return act(() => session.command(e.shiftKey ? 'saveAs' : 'save'));
    if (k === 'o') return act(() => session.command('open'));
    if (k === 'n') return act(() => session.command('new'));
    if (k === 'i') return act(() => session.command('import'));
    return false;
  }
  if (e.altKey || typingInField(e.target)) return false;

  if (key === 't' || key === 'T') return act(() => session.toggleTheme());
  if (!inWorkspace) return false;
  if (key === 'Escape') {
    return act(() => {
      if (session.tool === 'select' || (session.analysis === null && session.pending === null)) session.clearSelection();
      session.clearAnalysis();
    });
  }
  if (key.toUpperCase() === DERIVE_KEY) return act(() => session.openDeriveDialog());
  if (key === 'f' || key === 'F') return act(() => session.command('fit'));
  if (key === 'b' || key === 'B') return act(() => (session.showBorders = !session.showBorders));
  if (key === '+' || key === '=') return act(() => session.command('zoomIn'));
  if (key === '-' || key === '_') return act(() => session.command('zoomOut'));
  const tool = key.length === 1 ? toolByKey(key) : undefined;
  if (tool) return act(() => session.setTool(tool.id));
  return false;
}
