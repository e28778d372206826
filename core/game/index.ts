/**
 * core/game — 18xx games played on a board: the model, legal lays, incremental company
 * graphs, routes and revenue, the game file and its importers (README.md).
 */
export * from './types.js';
export { parseGame, readGame, writeGame } from './file.js';
export { GameSession, openGame } from './session.js';
export { legalLays, layContext, layCost } from './lays.js';
export type { LayOptions, TileOption, RotationVerdict } from './lays.js';
export { reachOf, connectedHexes, tokenRefusal } from './reach.js';
export type { ReachReport, HexReach } from './reach.js';
export { layTile, placeToken, RuleError } from './actions.js';
export { CompanyGraph } from './graph.js';
export { Network } from './network.js';
export { boardNeighbours, oppositeSide } from './topology.js';
