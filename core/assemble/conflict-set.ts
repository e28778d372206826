/**
 * Conflict sets of the backjumping search (solver.ts): the decision levels a failure depends
 * on. Explanations from support counting name single levels; the global constraints
 * (connectivity, quantity limits) do not explain themselves and stand for every level up to
 * theirs, kept as a prefix so such a set stays small: {1 … prefix} ∪ levels.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
export class ConflictSet {
  prefix = 0;
  readonly levels = new Set<number>();

  addLevel(level: number): void {
    if (level > this.prefix) this.levels.add(level);
  }

  addPrefix(level: number): void {
    if (level <= this.prefix) return;
    this.prefix = level;
    for (const l of [...this.levels]) if (l <= level) this.levels.delete(l);
  }

  merge(other: ConflictSet): void {
    this.addPrefix(other.prefix);
    for (const l of other.levels) this.addLevel(l);
  }

  /** The deepest level in the set; 0 when it depends on no decision. */
  max(): number {
    let m = this.prefix;
    for (const l of this.levels) if (l > m) m = l;
    return m;
  }

  /** Drops the deepest level `level` (= max()): what remains explains refuting that decision. */
  dropMax(level: number): void {
    this.levels.delete(level);
    if (this.prefix >= level) this.prefix = level - 1;
  }

  copy(): ConflictSet {
    const c = new ConflictSet();
    c.merge(this);
    return c;
  }
}
