/**
 * The project service: the app itself (`app.info`), the project file's
 * life cycle (`project.*`: new, open, save, recovery; project-session.ts does the work) and
 * the native file dialogs (`dialog.*`, Electron only).
 *
 * Plain Node: must not depend on Electron or DOM.
 */
import type { OperationName } from '../../contract/contract.js';
import type { DialogHost, ServiceContext } from './context.js';
import type { HandlersFor } from './router.js';

/** The operations this service answers. */
export type ProjectOperation = Extract<OperationName, `app.${string}` | `project.${string}` | `dialog.${string}`>;

export function projectService(ctx: ServiceContext): HandlersFor<ProjectOperation> {
  const { session, queue, options } = ctx;
  const dialogs = (): DialogHost => {
    if (!options.dialogs) {
      throw new Error(`native file dialogs exist only in the desktop app; in browser mode ask for a path instead (relative paths resolve in ${ctx.defaultProjectDir})`);
    }
    return options.dialogs;
  };
  const granted = (path: string | null): string | null => {
    if (path !== null) ctx.files.grant(path);
    return path;
  };
  return {
    'app.info': () => ({ version: options.version, mode: options.mode, defaultProjectDir: ctx.defaultProjectDir }),

    'project.new': () => ctx.projectChange(() => session.newProject()),
    // Paths from the caller pass the file capabilities first (file-capabilities.ts).
    'project.open': ({ path, access }) => ctx.projectChange(() => session.open(ctx.files.check(session.resolvePath(path), 'open a project from'), access)),
    'project.save': ({ path }) => ctx.projectChange(() => session.save(path === undefined ? undefined : ctx.files.check(session.projectDestination(path), 'save a project to'))),
    'project.info': () => queue.exclusive(() => ctx.maps.projectInfo()),
    'project.recent': () => ctx.recent.list(),
    'project.recovery': () => queue.exclusive(() => session.recoverable()),
    'project.discardRecovery': ({ path }) => queue.exclusive(() => session.discardRecovery(path)),

    // What the user picked in a native dialog is theirs to use: granted for the calls that follow.
    'dialog.open': ({ purpose }) => dialogs().open(purpose).then((path) => ({ path: granted(path) })),
    'dialog.save': ({ purpose, defaultName }) => dialogs().save(purpose, defaultName).then((path) => ({ path: granted(path) })),
  };
}
