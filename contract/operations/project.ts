/**
 * Project files (SQLite, SPEC §10): new, open (with the writer lock's access), save, recent
 * files and crash recovery.
 *
 * Part of the renderer ↔ main contract (../contract.ts): imported by both sides; no Node, no DOM.
 */

import { s } from '../schema.js';
import { path, type OperationTable } from './fields.js';
import type { MapSummary } from './maps.js';

/** How a window opens a project (node/store/writer-lock.ts). */
export const PROJECT_ACCESS = ['exclusive', 'read-only', 'take-over'] as const;

export type ProjectAccess = (typeof PROJECT_ACCESS)[number];

/** The words a refused exclusive open ends with (core, shared with node/store/writer-lock.ts). */
export { PROJECT_LOCKED_CHOICE } from '../../core/util/project-lock.js';

export interface RecoveryEntry {
  path: string;
  mapCount: number;
  mapNames: string[];
  modifiedAt: string;
}

export interface ProjectInfo {
  path: string | null;
  dirty: boolean;
  maps: MapSummary[];
  /** True when this window may not change the project: opened read-only, or another window took it over. */
  readOnly?: boolean;
}

export const PROJECT_OPERATIONS = {
  /** Project files (SQLite): the open project holds maps and their undo journals. */
  'project.new': { args: s.object({}) },
  /**
   * `access` (node/store/writer-lock.ts): `exclusive` (default) is refused with "…open it
   * read-only, or take over" while another live window edits the project; the designer's
   * answer comes back as `read-only` or `take-over`.
   */
  'project.open': { args: s.object({ path, access: s.optional(s.literal(...PROJECT_ACCESS)) }) },
  'project.save': { args: s.object({ path: s.optional(path) }) },
  'project.info': { args: s.object({}) },
  'project.recent': { args: s.object({}) },
  /** Untitled projects a crashed or killed session left in the recovery folder (SPEC §10 crash recovery); open one with project.open. */
  'project.recovery': { args: s.object({}) },
  /** Deletes a recovery file the designer does not want back. */
  'project.discardRecovery': { args: s.object({ path }) },
  /**
   * The designer allows reading `folder` for the open project (remembered in it): accepted only
   * for a folder an import of this session asked about (`maps.importFile`'s `needsGrant`).
   */
  'project.grantFolder': { args: s.object({ folder: path }) },
} as const satisfies OperationTable;

export interface ProjectResults {
  'project.new': ProjectInfo;
  'project.open': ProjectInfo;
  'project.save': ProjectInfo;
  'project.info': ProjectInfo;
  'project.recent': string[];
  'project.recovery': RecoveryEntry[];
  'project.discardRecovery': RecoveryEntry[];
  /** The folders granted for the open project now. */
  'project.grantFolder': { folders: string[] };
}
