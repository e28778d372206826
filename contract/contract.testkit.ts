/**
 * One valid call of every operation, typed against the contract, so an operation added there
 * without a sample here fails to compile. Shared by the contract's validation tests
 * (contract.test.ts) and the router's fuzz test (test/fuzz/router.fuzz.test.ts), which
 * mutates these into hostile calls. Test-only.
 */
import type { ArgsOf, OperationName } from './contract.js';
import { validateCall } from './contract.js';

export const VALID: { [N in OperationName]: ArgsOf<N> } = {
  'app.info': {},
  'catalogue.get': {},
  'catalogue.state': {},
  'catalogue.update': { catalogue: { name: 'any JSON, checked by core' }, edits: [{ op: 'updateTerrain', id: 'forest', patch: { name: 'Woods' } }] },
  'catalogue.undo': {},
  'catalogue.redo': {},
  'catalogue.substitutes': { terrain: 'forest' },
  'catalogue.openSubstitute': { terrain: 'forest', lattice: 'hex', ratio: 6 },
  'catalogue.saveSubstitute': { id: 'm1' },
  'project.new': {},
  'project.open': { path: '/home/d/maps/ardennes.sandtable', access: 'read-only' },
  'project.save': { path: 'ardennes.sandtable' },
  'project.info': {},
  'project.recent': {},
  'project.recovery': {},
  'project.discardRecovery': { path: '/u/recovery/untitled-1-2.sandtable' },
  'project.grantFolder': { folder: '/data/tilesets' },
  'dialog.open': { purpose: 'import' },
  'dialog.save': { purpose: 'export', defaultName: 'map.tmx' },
  'maps.list': {},
  'maps.create': { name: 'Ardennes', kind: 'hex-rectangle', size: '41x31', wrap: 'x', alform: true, fill: 'clear' },
  'maps.load': { id: 'm1' },
  'maps.delete': { id: 'm1' },
  'maps.paint': { id: 'm1', tiles: [0, 5, 9], terrain: 'forest' },
  'maps.paintEdge': { id: 'm1', tile: 3, dir: 2, terrain: 'river' },
  'maps.undo': { id: 'm1' },
  'maps.redo': { id: 'm1' },
  'maps.placeInstances': { id: 'm1', placements: [{ tile: 4, vectorTile: 'sq-road-bend-1', placement: 6 }, { tile: 5, vectorTile: null }] },
  'maps.assemble': { id: 'm1', tiles: [0, 1, 2], seed: 7, connected: ['road'], mode: 'geomorph', weights: [{ vectorTile: 'hex-road-straight', weight: 2.5 }] },
  // --- placing tiles (issue 13)
  'maps.fitting': { id: 'm1', library: 'user', at: 4, vectorTile: 'hex-road-straight', offset: 0, limit: 50 },
  'maps.placeTile': { id: 'm1', tile: 4, library: 'user', vectorTile: 'hex-road-straight', placement: 2 },
  // --- end placing tiles (issue 13)
  'maps.convert': { id: 'm1' },
  'maps.import': { fileName: 'a.tmx', text: '<map/>', mapping: { tiles: {}, default: 'clear' }, tilesets: [{ name: 'a.tsx', text: '<tileset/>' }] },
  'maps.importFile': { path: '/data/a.tmx', mapping: { tiles: {}, default: 'clear' } },
  'maps.export': { id: 'm1', format: 'tmx' },
  'maps.exportFile': { id: 'm', format: 'pdf', path: '/p/map.pdf', options: { paper: 'a4', landscape: true, tileMm: 16, region: { from: 0, to: 9 } } },
  'maps.exportPreview': { id: 'm', options: { grid: false }, size: 480 },
  'export.formats': {},
  'maps.derive': { id: 'm1', tiles: [40, 44, 48], ratio: 12, seed: 7 },
  'maps.lineage': { id: 'm1' },
  // --- everyday editing (issue 14, wt-regions)
  'maps.rename': { id: 'm1', name: 'Ardennes, 1944' },
  'maps.duplicate': { id: 'm1', name: 'Ardennes copy' },
  'maps.resize': { id: 'm1', size: '41x31', anchor: 'ne', fill: 'clear', preview: true },
  'maps.paste': {
    id: 'm1',
    region: { format: 'sandtable-region', version: 1, kind: 'hex-rectangle', alform: false, translation: 'axial120', palette: ['forest'], steps: [0, 0, 1, 0], values: [1, 0], edges: [0, 2, 0] },
    anchor: 12,
  },
  'maps.cut': { id: 'm1', tiles: [3, 4] },
  // --- end everyday editing
  'maps.remapTerrain': { id: 'm1', pairs: [{ from: 'unmapped-sand-dunes', to: 'sand' }] },
  'analysis.path': { id: 'm1', mode: 'foot', from: 0, to: 10 },
  'analysis.reach': { id: 'm1', mode: 'wheeled', from: 0, budget: 12.5 },
  'analysis.los': { id: 'm1', from: 0, to: 10, observerHeight: 2, targetHeight: 1.5, rayCast: true, curvature: false },
  'analysis.fov': { id: 'm1', from: 0, radius: 8, observerHeight: 10, rayCast: true, curvature: true },
  // --- library (issue 13)
  'library.list': {},
  'library.open': { path: '/home/d/castles.sandtable-library', create: true },
  'library.close': { library: 'file-1' },
  'library.undo': { library: 'user' },
  'library.redo': { library: 'file-1' },
  'tiles.save': { library: 'file-1', tile: '{"format":"sandtable-vector-tile","version":1,"id":"bend","shape":"hex","elements":[]}', orientations: ['r0', 'm60'], tags: ['road'] },
  'tiles.list': { library: 'user', text: 'ford', tag: 'river', terrain: 'river', shape: 'hex', fits: { id: 'm1', tile: 12 }, limit: 60, offset: 120 },
  'tiles.get': { library: 'user', tile: 'hex-river-ford-1' },
  'tiles.thumbnails': { library: 'user', tiles: ['a', 'b'], size: 96 },
  'tiles.rename': { library: 'user', tile: 'a', name: 'Ford (shallow)' },
  'tiles.duplicate': { library: 'user', tile: 'a', id: 'a-2' },
  'tiles.delete': { library: 'user', tiles: ['a', 'b'] },
  'tiles.tag': { library: 'user', tiles: ['a'], add: ['river'], remove: ['old'] },
  'tiles.import': { library: 'user', path: '/home/d/tiles', files: [{ name: 'ford.svg', text: '<svg/>' }], onConflict: 'replace' },
  'tiles.export': { library: 'file-1', tiles: ['a'], path: '/home/d/pack', format: 'svg' },
  'tiles.games': { library: 'file-1' },
  'tiles.sheetsPreview': {
    source: { library: 'file-1', game: '1889', tiles: [{ id: 'hex-clear-1', count: 4 }], backTile: 'hex-clear-1' },
    options: { layout: 'die', tileMm: 38.1, paper: 'letter', landscape: true, marginMm: 6.35, bleedMm: 3, cut: 'marks', dieTemplate: true, pageNumbers: true, manifestPage: false, backColour: '#1d3557', duplex: 'short', backOffsetMm: [0.5, -0.5], dpi: 300, unlimitedCount: 6 },
    page: 2,
    size: 480,
  },
  'tiles.exportSheets': { source: { library: 'user', game: '1889' }, options: { layout: 'grid' }, format: 'pdf', path: '/home/d/1889.pdf' },
  // --- end library (issue 13)
  'jobs.cancel': { jobId: 'j1' },
  'maps.setNumbering': { id: 'm1', numbering: '18xx' },
  'maps.setLayers': { id: 'm1', layers: { linear: { visible: false, opacity: 0.5 }, grid: { visible: true, opacity: 1 } } },
  // --- linear strokes (issue 14)
  'maps.drawLinear': { id: 'm1', tiles: [1, 2, 3], terrain: 'road' },
  'maps.drawEdges': { id: 'm1', slots: [4, 7], terrain: 'river' },
  'maps.fillFeature': { id: 'm1', tile: 5, terrain: 'canal' },
  // --- through-tile networks (issue 26)
  'maps.drawNetwork': { id: 'm1', tiles: [3, 4, 5], terrain: 'road', level: 1 },
  'maps.eraseNetwork': { id: 'm1', tiles: [3, 4], terrain: 'road', whole: false },
  'maps.network': { id: 'm1', terrain: 'road' },
};

/** The one-line message `validateCall` refuses `(name, args)` with; fails the test when it accepts them. */
export function refused(name: string, args: unknown): string {
  try {
    validateCall(name, args);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`${name} accepted ${JSON.stringify(args)}`);
}
