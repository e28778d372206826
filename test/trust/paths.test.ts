/**
 * Path capabilities (node/services/file-capabilities.ts) for every operation that takes a
 * path — project.open, project.save, maps.importFile, project.discardRecovery, library.open,
 * tiles.import, tiles.export — as browser
 * mode's page (or a compromised renderer) would call them: /etc/passwd, ~/.ssh, autostart
 * folders, `../` escapes and symlinks out of the allowed root are refused, and no message
 * carries a byte of the file. Also: what the user chose is accepted, imports open only what
 * extension and header say, tilesets resolve only inside the map's folder tree.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppServices } from '../../node/services/app-services.js';

const SECRET = 'root:x:0:0:TOP-SECRET-CONTENT:/root:/bin/bash';

let dir: string;
let projects: string;
let outside: string;
let services: AppServices;

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
}

function noContent(message: string): void {
  expect(message).not.toContain('TOP-SECRET');
  expect(message).not.toContain('root:x');
  expect(message).not.toMatch(/[\r\n]/);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandtable-paths-'));
  projects = join(dir, 'projects');
  outside = join(dir, 'outside');
  mkdirSync(projects, { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'passwd'), `${SECRET}\n`);
  writeFileSync(join(outside, 'id_rsa'), '-----BEGIN OPENSSH PRIVATE KEY----- TOP-SECRET-CONTENT\n');
  writeFileSync(join(outside, 'secret.tmx'), `<map TOP-SECRET-CONTENT/>`);
  writeFileSync(join(outside, 'secret.tsx'), `<tileset name="TOP-SECRET-CONTENT"/>`);
  services = new AppServices({ mode: 'browser', version: '0.0.0-test', userDataDir: join(dir, 'user'), defaultProjectDir: projects, allowedRoots: [projects] });
});

afterEach(async () => {
  await services.shutdown();
  rmSync(dir, { recursive: true, force: true });
});

const call = (name: string, args: object) => services.call(name, args);

describe('paths outside the allowed roots are refused, without content', () => {
  const reads = () => ['/etc/passwd', join(homedir(), '.ssh', 'id_rsa'), join(outside, 'passwd'), join(outside, 'id_rsa'), join(outside, 'secret.tmx'), join(projects, '..', 'outside', 'secret.tmx'), '../outside/secret.tmx'];

  it('maps.importFile', async () => {
    for (const path of reads()) {
      const m = await refusal(call('maps.importFile', { path }));
      expect(m, path).toMatch(/^maps\.importFile: .*Sandtable may not import a map from this path/);
      noContent(m);
    }
  });

  it('project.open', async () => {
    for (const path of [...reads(), '/etc/hostname']) {
      const m = await refusal(call('project.open', { path }));
      expect(m, path).toMatch(/may not open a project from this path/);
      noContent(m);
    }
  });

  it('project.save: autostart folders, ../ escapes, other extensions', async () => {
    await call('project.new', {});
    const targets = [
      join(homedir(), '.config', 'autostart', 'sandtable-test-probe.sandtable'),
      join(homedir(), 'Library', 'LaunchAgents', 'sandtable-test-probe.sandtable'),
      join(outside, 'x.sandtable'),
      '../outside/x.sandtable',
      join(projects, '..', 'outside', 'y'),
    ];
    for (const path of targets) {
      const m = await refusal(call('project.save', { path }));
      expect(m, path).toMatch(/may not save a project to this path/);
    }
    expect(existsSync(join(homedir(), '.config', 'autostart', 'sandtable-test-probe.sandtable'))).toBe(false);
    expect(existsSync(join(outside, 'x.sandtable'))).toBe(false);
    // Inside the root, only .sandtable files are written.
    expect(await refusal(call('project.save', { path: 'run.desktop' }))).toMatch(/a project is saved as a \.sandtable file/);
  });

  it('maps.exportFile: autostart folders, ../ escapes, symlinks out; inside the root only the format extension', async () => {
    await call('project.new', {});
    const { summary } = (await call('maps.create', { name: 'm', kind: 'square', size: '4x3', alform: false, fill: 'clear' })) as { summary: { id: string } };
    const targets = [
      join(homedir(), '.config', 'autostart', 'sandtable-test-probe.desktop'),
      join(outside, 'x.png'),
      '../outside/x.png',
      'linked-out/x.png',
    ];
    symlinkSync(outside, join(projects, 'linked-out'));
    for (const path of targets) {
      const m = await refusal(call('maps.exportFile', { id: summary.id, format: 'png', path, options: { size: 64 } }));
      expect(m, path).toMatch(/may not export a map to this path/);
    }
    expect(readdirSync(outside).sort()).toEqual(['id_rsa', 'passwd', 'secret.tmx', 'secret.tsx']);
    const r = (await call('maps.exportFile', { id: summary.id, format: 'png', path: 'run.desktop', options: { size: 64 } })) as { path: string };
    expect(r.path).toBe(join(projects, 'run.desktop.png'));
    expect(existsSync(join(projects, 'run.desktop'))).toBe(false);
  });

  it('library.open, tiles.import, tiles.export (issue 13): outside files, ../ escapes, symlinks out; a non-library file is refused without content', async () => {
    writeFileSync(join(outside, 'secret.svg'), '<svg data-shape="hex" data-name="TOP-SECRET-CONTENT"/>');
    symlinkSync(outside, join(projects, 'linked-out'));
    for (const path of ['/etc/passwd', join(outside, 'passwd'), '../outside/passwd', 'linked-out/passwd']) {
      const m = await refusal(call('library.open', { path }));
      expect(m, path).toMatch(/may not open a library from this path/);
      noContent(m);
    }
    for (const path of [join(outside, 'secret.svg'), '../outside', 'linked-out/secret.svg', 'linked-out']) {
      const m = await refusal(call('tiles.import', { library: 'user', path }));
      expect(m, path).toMatch(/may not import tiles from this path/);
      noContent(m);
    }
    for (const path of [join(homedir(), '.config', 'autostart', 'sandtable-probe'), '../outside/pack', 'linked-out/pack']) {
      expect(await refusal(call('tiles.export', { library: 'user', path, format: 'svg' })), path).toMatch(/may not export tiles to this path/);
    }
    expect(readdirSync(outside).sort()).toEqual(['id_rsa', 'passwd', 'secret.svg', 'secret.tmx', 'secret.tsx']);
    // A file inside the root that is not a library: refused, quoting nothing of it.
    writeFileSync(join(projects, 'notes.sandtable-library'), `${SECRET}\n`);
    noContent(await refusal(call('library.open', { path: 'notes.sandtable-library' })));
  });

  it('project.discardRecovery takes only files of the recovery folder', async () => {
    const m = await refusal(call('project.discardRecovery', { path: join(outside, 'passwd') }));
    expect(m).toMatch(/not a file in the recovery folder/);
    expect(readFileSync(join(outside, 'passwd'), 'utf8')).toContain('TOP-SECRET');
  });

  it('symlinks inside the root that point out are refused, for reading and writing', async () => {
    symlinkSync(join(outside, 'secret.tmx'), join(projects, 'link.tmx'));
    symlinkSync(outside, join(projects, 'linked-folder'));
    symlinkSync(join(outside, 'nowhere.sandtable'), join(projects, 'dangling.sandtable'));
    noContent(await refusal(call('maps.importFile', { path: join(projects, 'link.tmx') })));
    noContent(await refusal(call('maps.importFile', { path: 'linked-folder/secret.tmx' })));
    await call('project.new', {});
    expect(await refusal(call('project.save', { path: 'linked-folder/z.sandtable' }))).toMatch(/may not save a project/);
    expect(await refusal(call('project.save', { path: 'dangling.sandtable' }))).toMatch(/may not save a project/);
    expect(existsSync(join(outside, 'z.sandtable'))).toBe(false);
    expect(existsSync(join(outside, 'nowhere.sandtable'))).toBe(false);
  });
});

describe('what the user chose is accepted, and still checked for what it is', () => {
  it('a granted (dialog-chosen) /etc/passwd or extensionless CSV is refused by extension, without content', async () => {
    for (const path of ['/etc/passwd', join(outside, 'passwd')]) {
      services.grantPath(path);
      const m = await refusal(call('maps.importFile', { path }));
      expect(m).toMatch(/expected a Tiled map \(\.tmx, \.tmj\), a Wesnoth map \(\.map\) or a Sandtable map \(\.json\); "passwd" has no extension/);
      noContent(m);
    }
    const csv = join(outside, 'cells');
    writeFileSync(csv, 'Gg, Gg, Gg\nGg, Gg, Gg\nGg, Gg, Gg\n');
    services.grantPath(csv);
    expect(await refusal(call('maps.importFile', { path: csv }))).toMatch(/has no extension/);
  });

  it('a .map or .tmx whose header is not what the extension says is refused, without content', async () => {
    const fake = join(projects, 'passwd.map');
    writeFileSync(fake, `${SECRET}\n`);
    noContent(await refusal(call('maps.importFile', { path: fake })));
    writeFileSync(join(projects, 'key.tmx'), 'TOP-SECRET-CONTENT');
    noContent(await refusal(call('maps.importFile', { path: join(projects, 'key.tmx') })));
  });

  it('an empty or non-SQLite file is not turned into a project', async () => {
    writeFileSync(join(projects, 'empty.sandtable'), '');
    writeFileSync(join(projects, 'text.sandtable'), SECRET);
    expect(await refusal(call('project.open', { path: 'empty.sandtable' }))).toMatch(/the file is empty, not a Sandtable project/);
    noContent(await refusal(call('project.open', { path: 'text.sandtable' })));
    expect(readFileSync(join(projects, 'empty.sandtable'), 'utf8')).toBe('');
  });

  it('tilesets outside the map folder tree are not read: the import asks for their folder (issue 24), absolute or ../ alike', async () => {
    const map = join(projects, 'map.tmx');
    const write = (source: string) =>
      writeFileSync(
        map,
        `<?xml version="1.0"?>\n<map orientation="orthogonal" width="1" height="1" tilewidth="32" tileheight="32">\n <tileset firstgid="1" source="${source}"/>\n <layer name="g" width="1" height="1"><data encoding="csv">1</data></layer>\n</map>`,
      );
    for (const source of ['../outside/secret.tsx', join(outside, 'secret.tsx'), 'sub/../../outside/secret.tsx']) {
      write(source);
      const answer = await call('maps.importFile', { path: map });
      expect(answer, source).toEqual({ needsGrant: { folders: [realpathSync(outside)], question: expect.stringContaining(realpathSync(outside)) } });
      noContent(JSON.stringify(answer));
    }
    // Not a tileset at all: refused whatever the folder, without a question and without content.
    write('/etc/passwd');
    const m = await refusal(call('maps.importFile', { path: map }));
    expect(m).toMatch(/expected a readable external tileset .*a \.tsx or \.tsj file/);
    noContent(m);
    // A folder no import asked about cannot be granted.
    noContent(await refusal(call('project.grantFolder', { folder: homedir() })));
  });
});
