// Minimal typings for benchmark peers that ship none (PathFinding.js). Only what
// bench/path.bench.ts uses is declared.
declare module 'pathfinding' {
  export class Grid {
    constructor(matrix: number[][]);
    constructor(width: number, height: number);
    clone(): Grid;
    setWalkableAt(x: number, y: number, walkable: boolean): void;
  }
  export const DiagonalMovement: { Always: number; Never: number; IfAtMostOneObstacle: number; OnlyWhenNoObstacles: number };
  export class AStarFinder {
    constructor(options?: { diagonalMovement?: number; weight?: number; heuristic?: (dx: number, dy: number) => number });
    findPath(startX: number, startY: number, endX: number, endY: number, grid: Grid): number[][];
  }
  const PF: { Grid: typeof Grid; AStarFinder: typeof AStarFinder; DiagonalMovement: typeof DiagonalMovement };
  export default PF;
}
