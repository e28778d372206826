/**
 * core/game — 18xx games played on a board: the model, legal lays, incremental company
 * graphs, routes and revenue, the game file and its importers (README.md).
 */
export * from './types.js';
export { parseGame, readGame, writeGame } from './file.js';
export { GameSession, openGame } from './session.js';
export { legalLays, layContext, layCost, tilesLeft } from './lays.js';
export { bestRoutes, companyLinks, trainRoutes } from './routes.js';
export type { Route, RouteSearch, Link } from './routes.js';
export { routesReport } from './report.js';
export type { RoutesReport, TrainRoute, RouteStop } from './report.js';
export { parseTrain, parseTrains } from './trains.js';
export type { Train } from './trains.js';
export { nodeRevenue } from './revenue.js';
export { fitTile } from './tile-fit.js';
export type { LayOptions, TileOption, RotationVerdict } from './lays.js';
export { reachOf, connectedHexes, tokenRefusal } from './reach.js';
export type { ReachReport, HexReach } from './reach.js';
export { layTile, placeToken, RuleError } from './actions.js';
export { CompanyGraph } from './graph.js';
export { Network } from './network.js';
export { boardNeighbours, oppositeSide } from './topology.js';
export { BOARD_GROUND, BOARD_TRACK, boardNumberedAsMap, gameBoardMap } from './board-map.js';
export type { BoardMap } from './board-map.js';
