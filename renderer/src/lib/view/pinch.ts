/**
 * Two-finger pinch tracking shared by the flat and the globe view: which touches are down,
 * and per move of one of two or more touches the zoom factor and how far the midpoint of
 * the first two moved. Each view turns that into its own camera motion.
 *
 * Renderer layer, but pure: no DOM types, no Three.js (events are read as plain numbers).
 */

/** What is read of a pointer event. */
export interface PointerLike {
  readonly pointerId: number;
  readonly pointerType?: string;
  readonly offsetX: number;
  readonly offsetY: number;
}

export interface PinchStep {
  /** Distance between the two touches after / before the move; null when either is 0. */
  readonly zoom: number | null;
  /** Their midpoint after the move (CSS pixels). */
  readonly x: number;
  readonly y: number;
  /** How far the midpoint moved. */
  readonly dx: number;
  readonly dy: number;
}

export class Pinch {
  private readonly touches = new Map<number, { x: number; y: number }>();

  /** A pointer went down. True when it is a touch and two or more touches are now down: a pinch, not a tool stroke. */
  down(e: PointerLike): boolean {
    if (e.pointerType !== 'touch') return false;
    this.touches.set(e.pointerId, { x: e.offsetX, y: e.offsetY });
    return this.touches.size >= 2;
  }

  /** A pointer moved: the pinch step when it is one of two or more touches, else null. */
  move(e: PointerLike): PinchStep | null {
    if (!this.touches.has(e.pointerId)) return null;
    const pinching = this.touches.size >= 2;
    const before = pinching ? this.pair() : null;
    this.touches.set(e.pointerId, { x: e.offsetX, y: e.offsetY });
    if (!before) return null;
    const after = this.pair();
    return {
      zoom: before.d > 0 && after.d > 0 ? after.d / before.d : null,
      x: after.x,
      y: after.y,
      dx: after.x - before.x,
      dy: after.y - before.y,
    };
  }

  /** A pointer went up or was cancelled; true if it was part of a pinch. */
  up(e: PointerLike): boolean {
    const was = this.touches.size >= 2 && this.touches.has(e.pointerId);
    this.touches.delete(e.pointerId);
    return was;
  }

  /** Distance and midpoint of the first two touches. */
  private pair(): { d: number; x: number; y: number } {
    const [a, b] = [...this.touches.values()] as [{ x: number; y: number }, { x: number; y: number }];
    return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }
}
