/**
 * The strip lattice behind the icosahedral globe (SPEC §2; seed, CLAIM 1 (E)): how a tile's
 * integer latitude/longitude, its dense index and its place in the icosahedron net relate,
 * all as O(1) arithmetic (no loops over rings, no tables).
 *
 * The net is five strips k = 0…4. Strip k is the parallelogram 0 ≤ α ≤ 2n, 0 ≤ β ≤ n of a
 * triangular lattice whose axis a runs from V0 towards the upper vertex U_k and axis b from
 * V0 towards U_{k+1}. It holds four icosahedron faces:
 *
 *   cap    V0  U_k     U_{k+1}    (0,0) (n,0) (0,n)
 *   down   U_k U_{k+1} W_{k+1}    (n,0) (0,n) (n,n)
 *   up     U_k W_{k+1} W_k        (n,0) (n,n) (2n,0)
 *   bottom W_k W_{k+1} V11        (2n,0) (n,n) (2n,n)
 *
 * where U_k is the upper vertex pentagon at (lat n, lon k·n) and W_k the lower one at
 * (lat 2n, lon k·n). Strip k owns 1 ≤ α ≤ 2n, 0 ≤ β ≤ n−1 (2n² tiles; V0 and V11 belong to
 * no strip); its right border (α = 0, then β = n) is glued to the left border of strip k+1
 * (β = 0, then α = 2n): by a 60° turn about V0 in the cap, a translation by (n, −n) in the
 * band and a 60° turn about V11 in the bottom. The left border of strip 0 is the meridian
 * V0 → U_0 → W_0 → V11, following icosahedron edges as the seed requires.
 *
 * In strip coordinates lat = α + β, and along a ring β grows with longitude:
 *   lon = k·s(lat) + β − βmin(lat), s = sector size min(lat, n, 3n − lat), βmin = max(0, lat − 2n).
 * That is the whole trick: neighbours are the six lattice steps of the strip plane, and only
 * steps that leave the strip need one of the three seam maps.
 *
 * Must not depend on: DOM, Node, anything outside core/grid.
 */

/** Strip-plane steps in direction order (SPEC §2: +lon first, then clockwise seen from outside): b−a, b, a, a−b, −b, −a. */
export const STEP_A: readonly number[] = [-1, 0, 1, 1, 0, -1];
export const STEP_B: readonly number[] = [1, 1, 0, -1, -1, 0];

export class IcosaLattice {
  /** n = L + 1: lattice steps along one icosahedron edge. */
  readonly n: number;
  readonly tileCount: number;
  /** Index of V11, the last tile. */
  readonly last: number;
  /** First index of ring n (U_0); everything before it is the upper cap. */
  readonly capEnd: number;
  /** First index of ring 2n (W_0). */
  readonly ring2n: number;
  /** First index of ring 2n + 1; from here on the lower cap. */
  readonly bandEnd: number;

  // Result of the last decode(), kept in fields so hot loops allocate nothing.
  k = 0;
  a = 0;
  b = 0;
  lat = 0;
  lon = 0;

  constructor(n: number) {
    this.n = n;
    this.tileCount = 10 * n * n + 2;
    this.last = this.tileCount - 1;
    this.capEnd = 1 + (5 * n * (n - 1)) / 2;
    this.ring2n = this.capEnd + 5 * n * n;
    this.bandEnd = this.ring2n + 5 * n;
  }

  /** Number of tiles on ring `lat` (0 ≤ lat ≤ 3n). */
  ringSize(lat: number): number {
    const n = this.n;
    if (lat === 0 || lat === 3 * n) return 1;
    return 5 * (lat < n ? lat : lat > 2 * n ? 3 * n - lat : n);
  }

  /** Dense index of (lat, lon 0), closed form. */
  ringOffset(lat: number): number {
    const n = this.n;
    if (lat <= n) return lat === 0 ? 0 : 1 + (5 * lat * (lat - 1)) / 2;
    if (lat <= 2 * n) return this.capEnd + 5 * n * (lat - n);
    const r = 3 * n - lat;
    return this.last - (5 * r * (r + 1)) / 2;
  }

  /** Index of the tile owned by strip k (0…4) at (α, β), 1 ≤ α ≤ 2n, 0 ≤ β ≤ n−1. */
  encode(k: number, a: number, b: number): number {
    const n = this.n;
    const lat = a + b;
    if (lat <= n) return 1 + (5 * lat * (lat - 1)) / 2 + k * lat + b;
    if (lat <= 2 * n) return this.capEnd + 5 * n * (lat - n) + k * n + b;
    const r = 3 * n - lat;
    return this.last - (5 * r * (r + 1)) / 2 + k * r + b - (n - r);
  }

  /**
   * Fills k, a, b, lat, lon for tile i. The poles get k = 0 and their strip position
   * (0,0) / (2n,n). Ring numbers come from inverting the triangular ring offsets with one
   * square root, corrected by at most one step for rounding.
   */
  decode(i: number): void {
    const n = this.n;
    if (i < this.capEnd) {
      if (i === 0) {
        this.place(0, 0, 0, 0);
        return;
      }
      const p = i - 1;
      const lat = capRing(p);
      const lon = p - (5 * lat * (lat - 1)) / 2;
      const k = (lon / lat) | 0;
      this.place(k, lon - k * lat, lat, lon);
    } else if (i < this.bandEnd) {
      const p = i - this.capEnd;
      const q = (p / (5 * n)) | 0;
      const lon = p - q * 5 * n;
      const k = (lon / n) | 0;
      this.place(k, lon - k * n, n + q, lon);
    } else {
      if (i === this.last) {
        this.place(0, n, 3 * n, 0);
        return;
      }
      // Mirror of the upper cap: count r = 3n − lat rings in from V11.
      const r = capRing(this.last - 1 - i);
      const lon = i - (this.last - (5 * r * (r + 1)) / 2);
      const k = (lon / r) | 0;
      this.place(k, n - r + (lon - k * r), 3 * n - r, lon);
    }
  }

  /** Sets the decoded position; a follows from lat and b (lat = a + b on every strip). */
  private place(k: number, b: number, lat: number, lon: number): void {
    this.k = k;
    this.b = b;
    this.a = lat - b;
    this.lat = lat;
    this.lon = lon;
  }

  /**
   * Index of the lattice point (α, β) of strip k's plane, for any point of the closed
   * parallelogram and for the points one step outside its left border (β = −1 or α = 2n+1)
   * that a non-pentagon tile of the strip can reach. Points on the right border, or outside
   * the left one, are carried to the neighbouring strip by the seam maps.
   */
  canon(k: number, a: number, b: number): number {
    const n = this.n;
    if (b < 0) {
      // Across V0–U_k (60° turn about V0: (α, −1) → (1, α−1)) or U_k–W_k (translation).
      const km = k === 0 ? 4 : k - 1;
      return a <= n ? this.encode(km, 1, a - 1) : this.encode(km, a - n, n - 1);
    }
    if (a > 2 * n) {
      // Across W_k–V11 (60° turn about V11): (2n+1, β) → (n+1+β, n−1) in strip k−1.
      return this.encode(k === 0 ? 4 : k - 1, n + 1 + b, n - 1);
    }
    if (a === 0) return b === 0 ? 0 : this.encode(k === 4 ? 0 : k + 1, b, 0);
    if (b === n) {
      if (a === 2 * n) return this.last;
      const kp = k === 4 ? 0 : k + 1;
      return a <= n ? this.encode(kp, a + n, 0) : this.encode(kp, 2 * n, a - n);
    }
    return this.encode(k, a, b);
  }
}

/**
 * The ring r ≥ 1 of a cap holding position p (0-based after the pole), inverting the ring
 * offsets 5r(r−1)/2 with one square root, corrected by at most one step for rounding.
 */
function capRing(p: number): number {
  let r = Math.floor((1 + Math.sqrt(1 + 1.6 * p)) / 2);
  if ((5 * r * (r - 1)) / 2 > p) r--;
  else if ((5 * r * (r + 1)) / 2 <= p) r++;
  return r;
}
