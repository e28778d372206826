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

// wavefunctioncollapse (kchapelier's port of mxgmn's WaveFunctionCollapse): the SimpleTiledModel
// the assembly bench runs (bench/wfc-peer.ts). Only what the bench uses is declared.
declare module 'wavefunctioncollapse' {
  export interface SimpleTiledTile {
    name: string;
    /** mxgmn's symmetry letter: X, I, \, T, L or F (8 variants); anything else counts as X. */
    symmetry?: string;
    /** The weight of each of the tile's variants (default 1). */
    weight?: number;
    /** RGBA, tilesize² pixels; only drawn by graphics(). */
    bitmap: ArrayLike<number>;
  }
  export interface SimpleTiledData {
    tilesize?: number;
    tiles: SimpleTiledTile[];
    /** "name variant" strings: `left` sits at x − 1 of `right`. */
    neighbors: { left: string; right: string }[];
  }
  export class SimpleTiledModel {
    constructor(data: SimpleTiledData, subsetName: string | null, width: number, height: number, periodic: boolean);
    /** Variants in all. */
    readonly T: number;
    /** [direction][variant] → the variants allowed at the neighbour in that direction. */
    readonly propagator: number[][][];
    /** Variant per cell (x + y·width) once a generation completed. */
    readonly observed: number[] | null;
    /** Direction d's offset: (DX[d], DY[d]). */
    readonly DX: readonly number[];
    readonly DY: readonly number[];
    iterate(iterations: number, rng?: () => number): boolean;
    isGenerationComplete(): boolean;
    clear(): void;
  }
  const wfc: { SimpleTiledModel: typeof SimpleTiledModel };
  export default wfc;
}
