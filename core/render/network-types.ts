/**
 * The shapes of a network drawing (network-drawing.ts builds them): lines, bridges, marks,
 * and on globes the tangent plane a bridge or mark is worked out in. Types only, in a module
 * of their own so the drawing's parts (network-pieces.ts, network-globe.ts) name them without
 * an import circle.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

/** A chained run of one network kind: points in model space (x, y on flat maps; x, y, z on globes: the drawing's `dims`). */
export interface NetworkLine {
  /** Palette value of the network's terrain. */
  readonly kind: number;
  readonly xy: number[];
}

export interface NetworkBridge {
  readonly kind: number;
  /** Palette value of the linear terrain crossed. */
  readonly crossed: number;
  /** The catalogue's composite of the two (the bridge or ford terrain id). */
  readonly composite: string;
  readonly style: 'bridge' | 'ford';
  /** A ford's stones: the crossing terrain's second colour. */
  readonly stones: string;
  /** Middle of the crossing and the unit direction of the road across it. */
  readonly x: number;
  readonly y: number;
  readonly dx: number;
  readonly dy: number;
  /** Along the road: the river's width and a margin each side. */
  readonly length: number;
  /** Across the road: the deck's width, parapets included. */
  readonly width: number;
  /** Globes: the tile's tangent plane that x, y, dx, dy lie in (network-globe.ts `liftToSphere`). */
  readonly frame?: TangentFrame;
}

export interface NetworkMark {
  readonly type: 'junction' | 'crossroads' | 'level-crossing';
  readonly x: number;
  readonly y: number;
  readonly kinds: readonly number[];
  /** Globes: the tile's tangent plane that x, y lie in. */
  readonly frame?: TangentFrame;
}

/** A globe tile's tangent plane: a plane point (x, y) is origin + x·e1 + y·e2, pushed out onto the sphere. */
export interface TangentFrame {
  /** The tile's centre (its length is the sphere's radius). */
  readonly origin: readonly [number, number, number];
  readonly e1: readonly number[];
  readonly e2: readonly number[];
}
