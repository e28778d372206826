/**
 * Child process of writer-lock.test.ts: one app window's hold on a project, driven line by
 * line over stdin (JSON commands) and answering one JSON line each on stdout. Test-only.
 *
 *   {"op":"open","access":"exclusive"}     → {"ok":true,"readOnly":false} or {"ok":false,"name":…,"message":…}
 *   {"op":"paint","index":3,"value":1}     → writes terrain[index] through the journal
 *   {"op":"undo"} / {"op":"read","index":3} / {"op":"hash"} / {"op":"close"}
 */
import { createInterface } from 'node:readline';
import { openProject } from './project.js';
import type { Project } from './project.js';
import type { ProjectAccess } from './writer-lock.js';

const [path] = process.argv.slice(2);
if (!path) throw new Error('usage: writer-lock-child.ts PROJECT');
let project: Project | null = null;

function run(cmd: { op: string; access?: ProjectAccess; index?: number; value?: number }): unknown {
  switch (cmd.op) {
    case 'open':
      project = openProject(path!, { access: cmd.access ?? 'exclusive', busyTimeoutMs: 10_000 });
      return { readOnly: project.readOnly };
    case 'paint': {
      const p = project!;
      const before = p.maps.load('front').layers.terrain[cmd.index!]!;
      return p.edit('front', [{ layer: 'terrain', index: cmd.index!, before, after: cmd.value! }], { label: `paint ${cmd.index}` });
    }
    case 'undo': {
      const r = project!.undo('front');
      return r && { seq: r.seq, changes: r.changes };
    }
    case 'read':
      return { value: project!.maps.load('front').layers.terrain[cmd.index!] };
    case 'hash':
      return { hash: project!.contentHash() };
    case 'close':
      project?.close();
      project = null;
      return {};
    default:
      throw new Error(`unknown op ${cmd.op}`);
  }
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  let reply: unknown;
  try {
    reply = { ok: true, ...(run(JSON.parse(line) as { op: string }) as object) };
  } catch (e) {
    reply = { ok: false, name: (e as Error).name, message: (e as Error).message };
  }
  process.stdout.write(`${JSON.stringify(reply)}\n`);
});
process.stdout.write('ready\n');
