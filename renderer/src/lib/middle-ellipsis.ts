/**
 * Shortens a label in the middle, keeping its end: library tiles named "Forest road (1)" and
 * "Forest road (2)" differ only at the end, so an end ellipsis makes them look alike. The full
 * text stays in the element's tooltip.
 */

/** `text` when it has at most `max` characters (code points); otherwise its head, "…", and its tail (a little shorter than the head). */
export function middleEllipsis(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  if (max < 3) return chars.slice(0, Math.max(max, 0)).join('');
  const keep = max - 1;
  const head = Math.ceil(keep / 2);
  return `${chars.slice(0, head).join('').trimEnd()}…${chars.slice(chars.length - (keep - head)).join('').trimStart()}`;
}
