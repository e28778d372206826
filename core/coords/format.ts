/**
 * Coordinates as people read them (status bar, analysis panel, dialogs): our own systems'
 * tuples with a real minus sign, "(3, −2)", and latitude / longitude in decimal degrees
 * with hemisphere letters, "48.137° N, 11.575° E" — three decimals, about 100 m on Earth,
 * finer than any globe tile the app makes.
 *
 * Must not depend on: DOM, Node, Electron, Three.js, Svelte.
 */

/** Decimals of a latitude or longitude as shown. */
export const LATLON_DECIMALS = 3;

/** "48.137° N, 11.575° E"; −0 and values that round to 0 print without a hemisphere flip ("0.000° N"). */
export function formatLatLon(lat: number, lon: number, decimals = LATLON_DECIMALS): string {
  const part = (v: number, pos: string, neg: string): string => {
    const text = Math.abs(v).toFixed(decimals);
    return `${text}° ${v < 0 && Number(text) !== 0 ? neg : pos}`;
  };
  return `${part(lat, 'N', 'S')}, ${part(lon, 'E', 'W')}`;
}

/** "(3, −2)" with a real minus sign; latitude/longitude (system `latlon`, [lat, lon]) in degrees N/S, E/W. */
export function formatCoord(system: string, coord: readonly number[]): string {
  if (system === 'latlon') return formatLatLon(coord[0]!, coord[1]!);
  const n = (v: number) => (v < 0 ? `−${-v}` : String(v));
  return `(${coord.map(n).join(', ')})`;
}
