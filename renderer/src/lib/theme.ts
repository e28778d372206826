/**
 * Light and dark themes (SPEC §11). The palette lives in CSS variables (app.css, keyed by
 * `data-theme` on <html>); this module only chooses, applies and remembers the theme
 * (localStorage), starting from the system preference the first time.
 *
 * Renderer layer: DOM only.
 */
export type Theme = 'light' | 'dark';

const KEY = 'sandtable.theme';

export function initialTheme(): Theme {
  const saved = safeStorage()?.getItem(KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  safeStorage()?.setItem(KEY, theme);
}

/** The value of a theme CSS variable, for the WebGL views that cannot read CSS themselves. */
export function themeColour(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}

/** localStorage can be missing or throw (privacy modes, file:// in some shells). */
function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
