/**
 * The app itself: version and where it runs, native file dialogs, and cancelling long work (jobs).
 *
 * Part of the renderer ↔ main contract (../contract.ts): imported by both sides; no Node, no DOM.
 */

import { s } from '../schema.js';
import { id, type OperationTable } from './fields.js';

export const APP_OPERATIONS = {
  /** Version and where the app runs. */
  'app.info': { args: s.object({}) },
  /** Native file dialogs (Electron only; browser mode answers with an error: ask for a path in the page instead). */
  'dialog.open': { args: s.object({ purpose: s.literal('project', 'import') }) },
  'dialog.save': { args: s.object({ purpose: s.literal('project', 'export'), defaultName: s.optional(s.string({ min: 1, max: 255 })) }) },
  /** Long work. */
  'jobs.cancel': { args: s.object({ jobId: id }) },
} as const satisfies OperationTable;

export interface AppResults {
  /** `defaultProjectDir`: where relative project paths given to project.open/save resolve. */
  'app.info': { version: string; mode: 'electron' | 'browser'; defaultProjectDir: string };
  'dialog.open': { path: string | null };
  'dialog.save': { path: string | null };
  'jobs.cancel': { cancelled: boolean };
}
