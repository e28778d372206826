/**
 * The keys of modal dialogs: Escape closes the dialog, handled there (preventDefault) so the
 * workspace's own Escape (clearing the selection) does not act as well.
 *
 * Renderer layer: DOM events only.
 */

/** A dialog's keydown handler. `isolate`: no key reaches the workspace's shortcuts (editors with their own undo). */
/** What the handler reads of a key event (a KeyboardEvent is one). */
export type EscapeKey = Pick<KeyboardEvent, 'key' | 'preventDefault' | 'stopPropagation'>;

export function escapeCloses(close: () => void, isolate = false): (e: EscapeKey) => void {
  return (e) => {
    if (isolate) e.stopPropagation();
    if (e.key !== 'Escape') return;
    e.preventDefault();
    close();
  };
}
