/**
 * Whether a map's journal holds a step to undo and one to redo. One rule for every answer
 * that carries it: an edit's result (editing-service.ts) and a loaded map's payload
 * (open-maps.ts), so the undo buttons are right from the moment a map opens, also after the
 * project was closed and opened again (the journal lives in the project file, SPEC §10).
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { UndoState } from '../../contract/contract.js';
import type { Journal } from '../store/journal.js';

export function undoState(journal: Pick<Journal, 'history'>, mapId: string): UndoState {
  const history = journal.history(mapId);
  return { canUndo: history.some((e) => !e.undone), canRedo: history.some((e) => e.undone) };
}
