/**
 * The light or dark theme in use (SPEC §11); lib/theme.ts chooses the first one, applies it
 * to the page and remembers it.
 *
 * Renderer layer: DOM through lib/theme.ts (injected, so the store is testable without one).
 */
import { applyTheme, initialTheme, type Theme } from '../theme.js';

export class ThemeStore {
  theme = $state<Theme>('light');

  constructor(
    initial: Theme = initialTheme(),
    private readonly apply: (theme: Theme) => void = applyTheme,
  ) {
    this.theme = initial;
    apply(initial);
  }

  toggle(): void {
    this.theme = this.theme === 'light' ? 'dark' : 'light';
    this.apply(this.theme);
  }
}
