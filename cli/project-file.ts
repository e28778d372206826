/**
 * How the CLI opens a project file: by the app's own writer-lock rule (node/store/writer-lock.ts,
 * docs/store.md "Two processes, one project"), so a project another process holds is never
 * written past its holder.
 * - A command that writes opens `exclusive`: it claims the lock for as long as it runs (every
 *   write checks it, as in the app), or is refused with one line naming the project and the
 *   process that holds it — nothing is changed.
 * - A command that only reads opens `exclusive` as well (the same one rule), or, with
 *   `--read-only`, `read-only`: no claim, no write, and it sees the holder's committed edits.
 */
import { openProject, type Project } from '../node/store/index.js';
import { ProjectLockedError } from '../node/store/writer-lock.js';

/** `write`: the command changes the project; `read`: it only reads; `read-only`: it only reads and `--read-only` was given. */
export type ProjectUse = 'write' | 'read' | 'read-only';

/** The project is held by another live process; the CLI prints the message and exits 1. */
export class ProjectHeldError extends Error {
  override name = 'ProjectHeldError';
}

export function withProject<T>(path: string, use: ProjectUse, fn: (project: Project) => T): T {
  let project: Project;
  try {
    project = openProject(path, { access: use === 'read-only' ? 'read-only' : 'exclusive' });
  } catch (e) {
    if (!(e instanceof ProjectLockedError)) throw e;
    const { pid, host, since } = e.holder;
    const hint = use === 'read' ? '; close it there, or add --read-only to read it as it is' : '; close it there and run this again';
    throw new ProjectHeldError(`${path} is held by another process (Sandtable, process ${pid} on ${host}, since ${since}): it is open for editing there, so nothing was changed${hint}`);
  }
  try {
    return fn(project);
  } finally {
    project.close();
  }
}
