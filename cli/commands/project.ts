/**
 * Projects from the shell (issue 24):
 *   sandtable project list <project> [--read-only] [--json]   the project's maps
 * A project another process holds (an app window editing it) is refused, exit 1, unless
 * `--read-only` is given: then it is read as the holder last committed it, and nothing is
 * written (cli/project-file.ts; the same writer lock as the app).
 */
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import { parse } from '../args.js';
import { storeKind } from './library.js';
import { withProject } from '../project-file.js';
import { formatSize } from '../../core/grid/size.js';

export const projectHelp = 'project list <project> [--read-only] [--json]   the maps of a project (--read-only: also while an app window edits it)';

export function projectCommand(argv: string[], io: Io): number {
  const [sub, ...rest] = argv;
  const { values, positionals } = parse(`project ${sub ?? ''}`.trim(), rest, {
    'read-only': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  });
  if (sub !== 'list') throw new UsageError(`project: expected list; got ${sub ? `"${sub}"` : 'nothing'}`);
  if (positionals.length !== 1) throw new UsageError('project list: expected exactly one project file');
  const file = positionals[0]!;
  if (storeKind(file) !== 'project') throw new UsageError(`project list: ${file} is a library, not a project`);
  return withProject(file, values['read-only'] ? 'read-only' : 'read', (project) => {
    const maps = project.maps.list({ limit: 10_000 }).map((m) => ({ id: m.id, name: m.name, kind: m.kind, size: formatSize(m.size), tiles: m.tileCount, updatedAt: m.updatedAt }));
    io.out(values.json ? `${JSON.stringify(maps)}\n` : `${maps.map((m) => Object.values(m).join('\t')).join('\n')}${maps.length ? '\n' : `${file}: no maps\n`}`);
    return 0;
  });
}
