/**
 * A read-only window follows the writer's commits (issue 24; node/store/writer-lock.ts). The
 * app opens a project read-only when another process holds it; that window used to show the
 * project as it was when opened, forever. Now the session polls, at a modest interval, whether
 * another connection committed to the file (SQLite's `PRAGMA data_version`, which changes only
 * for other connections' commits), and when what the renderer shows changed, it drops the open
 * maps' copies and pushes `project.followed` with the project as it is now; the renderer loads
 * the open map again and says "Updated from the other window's changes".
 *
 * The poll costs nothing while no project is open or the window can write (it never runs a
 * query then), and the check runs in the operation queue, so it never reads a project that an
 * operation is switching or saving.
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { Project } from '../store/index.js';
import { dataVersion } from '../store/project.js';
import type { ProjectSession } from './project-session.js';
import type { OperationQueue } from './router.js';
import type { OpenMaps } from './open-maps.js';
import type { EventHub } from './events.js';

/** How often a read-only window looks for the writer's commits (ms). */
export const FOLLOW_INTERVAL_MS = 1000;

export interface FollowDeps {
  readonly session: ProjectSession;
  readonly queue: OperationQueue;
  readonly maps: OpenMaps;
  readonly events: EventHub;
}

interface Seen {
  /** The connection it was seen on: another project (or the same file opened again) starts afresh. */
  readonly project: Project;
  readonly version: number;
  /** What the window showed then; null: not known (the writer committed before the first look). */
  readonly signature: string | null;
}

export class ProjectFollower {
  private timer: ReturnType<typeof setInterval> | null = null;
  private seen: Seen | null = null;
  private polling = false;

  constructor(private readonly deps: FollowDeps) {}

  /** Starts polling every `intervalMs` (0: never); the timer does not keep the process alive. */
  start(intervalMs = FOLLOW_INTERVAL_MS): void {
    this.stop();
    if (intervalMs <= 0) return;
    this.timer = setInterval(() => void this.poll(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async poll(): Promise<void> {
    // Nothing open: no query, nothing queued. One check at a time, however busy the queue is.
    if (!this.deps.session.isOpen) this.seen = null;
    if (this.polling || !this.deps.session.isOpen) return;
    this.polling = true;
    try {
      await this.deps.queue.exclusive(() => this.check());
    } catch {
      // The project closed or was taken away under the check: the next tick looks again.
    } finally {
      this.polling = false;
    }
  }

  /** Runs in the queue: follows the other window's commits, if any; returns whether it did. */
  check(): boolean {
    const { session } = this.deps;
    const project = session.isOpen ? session.current() : null;
    if (!project?.readOnly) {
      this.seen = null;
      return false;
    }
    const version = dataVersion(project.db);
    let before = this.seen;
    if (before?.project !== project) {
      // Newly opened (or newly read-only): what the window shows was read when the project opened.
      if (version === project.openedVersion) {
        this.seen = { project, version, signature: shownState(project) };
        return false;
      }
      before = { project, version: project.openedVersion, signature: null };
    }
    if (version === before.version) return false;
    const signature = shownState(project);
    this.seen = { project, version, signature };
    // A commit that changed nothing shown (the writer claiming or giving back its lock row) is no news.
    if (before.signature === signature) return false;
    this.deps.maps.clear();
    this.deps.events.emit({ type: 'project.followed', project: this.deps.maps.projectInfo() });
    return true;
  }
}

/** What the renderer shows of a project, in brief: its maps (name, last change), their undo journals, derived-map links. */
function shownState(project: Project): string {
  const row = project.db
    .prepare(
      `SELECT (SELECT group_concat(id || ':' || name || ':' || updated_at, '|') FROM (SELECT id, name, updated_at FROM maps ORDER BY id)) AS maps,
              (SELECT count(*) || ':' || coalesce(sum(seq), 0) || ':' || coalesce(sum(undone), 0) FROM journal) AS journal,
              (SELECT count(*) || ':' || coalesce(max(updated_at), '') FROM derived_maps) AS derived`,
    )
    .get() as { maps: string | null; journal: string; derived: string };
  return `${row.maps ?? ''}/${row.journal}/${row.derived}`;
}
