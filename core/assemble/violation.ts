/**
 * One thing wrong with an assembled map, as checkAssembly (check.ts) and the AL-FORM checks
 * (check-alform.ts) and `check --painting` (painted.ts) report it: what kind, where (a cell or an edge, in words) and why.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */
export type ViolationKind = 'mismatch' | 'connectivity' | 'count' | 'fixed' | 'boundary' | 'missing' | 'reroute' | 'painting';

export interface Violation {
  readonly kind: ViolationKind;
  readonly where: string;
  readonly why: string;
}
