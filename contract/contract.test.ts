/**
 * The contract's argument validation, for every operation: a valid call passes unchanged;
 * a missing field, an extra field, a wrong type and an out-of-range value are each refused
 * with a message naming the operation and the JSON path. The sample table
 * (contract.testkit.ts) is typed against the contract, so an operation added there without
 * a sample fails to compile.
 */
import { describe, expect, it } from 'vitest';
import type { OperationName } from './contract.js';
import { OPERATION_GROUPS, OPERATION_NAMES, OPERATIONS, validateCall } from './contract.js';
import { VALID, refused } from './contract.testkit.js';

/** Fields that may be left out. */
const OPTIONAL: Partial<Record<OperationName, string[]>> = {
  'catalogue.update': ['catalogue', 'edits'],
  'catalogue.substitutes': ['terrain'],
  'project.open': ['access'],
  'project.save': ['path'],
  'dialog.save': ['defaultName'],
  'maps.create': ['wrap', 'fill'],
  'maps.import': ['mapping', 'tilesets'],
  'maps.importFile': ['mapping'],
  'maps.derive': ['ratio', 'seed'],
  'maps.assemble': ['tiles', 'seed', 'connected', 'mode', 'weights'],
  'maps.fitting': ['library', 'at', 'vectorTile', 'offset', 'limit'],
  'maps.placeTile': ['library'],
  'analysis.los': ['observerHeight', 'targetHeight', 'rayCast', 'curvature'],
  'analysis.fov': ['observerHeight', 'rayCast', 'curvature'],
  'maps.duplicate': ['name'],
  'maps.resize': ['fill', 'preview'],
  // --- library (issue 13)
  'library.open': ['create'],
  'tiles.save': ['library', 'orientations', 'tags'],
  'tiles.list': ['text', 'tag', 'terrain', 'shape', 'fits', 'limit', 'offset'],
  'tiles.duplicate': ['id'],
  'tiles.tag': ['add', 'remove'],
  'tiles.import': ['path', 'files', 'onConflict'],
  'tiles.export': ['tiles'],
  // --- end library (issue 13)
  'maps.drawNetwork': ['level'],
  'maps.eraseNetwork': ['terrain', 'whole'],
  'maps.network': ['terrain'],
};

/** Fields that take any JSON (checked later by the service that reads them). */
const ANY_JSON = new Set(['mapping', 'catalogue']);

/** One out-of-range value per field that has a range. */
const OUT_OF_RANGE: Partial<Record<OperationName, Record<string, unknown>>> = {
  'catalogue.openSubstitute': { terrain: 'Forest!', lattice: 'triangle', ratio: 1001 },
  'catalogue.saveSubstitute': { id: '' },
  'maps.exportFile': { format: 'PDF!' },
  'maps.exportPreview': { size: 4096 },
  'tiles.sheetsPreview': { page: 0, size: 4096 },
  'tiles.exportSheets': { format: 'eps' },
  'tiles.save': { tile: '', orientations: ['x9'], tags: [''] },
  'project.open': { path: '' },
  'project.save': { path: 'x'.repeat(4097) },
  'dialog.open': { purpose: 'library' },
  'dialog.save': { purpose: 'import', defaultName: '' },
  'maps.create': { name: '', kind: 'triangle', size: '40-30', wrap: 'z', fill: 'Forest' },
  'maps.load': { id: '' },
  'maps.paint': { id: 'x'.repeat(201), tiles: [-1], terrain: 'Forest!' },
  'maps.paintEdge': { tile: 2 ** 31, dir: 8, terrain: 'a b' },
  'maps.import': { fileName: '', text: '' },
  'maps.export': { format: 'pdf' },
  'maps.derive': { id: '', tiles: [2 ** 31], ratio: 121, seed: 2 ** 31 },
  'maps.placeInstances': { placements: ['not a placement'] },
  'maps.assemble': { tiles: [-1], seed: -1, connected: ['Road!'], mode: 'wfc', weights: ['not a weight'] },
  'maps.fitting': { at: -1, offset: -1, limit: 0 },
  'maps.placeTile': { tile: -1, vectorTile: '', placement: 256 },
  'maps.lineage': { id: '' },
  'analysis.path': { mode: 'Foot', from: -1, to: 0.5 },
  'analysis.reach': { budget: -1 },
  'analysis.los': { observerHeight: 10_001, targetHeight: -1 },
  'analysis.fov': { radius: 201, observerHeight: Number.NaN },
  // --- library (issue 13)
  'library.close': { library: 'File 1' },
  'tiles.list': { shape: 'triangle', limit: 501, offset: -1 },
  'tiles.thumbnails': { size: 8 },
  'tiles.rename': { name: '' },
  'tiles.delete': { tiles: [''] },
  'tiles.import': { onConflict: 'merge' },
  'tiles.export': { format: 'zip' },
  // --- end library (issue 13)
  'jobs.cancel': { jobId: '' },
  'maps.setNumbering': { numbering: 'CCRR' },
  'maps.setLayers': { layers: 'all' },
  'maps.rename': { name: '' },
  'maps.resize': { size: '40 by 30', anchor: 'middle', fill: 'Clear' },
  'maps.cut': { tiles: [-1] },
  // --- linear strokes (issue 14)
  'maps.drawLinear': { tiles: [-1], terrain: 'Road!' },
  'maps.drawEdges': { slots: [-1], terrain: 'River!' },
  'maps.fillFeature': { tile: -1, terrain: 'Canal!' },
  'maps.drawNetwork': { tiles: [-1], terrain: 'Road!', level: 4 },
  'maps.eraseNetwork': { tiles: [-1], terrain: 'Road!' },
  'maps.network': { terrain: 'Road!' },
};

function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 42;
  if (typeof value === 'number') return '42';
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return 'not a list';
  return 7;
}

describe('contract validation', () => {
  it('has a sample for every operation and nothing else', () => {
    expect(Object.keys(VALID).sort()).toEqual([...OPERATION_NAMES].sort());
    expect(OPERATION_NAMES).toEqual(Object.keys(OPERATIONS));
  });

  it('takes every operation from exactly one group module (contract/), the same schema object', () => {
    const seen = new Map<string, string>();
    for (const [group, table] of Object.entries(OPERATION_GROUPS)) {
      for (const [name, op] of Object.entries(table)) {
        expect(seen.get(name), `${name} is in groups ${seen.get(name)} and ${group}`).toBeUndefined();
        seen.set(name, group);
        expect(OPERATIONS[name as OperationName]).toBe(op);
      }
    }
    expect([...seen.keys()].sort()).toEqual([...OPERATION_NAMES].sort());
    // The names make the groups plain: a group's operations share its prefix, where it has one.
    expect(Object.keys(OPERATION_GROUPS.tiles).every((n) => n.startsWith('tiles.'))).toBe(true);
    expect(Object.keys(OPERATION_GROUPS.library).every((n) => n.startsWith('library.'))).toBe(true);
    expect(Object.keys(OPERATION_GROUPS.catalogue).every((n) => n.startsWith('catalogue.'))).toBe(true);
    expect(Object.keys(OPERATION_GROUPS.project).every((n) => n.startsWith('project.'))).toBe(true);
    expect(Object.keys(OPERATION_GROUPS.analysis).every((n) => n.startsWith('analysis.'))).toBe(true);
  });

  it('refuses unknown operation names, naming the ones it knows', () => {
    for (const name of ['maps.rm', 'constructor', '__proto__', 'toString', '', 42, null, undefined]) {
      expect(refused(name as string, {})).toMatch(/^unknown operation .*; expected one of app\.info, .*\btiles\.save\b/);
    }
  });

  describe.each(OPERATION_NAMES)('%s', (name) => {
    const valid = VALID[name] as Record<string, unknown>;
    const optional = new Set(OPTIONAL[name] ?? []);

    it('accepts a valid call unchanged', () => {
      expect(validateCall(name, valid)).toEqual({ name, args: valid });
    });

    it('refuses arguments that are not an object', () => {
      for (const bad of [null, [], 'x', 3, undefined]) expect(refused(name, bad)).toMatch(new RegExp(`^${name.replace('.', '\\.')}: \\$: expected an object`));
    });

    it('refuses an extra field, naming it', () => {
      expect(refused(name, { ...valid, sneaky: 1 })).toBe(`${name}: $.sneaky: unknown field; expected only ${Object.keys(valid).join(', ') || 'no fields'}`);
    });

    for (const field of Object.keys(valid)) {
      it(`${optional.has(field) ? 'accepts' : 'refuses'} a call without ${field}`, () => {
        const { [field]: _dropped, ...rest } = valid;
        if (optional.has(field)) expect(validateCall(name, rest).args).toEqual(rest);
        else expect(refused(name, rest)).toMatch(new RegExp(`^${name.replace('.', '\\.')}: \\$\\.${field}: expected .*, got nothing$`));
      });
      if (!ANY_JSON.has(field)) {
        it(`refuses ${field} of the wrong type`, () => {
          expect(refused(name, { ...valid, [field]: wrongType(valid[field]) })).toMatch(new RegExp(`^${name.replace('.', '\\.')}: \\$\\.${field}: expected `));
        });
      }
    }

    const ranges = OUT_OF_RANGE[name] ?? {};
    for (const [field, value] of Object.entries(ranges)) {
      it(`refuses ${field} out of range (${JSON.stringify(value)?.slice(0, 30)})`, () => {
        const message = refused(name, { ...valid, [field]: value });
        const path = Array.isArray(valid[field]) ? `\\$\\.${field}\\[0\\]` : `\\$\\.${field}`;
        expect(message).toMatch(new RegExp(`^${name.replace('.', '\\.')}: ${path}: expected `));
      });
    }
  });

  it('says what was expected and what was given', () => {
    expect(refused('maps.paint', { id: 'm', tiles: [1, 2, -3], terrain: 'forest' })).toBe('maps.paint: $.tiles[2]: expected an integer 0…2147483646, got -3');
    expect(refused('maps.create', { name: 'a', kind: 'hex', size: '3x3', alform: true })).toBe(
      'maps.create: $.kind: expected one of "square", "offset-square", "hex-rectangle", "hex-hexagon", "icosahedron", got "hex"',
    );
    expect(refused('analysis.fov', { id: 'm', from: 0, radius: 500 })).toBe('analysis.fov: $.radius: expected an integer 0…200, got 500');
  });

  it('refuses a pasted region that is not one, naming the nested field', () => {
    const region = VALID['maps.paste'].region;
    expect(refused('maps.paste', { id: 'm', anchor: 0, region: { ...region, values: [1, 2] } })).toBe('maps.paste: $.region.values[1]: expected an integer 0…1, got 2');
    expect(refused('maps.paste', { id: 'm', anchor: 0, region: { ...region, kind: 'triangle' } })).toMatch(/^maps\.paste: \$\.region\.kind: expected one of /);
  });

  it('refuses export options out of range, naming the nested field', () => {
    expect(refused('maps.exportFile', { id: 'm', format: 'png', path: '/p/a.png', options: { size: 10 ** 9 } })).toBe('maps.exportFile: $.options.size: expected an integer 16…32768, got 1000000000');
    expect(refused('maps.exportPreview', { id: 'm', size: 100, options: { paper: 'a5' } })).toBe('maps.exportPreview: $.options.paper: expected one of "a4", "letter", "a3", got "a5"');
    expect(refused('maps.exportPreview', { id: 'm', size: 100, options: { region: { from: 0 } } })).toBe('maps.exportPreview: $.options.region.to: expected an integer 0…2147483646, got nothing');
  });

  it('refuses a derivation without a selection, with too many tiles, or with a ratio or seed out of range', () => {
    expect(refused('maps.derive', { id: 'm', tiles: [] })).toBe('maps.derive: $.tiles: expected an array of at most 10000 (an integer 0…2147483646), not empty, got an empty array');
    expect(refused('maps.derive', { id: 'm', tiles: Array.from({ length: 10_001 }, (_, k) => k) })).toMatch(/^maps\.derive: \$\.tiles: expected an array of at most 10000 /);
    expect(refused('maps.derive', { id: 'm', tiles: [4], ratio: 1 })).toBe('maps.derive: $.ratio: expected an integer 2…120, got 1');
    expect(refused('maps.derive', { id: 'm', tiles: [4], ratio: 12.5 })).toBe('maps.derive: $.ratio: expected an integer 2…120, got 12.5');
    expect(refused('maps.derive', { id: 'm', tiles: [4], seed: -1 })).toBe('maps.derive: $.seed: expected an integer 0…2147483647, got -1');
    expect(refused('maps.derive', { id: 'm', tiles: [4, '5'] })).toBe('maps.derive: $.tiles[1]: expected an integer 0…2147483646, got "5"');
    expect(validateCall('maps.derive', { id: 'm', tiles: Array.from({ length: 10_000 }, (_, k) => k) }).args).toMatchObject({ id: 'm' });
  });
});
