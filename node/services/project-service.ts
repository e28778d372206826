/**
 * The project service: the app itself (`app.info`), the project file's
 * life cycle (`project.*`: new, open, save, recovery; project-session.ts does the work) and
 * the native file dialogs (`dialog.*`, Electron only).
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { OperationName, Results } from '../../contract/contract.js';
import type { DialogHost } from './context.js';
import type { ProjectAnnouncer, Queue } from './collaborators.js';
import type { FileCapabilities } from './file-capabilities.js';
import type { OpenMaps } from './open-maps.js';
import type { ProjectSession } from './project-session.js';
import type { RecentFiles } from './recent-files.js';
import type { HandlersFor } from './router.js';

/** The operations this service answers. */
export type ProjectOperation = Exclude<Extract<OperationName, `app.${string}` | `project.${string}` | `dialog.${string}`>, 'project.grantFolder'>;

export interface ProjectDeps {
  /** What `app.info` answers. */
  readonly app: Results['app.info'];
  /** The native file dialogs; absent outside the desktop app. */
  readonly dialogs: DialogHost | undefined;
  readonly session: Pick<ProjectSession, 'newProject' | 'open' | 'save' | 'resolvePath' | 'projectDestination' | 'recoverable' | 'discardRecovery'>;
  readonly queue: Queue;
  readonly maps: Pick<OpenMaps, 'projectInfo'>;
  readonly recent: Pick<RecentFiles, 'list'>;
  readonly files: Pick<FileCapabilities, 'check' | 'grant'>;
  readonly announcer: Pick<ProjectAnnouncer, 'projectChange'>;
}

export function projectService({ app, dialogs: host, session, queue, maps, recent, files, announcer }: ProjectDeps): HandlersFor<ProjectOperation> {
  const dialogs = (): DialogHost => {
    if (!host) {
      throw new Error(`native file dialogs exist only in the desktop app; in browser mode ask for a path instead (relative paths resolve in ${app.defaultProjectDir})`);
    }
    return host;
  };
  const granted = (path: string | null): string | null => {
    if (path !== null) files.grant(path);
    return path;
  };
  return {
    'app.info': () => ({ ...app }),

    'project.new': () => announcer.projectChange(() => session.newProject()),
    // Paths from the caller pass the file capabilities first (file-capabilities.ts).
    'project.open': ({ path, access }) => announcer.projectChange(() => session.open(files.check(session.resolvePath(path), 'open a project from'), access)),
    'project.save': ({ path }) => announcer.projectChange(() => session.save(path === undefined ? undefined : files.check(session.projectDestination(path), 'save a project to'))),
    'project.info': () => queue.exclusive(() => maps.projectInfo()),
    'project.recent': () => recent.list(),
    'project.recovery': () => queue.exclusive(() => session.recoverable()),
    'project.discardRecovery': ({ path }) => queue.exclusive(() => session.discardRecovery(path)),

    // What the user picked in a native dialog is theirs to use: granted for the calls that follow.
    'dialog.open': ({ purpose }) => dialogs().open(purpose).then((path) => ({ path: granted(path) })),
    'dialog.save': ({ purpose, defaultName }) => dialogs().save(purpose, defaultName).then((path) => ({ path: granted(path) })),
  };
}
