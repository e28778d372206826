// Types of core-floor-plan.js (plain JS so eslint.config.js loads it without a TypeScript loader).
export function floorPlan(readme: string): string[][];
export function floorPlanRule(plan: readonly (readonly string[])[], from: string, to: string): string | undefined;
export function coreFolder(file: string): string | undefined;
declare const plugin: { rules: Record<string, unknown> };
export default plugin;
