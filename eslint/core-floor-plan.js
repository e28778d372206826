// Core's floor plan (core/README.md, the ```floor-plan block): core's folders stand on each
// other in one order, lowest first; a folder imports only folders on lower lines. This module
// is the one home of that rule: the ESLint rule below, test/floor-plan.ts and
// scripts/architecture-figures.ts all read the plan and judge an import through it.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Core's folders by level, lowest first, from core/README.md's text. */
export function floorPlan(readme) {
  const block = /```floor-plan\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('core/README.md has no ```floor-plan block');
  return block[1]
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line.length > 0)
    .map((line) => line.split(/[\s,]+/).filter(Boolean));
}

/** Why core/`from` may not import core/`to`, or undefined when it may. */
export function floorPlanRule(plan, from, to) {
  const level = (folder) => {
    const i = plan.findIndex((names) => names.includes(folder));
    return i < 0 ? undefined : i;
  };
  const a = level(from);
  const b = level(to);
  if (a === undefined) return `core/${from} is not on the floor plan (core/README.md)`;
  if (b === undefined) return `core/${to} is not on the floor plan (core/README.md)`;
  if (b > a) return `core/${from} (level ${a + 1}) may not import core/${to} (level ${b + 1}), which stands above it`;
  if (b === a) return `core/${from} and core/${to} stand on one level (${a + 1}) and may not import each other`;
  return undefined;
}

/** `core/<folder>/…` (relative to the repository root) → folder. */
export function coreFolder(file) {
  const parts = file.split(/[\\/]/);
  return parts[0] === 'core' && parts.length > 2 ? parts[1] : undefined;
}

let cached;
function planOf(cwd) {
  if (!cached || cached.cwd !== cwd) cached = { cwd, plan: floorPlan(readFileSync(path.join(cwd, 'core/README.md'), 'utf8')) };
  return cached.plan;
}

/** The ESLint rule: a relative import from one core folder into another must go down the plan. */
export const coreFloorPlan = {
  meta: {
    type: 'problem',
    docs: { description: "core/ imports follow the floor plan in core/README.md (lower folders only, no siblings)" },
    schema: [],
    messages: { against: '{{reason}}: {{source}} runs against the floor plan (core/README.md).' },
  },
  create(context) {
    const cwd = context.cwd;
    const file = path.relative(cwd, context.filename);
    const from = coreFolder(file);
    if (from === undefined) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.relative(cwd, path.resolve(path.dirname(context.filename), source));
      const to = coreFolder(target);
      if (to === undefined || to === from) return;
      const reason = floorPlanRule(planOf(cwd), from, to);
      if (reason) context.report({ node, messageId: 'against', data: { reason, source } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === 'Literal') check(literal, literal.value);
      },
    };
  },
};

export default { rules: { 'core-floor-plan': coreFloorPlan } };
