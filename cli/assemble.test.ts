import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, runJson } from './testing.js';
import { mapFromJsonText } from '../core/map/map-json.js';
import { spokeTile } from '../core/assemble/assemble.testkit.js';
import { OFFSET_SQUARE } from '../core/vector/shape.js';
import { writeVectorTile } from '../core/vector/json.js';
import { TileClass } from '../core/alform/classify.js';
import { coordCodec } from './coord-codec.js';
import { tileClasses } from '../core/alform/tile-classes.js';

const STARTER = join(import.meta.dirname, '../resources/tiles/starter');
const SQUARE = join(STARTER, 'square');
const HEX = join(STARTER, 'hex');
const tmp = () => mkdtempSync(join(tmpdir(), 'sandtable-assemble-'));

describe('sandtable assemble and check', () => {
  it('assembles a square map from the starter tiles; the same seed gives the same map, another seed another; check passes', () => {
    const dir = tmp();
    const [a, b, c] = ['a.json', 'b.json', 'c.json'].map((f) => join(dir, f));
    const first = runJson(['assemble', '--library', SQUARE, '--kind', 'square', '--size', '8x6', '--seed', '4', '--fill', 'clear', '-o', a!]);
    expect(first).toMatchObject({ ok: true, tiles: 48 });
    expect(Object.keys(first)).toEqual(['ok', 'tiles', 'backtracks', 'ms']);
    runJson(['assemble', '--library', SQUARE, '--kind', 'square', '--size', '8x6', '--seed', '4', '--fill', 'clear', '-o', b!]);
    runJson(['assemble', '--library', SQUARE, '--kind', 'square', '--size', '8x6', '--seed', '5', '--fill', 'clear', '-o', c!]);
    expect(readFileSync(b!, 'utf8')).toBe(readFileSync(a!, 'utf8'));
    expect(readFileSync(c!, 'utf8')).not.toBe(readFileSync(a!, 'utf8'));
    // The file is a version-2 map: instances with their library, and the terrain derived from them.
    const map = mapFromJsonText(readFileSync(a!, 'utf8'), 'a.json');
    expect(map.instances!.placedCount()).toBe(48);
    expect(map.instances!.tileTable().every((t) => t.library === 'square' && t.name)).toBe(true);
    // Ground where a tile draws no area, the tiles' dominant area terrain elsewhere, their lines on the edges.
    expect(map.layers.terrain.every((v) => v !== 0)).toBe(true);
    expect(map.palette[0]).toBe('clear');
    expect(map.layers.edges!.some((v) => v !== 0)).toBe(true);
    const checked = runJson(['check', a!, '--library', SQUARE]);
    expect(checked).toMatchObject({ ok: true, violations: [] });
    // How it reads as a map: its networks' ends and loops, its patches (core/assemble network-shape.ts).
    expect(Object.keys(checked.networks.totals).sort()).toEqual(['deadEnds', 'loops', 'mouths', 'singlePatches', 'sources']);
    expect(checked.networks.lines.every((l: { role: string }) => l.role === 'watercourse' || l.role === 'route')).toBe(true);
    // Movement and sight read the derived terrain as on any map.
    const path = runJson(['path', a!, '--mode', 'foot', '--from', '0,0', '--to', '7,5']);
    expect(path.tiles.length).toBeGreaterThan(1);
    expect(Number.isFinite(path.cost)).toBe(true);
    expect(runJson(['fov', a!, '--from', '3,3', '--radius', '3']).tiles.length).toBeGreaterThan(1);
    // … and so does derivation (strategic → tactical) from the derived terrain.
    const tactical = join(dir, 't.json');
    expect(runJson(['derive', a!, '--at', '3,3', '--ratio', '4', '-o', tactical])).toMatchObject({ kind: 'square', tileCount: 81 });
    expect(mapFromJsonText(readFileSync(tactical, 'utf8')).palette).toContain('clear');
  });

  it('assembles hexagon maps and a small globe (pentagons through the warp), each passing the checker', { timeout: 120_000 }, () => {
    const dir = tmp();
    for (const [kind, size] of [
      ['hex-hexagon', '5'],
      ['hex-rectangle', '6x5'],
      ['icosahedron', '1'],
    ] as const) {
      const out = join(dir, `${kind}.json`);
      const r = runJson(['assemble', '--library', HEX, '--kind', kind, '--size', size, '--seed', '2', '-o', out]);
      expect(r.ok, kind).toBe(true);
      expect(r.tiles, kind).toBe(mapFromJsonText(readFileSync(out, 'utf8')).tileCount);
      expect(runJson(['check', out, '--library', HEX]), kind).toMatchObject({ ok: true, violations: [] });
    }
  });

  it('assembles offset-square maps from a folder of offset-square tiles; the starter tiles have none, which it says plainly', () => {
    const dir = tmp();
    const tiles = join(dir, 'bricks');
    mkdirSync(tiles);
    for (const t of [spokeTile('brick-0', OFFSET_SQUARE, 'road', []), spokeTile('brick-03', OFFSET_SQUARE, 'road', [0, 3]), spokeTile('brick-12', OFFSET_SQUARE, 'road', [1, 2]), spokeTile('brick-014', OFFSET_SQUARE, 'road', [0, 1, 4])]) {
      writeFileSync(join(tiles, `${t.id}.json`), writeVectorTile(t));
    }
    const out = join(dir, 'o.json');
    expect(runJson(['assemble', '--library', tiles, '--kind', 'offset-square', '--size', '7x6', '--seed', '2', '--connected', 'road', '-o', out])).toMatchObject({ ok: true, tiles: 42 });
    expect(runJson(['check', out, '--library', tiles, '--connected', 'road'])).toMatchObject({ ok: true, violations: [] });
    const r = runCli(['assemble', '--library', SQUARE, '--kind', 'offset-square', '--size', '4x4', '-o', join(dir, 'x.json')]);
    expect(r.code).toBe(1);
    expect(r.err).toBe("sandtable assemble: unsatisfiable: no tile of the set fits cell 0's shape (region 0,0)\n");
  });

  it('fills only the region, keeps fixed tiles, and honours counts and connectivity', () => {
    const dir = tmp();
    const out = join(dir, 'r.json');
    writeFileSync(join(dir, 'fixed.json'), JSON.stringify([{ at: '0,0', tile: 'sq-road-bend-1', orientation: 'r90' }]));
    writeFileSync(join(dir, 'counts.json'), JSON.stringify({ 'sq-road-junction-1': 1, 'sq-road-junction-2': 0 }));
    const r = runJson([
      'assemble', '--library', SQUARE, '--kind', 'square', '--size', '6x6', '--seed', '3',
      '--region', '0,0;1,0;2,0;0,1;1,1;2,1;0,2;1,2;2,2', '--fixed', join(dir, 'fixed.json'), '--counts', join(dir, 'counts.json'), '--connected', 'road', '-o', out,
    ]);
    expect(r).toMatchObject({ ok: true, tiles: 9 });
    const map = mapFromJsonText(readFileSync(out, 'utf8'));
    expect(map.instances!.get(0)!.tile).toBe('sq-road-bend-1');
    expect(map.instances!.has(map.grid.fromSystem([3, 3], map.grid.coordSystem))).toBe(false);
    expect(runJson(['check', out, '--library', SQUARE, '--connected', 'road', '--counts', join(dir, 'counts.json')])).toMatchObject({ ok: true, violations: [] });
  });

  it('runs the geomorph mode over the geomorph tiles: one connected network', () => {
    const dir = tmp();
    const out = join(dir, 'g.json');
    const geomorph = join(SQUARE, 'geomorph');
    expect(runJson(['assemble', '--library', geomorph, '--mode', 'geomorph', '--connected', 'trail', '--kind', 'square', '--size', '4x4', '--seed', '1', '-o', out])).toMatchObject({ ok: true, tiles: 16 });
    expect(runJson(['check', out, '--library', geomorph, '--connected', 'trail'])).toMatchObject({ ok: true, violations: [] });
  });

  it('reads the tiles of a library file', { timeout: 60_000 }, () => {
    const dir = tmp();
    const lib = join(dir, 'l.sandtable-library');
    runJson(['library', 'init', lib]);
    const out = join(dir, 'l.json');
    expect(runJson(['assemble', '--library', lib, '--kind', 'square', '--size', '4x4', '--seed', '1', '-o', out])).toMatchObject({ ok: true, tiles: 16 });
    expect(mapFromJsonText(readFileSync(out, 'utf8')).instances!.tileTable()[0]!.library).toBe('l');
    expect(runJson(['check', out, '--library', lib])).toMatchObject({ ok: true, violations: [] });
  });

  it('check reports a hand-broken map: the mismatch and where, exit 1', () => {
    const dir = tmp();
    const out = join(dir, 'm.json');
    runJson(['assemble', '--library', SQUARE, '--kind', 'square', '--size', '5x5', '--seed', '1', '--connected', 'road', '-o', out]);
    const json = JSON.parse(readFileSync(out, 'utf8'));
    // Cell 12 (2,2) gets a river crossing every way it can: some neighbour does not continue it.
    const tiles: { id: string }[] = json.instances.tiles;
    let k = tiles.findIndex((t) => t.id === 'sq-river-straight-1');
    if (k < 0) k = tiles.push({ id: 'sq-river-straight-1' }) - 1;
    const cell = json.instances.cells.find((c: number[]) => c[0] === 12);
    const other = json.instances.cells.find((c: number[]) => c[0] === 7);
    cell[1] = k;
    other[1] = k;
    other[2] = 6; // 90°: the two rivers cannot both continue
    writeFileSync(out, JSON.stringify(json));
    const r = runCli(['check', out, '--library', SQUARE, '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out);
    expect(report.ok).toBe(false);
    expect(report.violations.length).toBeGreaterThan(0);
    expect(report.violations[0]).toMatchObject({ kind: 'mismatch', where: expect.stringMatching(/^cell \d+ edge \d ↔ cell \d+ edge \d$/), why: expect.any(String) });
    expect(report.violations.some((v: { where: string }) => /cell (12|7) /.test(v.where))).toBe(true);
    const text = runCli(['check', out, '--library', SQUARE]);
    expect(text.code).toBe(1);
    expect(text.out).toMatch(/^mismatch at cell \d+ edge \d ↔ cell \d+ edge \d: /);
  });

  it('assembles networks with no dead ends or loops by default (issue 25), as check --json counts them; --loose drops the rules', () => {
    const dir = tmp();
    const totals = (args: string[]) => {
      const out = join(dir, `${args.length}.json`);
      runJson(['assemble', '--library', SQUARE, '--kind', 'square', '--size', '20x20', '--seed', '1', ...args, '-o', out]);
      return runJson(['check', out, '--library', SQUARE]).networks.totals;
    };
    expect(totals([])).toMatchObject({ deadEnds: 0, loops: 0 });
    const loose = totals(['--loose']);
    expect(loose.deadEnds + loose.loops).toBeGreaterThan(0);
  });

  it('exits 1 on an unsatisfiable request with the conflict as one line and in the JSON', () => {
    const dir = tmp();
    writeFileSync(
      join(dir, 'fixed.json'),
      JSON.stringify([
        { at: '2,2', tile: 'sq-river-straight-1' },
        ...['2,3', '2,1', '1,2', '3,2'].map((at) => ({ at, tile: 'sq-clear-1' })),
      ]),
    );
    const r = runCli(['assemble', '--library', SQUARE, '--kind', 'square', '--size', '5x5', '--fixed', join(dir, 'fixed.json'), '-o', join(dir, 'x.json'), '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({ ok: false, tiles: 0, reason: 'unsatisfiable', region: expect.arrayContaining([[2, 2]]) });
    expect(r.err.split('\n').filter(Boolean)).toHaveLength(1);
    expect(r.err).toMatch(/^sandtable assemble: unsatisfiable: .* \(region 2,2;2,[13]\)\n$/);
  });

  it('answers bad arguments and bad inputs with one clear line', () => {
    const dir = tmp();
    const o = join(dir, 'x.json');
    writeFileSync(join(dir, 'bad-fixed.json'), JSON.stringify([{ at: '1,1', tile: 'no-such-tile' }]));
    writeFileSync(join(dir, 'bad-counts.json'), JSON.stringify({ 'sq-clear-1': -1 }));
    const cases: [string[], number, RegExp][] = [
      [['assemble', '--kind', 'square', '--size', '4x4', '-o', o], 2, /^sandtable assemble: missing --library/],
      [['assemble', '--library', SQUARE, '--kind', 'square', '--size', '4x4'], 2, /^sandtable assemble: missing -o/],
      [['assemble', '--library', SQUARE, '--kind', 'triangle', '--size', '4x4', '-o', o], 2, /--kind must be one of/],
      [['assemble', '--library', SQUARE, '--kind', 'square', '--size', '4x4', '--mode', 'wfc', '-o', o], 2, /--mode must be one of classic, geomorph, got "wfc"/],
      [['assemble', '--library', SQUARE, '--kind', 'square', '--size', '5x5', '--river', '1,0;1,1', '-o', o], 2, /^sandtable assemble: --river lays a river on the linear tiles of an AL-FORM map; add --alform\n$/],
      [['assemble', '--library', SQUARE, '--kind', 'square', '--size', '5x5', '--alform', '--river', '0,0;1,0', '-o', o], 2, /^sandtable assemble: --river: cell 0 is an area tile; a linear feature lies on linear tiles\n$/],
      [['assemble', '--library', SQUARE, '--kind', 'square', '--size', '5x5', '--alform', '--region', '1,0', '-o', o], 2, /^sandtable assemble: --region: 1,0 is a linear tile of the AL-FORM map; AL-FORM assembly places area tiles \(rivers on linear tiles: --river\)\n$/],
      [['assemble', '--library', SQUARE, '--kind', 'square', '--size', '5x5', '--fill', 'river', '-o', o], 2, /^sandtable assemble: --fill: fill needs area terrain; "river" is linear/],
      [['assemble', '--library', join(dir, 'nope'), '--kind', 'square', '--size', '4x4', '-o', o], 2, /--library .*nope does not exist/],
      [['assemble', '--library', SQUARE, '--kind', 'square', '--size', '4x4', '--seed', 'x', '-o', o], 2, /--seed must be an integer/],
      [['assemble', '--library', SQUARE, '--kind', 'square', '--size', '4x4', '--region', '9,9', '-o', o], 2, /--region: .*9,9 is not on this map/],
      [['assemble', '--library', SQUARE, '--kind', 'square', '--size', '4x4', '--connected', 'road,', '-o', o], 2, /--connected must be terrain ids/],
      [['assemble', '--library', SQUARE, '--kind', 'square', '--size', '4x4', '--fixed', join(dir, 'bad-fixed.json'), '-o', o], 1, /bad-fixed\.json: \$\[0\]\.tile: expected a tile id of --library, got "no-such-tile"/],
      [['assemble', '--library', SQUARE, '--kind', 'square', '--size', '4x4', '--counts', join(dir, 'bad-counts.json'), '-o', o], 1, /bad-counts\.json: \$\.sq-clear-1: expected an integer 0…/],
      [['check', '--library', SQUARE], 2, /^sandtable check: expected exactly one map file/],
      [['check', join(dir, 'missing.json'), '--library', SQUARE], 1, /^sandtable check: no such file: /],
    ];
    for (const [args, code, message] of cases) {
      const r = runCli(args);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.err, args.join(' ')).toMatch(message);
      expect(r.err.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
    }
    // A map without instances, and one whose tiles the library does not have.
    const plain = join(dir, 'plain.json');
    runCli(['new', '--kind', 'square', '--size', '3x3', '-o', plain]);
    expect(runCli(['check', plain, '--library', SQUARE]).err).toMatch(/plain\.json: the map holds no tile instances/);
    const hexMap = join(dir, 'h.json');
    runJson(['assemble', '--library', HEX, '--kind', 'hex-hexagon', '--size', '3', '-o', hexMap]);
    expect(runCli(['check', hexMap, '--library', SQUARE]).err).toMatch(/h\.json: cell 0 holds tile "hex-[a-z0-9-]+" from library "hex", which --library square does not have/);
  });
});

describe('sandtable assemble --alform', () => {
  const areaOnly = (file: string) => {
    const map = mapFromJsonText(readFileSync(file, 'utf8'), file);
    const cls = tileClasses(map.grid);
    return { map, cls };
  };

  it('assembles AL-FORM square and hexagon maps: area instances on area tiles, the same seed the same bytes, check ok', { timeout: 120_000 }, () => {
    const dir = tmp();
    for (const [kind, size, lib] of [
      ['square', '9x9', SQUARE],
      ['hex-hexagon', '9', HEX],
    ] as const) {
      const [a, b] = ['a', 'b'].map((f) => join(dir, `${kind}-${f}.json`));
      const r = runJson(['assemble', '--library', lib, '--kind', kind, '--size', size, '--alform', '--seed', '3', '--fill', 'clear', '-o', a!]);
      expect(Object.keys(r), kind).toEqual(['ok', 'tiles', 'backtracks', 'ms']);
      runJson(['assemble', '--library', lib, '--kind', kind, '--size', size, '--alform', '--seed', '3', '--fill', 'clear', '-o', b!]);
      expect(readFileSync(b!, 'utf8'), kind).toBe(readFileSync(a!, 'utf8'));
      const { map, cls } = areaOnly(a!);
      expect(map.spec.alform, kind).toBe(true);
      const area = Array.from(cls).filter((k) => k === TileClass.AREA).length;
      // Every area tile holds an instance, no linear tile does; all linear tiles PASS-THRU.
      expect(r.tiles, kind).toBe(area);
      expect(map.instances!.placedCount(), kind).toBe(area);
      for (let c = 0; c < map.tileCount; c++) if (cls[c] !== TileClass.AREA) expect(map.instances!.has(c), `${kind} ${c}`).toBe(false);
      expect(runJson(['check', a!, '--library', lib]), kind).toMatchObject({ ok: true, violations: [] });
      // Movement reads the derived terrain.
      const path = runJson(['path', a!, '--mode', 'foot', '--from', kind === 'square' ? '0,0' : map.grid.coordSystem === 'cube' ? '0,0,0' : '0,0', '--to', kind === 'square' ? '8,8' : '0,-4,4']);
      expect(Number.isFinite(path.cost), kind).toBe(true);
    }
  });

  it('lays a river of the library\'s river tiles with --river on square and hexagon maps: blocking linear tiles, river terrain, stored and checked', { timeout: 120_000 }, () => {
    const dir = tmp();
    const runs = [
      ['square', '9x9', SQUARE, ['0,1', '1,1', '1,2', '1,3', '2,3']],
      ['hex-hexagon', '9', HEX, ['-3,4,-1', '-2,3,-1', '-1,3,-2', '-1,4,-3', '0,3,-3', '1,2,-3']],
    ] as const;
    let out = '';
    let cells: number[] = [];
    for (const [kind, size, lib, river] of runs) {
      out = join(dir, `${kind}-river.json`);
      const r = runJson(['assemble', '--library', lib, '--kind', kind, '--size', size, '--alform', `--river=${river.join(';')}`, '--seed', '3', '--fill', 'clear', '-o', out]);
      expect(r.ok, kind).toBe(true);
      const { map } = areaOnly(out);
      const codec = coordCodec(map.grid, map.grid.coordSystem);
      cells = river.map((at) => codec.decode(at, 'test'));
      for (const c of cells) {
        expect(map.linear!.isBlocking(c), `${kind} cell ${c}`).toBe(true);
        expect(map.linear!.get(c)!.tile, `${kind} cell ${c}`).toMatch(/-(river|lake)-/);
        expect(map.terrainAt(c), `${kind} cell ${c}`).toBe('river');
      }
      expect(runJson(['check', out, '--library', lib]), kind).toMatchObject({ ok: true, violations: [] });
    }
    // Hand-break it: a linear tile of the river back to PASS-THRU leaves the river with a gap.
    const json = JSON.parse(readFileSync(out, 'utf8'));
    json.linear.classes = json.linear.classes.filter(([c]: [number, number]) => c !== cells[2]);
    json.linear.instances.cells = json.linear.instances.cells.filter(([c]: [number]) => c !== cells[2]);
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, JSON.stringify(json));
    const bad = runCli(['check', broken, '--library', HEX, '--json']);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out).violations.some((v: { kind: string }) => v.kind === 'mismatch' || v.kind === 'reroute')).toBe(true);
  });

  it('keeps fixed area tiles, exits 1 with the conflict when they cannot fit across the linear tiles, and refuses a fixed linear tile', () => {
    const dir = tmp();
    const o = join(dir, 'x.json');
    // A river fixed in the middle area tile, plain clear ground fixed on the four area tiles across its linear tiles.
    writeFileSync(join(dir, 'fixed.json'), JSON.stringify([{ at: '2,2', tile: 'sq-river-straight-1' }, ...['2,0', '2,4', '0,2', '4,2'].map((at) => ({ at, tile: 'sq-clear-1' }))]));
    const r = runCli(['assemble', '--library', SQUARE, '--kind', 'square', '--size', '5x5', '--alform', '--fixed', join(dir, 'fixed.json'), '-o', o, '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({ ok: false, tiles: 0, reason: 'unsatisfiable', region: expect.arrayContaining([[2, 2]]) });
    expect(r.err).toMatch(/^sandtable assemble: unsatisfiable: .*\(region .*2,2.*\)\n$/);
    // The same fixed river with room to run: kept, and the map checks.
    writeFileSync(join(dir, 'fixed-ok.json'), JSON.stringify([{ at: '2,2', tile: 'sq-river-straight-1' }]));
    expect(runJson(['assemble', '--library', SQUARE, '--kind', 'square', '--size', '5x5', '--alform', '--fixed', join(dir, 'fixed-ok.json'), '--seed', '1', '-o', o])).toMatchObject({ ok: true, tiles: 9 });
    expect(mapFromJsonText(readFileSync(o, 'utf8')).instances!.get(12)).toEqual({ tile: 'sq-river-straight-1', code: 0 });
    expect(runJson(['check', o, '--library', SQUARE])).toMatchObject({ ok: true, violations: [] });
    writeFileSync(join(dir, 'fixed-linear.json'), JSON.stringify([{ at: '1,0', tile: 'sq-clear-1' }]));
    const bad = runCli(['assemble', '--library', SQUARE, '--kind', 'square', '--size', '5x5', '--alform', '--fixed', join(dir, 'fixed-linear.json'), '-o', o]);
    expect(bad.code).toBe(2);
    expect(bad.err).toBe('sandtable assemble: --fixed: 1,0 is a linear tile of the AL-FORM map; AL-FORM assembly places area tiles (rivers on linear tiles: --river)\n');
  });

  it('takes the geomorph mode and a connectivity requirement as on classic maps, the checker agreeing', () => {
    const dir = tmp();
    const g = join(dir, 'g.json');
    expect(runJson(['assemble', '--library', join(SQUARE, 'geomorph'), '--kind', 'square', '--size', '7x7', '--alform', '--mode', 'geomorph', '--seed', '1', '-o', g])).toMatchObject({ ok: true, tiles: 16 });
    expect(runJson(['check', g, '--library', join(SQUARE, 'geomorph'), '--connected', 'corridor'])).toMatchObject({ ok: true, violations: [] });
    const r = join(dir, 'r.json');
    expect(runJson(['assemble', '--library', SQUARE, '--kind', 'square', '--size', '9x9', '--alform', '--connected', 'road', '--seed', '1', '-o', r])).toMatchObject({ ok: true, tiles: 25 });
    expect(runJson(['check', r, '--library', SQUARE, '--connected', 'road'])).toMatchObject({ ok: true, violations: [] });
  });
});

describe('sandtable assemble --from: the painted map as the constraint', () => {
  it('realizes a painted hex map from the starter tiles; check --painting finds it honoured, and a cell no tile honours is named', async () => {
    const { TerrainMap } = await import('../core/map/terrain-map.js');
    const { mapToJsonText } = await import('../core/map/map-json.js');
    const dir = tmp();
    const map = TerrainMap.create({ size: { kind: 'hex-rectangle', width: 6, height: 5 } });
    for (let c = 0; c < map.tileCount; c++) map.setTerrain(c, 'clear');
    // A river entering each next hex through edge 1, from the map's edge to the map's edge, and a hill beside it.
    const river = new Set<number>([1]);
    let c = 1;
    for (let next = map.grid.neighbor(c, 1); next >= 0; c = next, next = map.grid.neighbor(c, 1)) {
      map.setEdgeTerrain(c, 1, 'river');
      river.add(next);
    }
    const away = (x: number) => !river.has(x) && [0, 1, 2, 3, 4, 5].every((d) => !river.has(map.grid.neighbor(x, d)));
    const hill = Array.from({ length: map.tileCount }, (_, i) => i).reverse().find(away)!;
    map.setTerrain(hill, 'hills');
    const painted = join(dir, 'painted.json');
    writeFileSync(painted, mapToJsonText(map));
    const out = join(dir, 'out.json');
    expect(runJson(['assemble', '--from', painted, '--library', HEX, '--seed', '2', '-o', out])).toMatchObject({ ok: true, tiles: 30 });
    expect(runJson(['check', out, '--library', HEX, '--painting'])).toMatchObject({ ok: true, violations: [], painting: { painted: 30, honoured: 30, violations: 0 } });
    // Unconstrained assembly of the same size does not honour this painting: the check can fail.
    const free = join(dir, 'free.json');
    runJson(['assemble', '--library', HEX, '--kind', 'hex-rectangle', '--size', '6x5', '--seed', '2', '--fill', 'clear', '-o', free]);
    const freeMap = mapFromJsonText(readFileSync(free, 'utf8'), 'free.json');
    map.setInstances(freeMap.instances);
    writeFileSync(free, mapToJsonText(map));
    const bad = runCli(['check', free, '--library', HEX, '--painting', '--json']);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out).painting.violations).toBeGreaterThan(0);
    // Swamp, which no starter tile depicts: refused with the cell and the reason.
    map.setInstances(null);
    map.setTerrain(hill, 'swamp');
    writeFileSync(painted, mapToJsonText(map));
    const refused = runCli(['assemble', '--from', painted, '--library', HEX, '-o', out]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`tile ${map.grid.coord(hill).join(',')}: no tile of the set depicts swamp`);
  });

  it('realizes a painted AL-FORM map: the painted river laid on its linear tiles, the area tiles honouring the painting', async () => {
    const { mapToJsonText } = await import('../core/map/map-json.js');
    const { paintedAlFormMap } = await import('../core/assemble/painted-alform.testkit.js');
    const dir = tmp();
    const { map, river } = paintedAlFormMap({ kind: 'hex-rectangle', width: 10, height: 8 }, 1);
    const painted = join(dir, 'painted.json');
    writeFileSync(painted, mapToJsonText(map));
    const out = join(dir, 'out.json');
    expect(runJson(['assemble', '--from', painted, '--library', HEX, '--seed', '1', '--strict', '-o', out])).toMatchObject({ ok: true, tiles: 80, linear: river.length, features: 1 });
    const back = mapFromJsonText(readFileSync(out, 'utf8'), 'out.json');
    for (const c of river) {
      expect(back.linear!.isBlocking(c)).toBe(true);
      expect(back.terrainAt(c)).toBe('river');
    }
    expect(runJson(['check', out, '--library', HEX, '--painting', '--strict'])).toMatchObject({ ok: true, violations: [], painting: { painted: 80, honoured: 80, violations: 0 } });
  });
});
