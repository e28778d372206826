/**
 * The import graph of core/ and what is measured on it: imports against the floor plan and
 * import circles. The plan and its rule have one home, eslint/core-floor-plan.js (the ESLint
 * rule uses it too); used by test/layers.test.ts and scripts/architecture-figures.ts.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { coreFolder, floorPlan as parsePlan, floorPlanRule } from '../eslint/core-floor-plan.js';

export { coreFolder, floorPlanRule };

/** Core's folders, lowest level first; folders on one level may not import each other. */
export function floorPlan(readme = readFileSync('core/README.md', 'utf8')): string[][] {
  return parsePlan(readme);
}

/** Every file under `dirs` that is product code: .ts and .svelte, no tests, testkits or declarations. */
export function productFiles(dirs: string[], root = '.'): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const full = path.join(dir, name);
      if (name === 'node_modules' || name === 'dist' || name === 'out') continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|svelte)$/.test(name) && !/\.(test|testkit|d)\.ts$/.test(name) && !name.endsWith('.bench.ts')) out.push(full);
    }
  };
  for (const dir of dirs) walk(path.join(root, dir));
  return out.sort();
}

/** The relative imports of one file's text (import, export … from, import(), import type). */
export function relativeImports(text: string, file: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      out.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out.filter((s) => s.startsWith('.'));
}

/** core/ file → the core files it imports (paths relative to the repository root, `.ts`). */
export type ImportGraph = Map<string, string[]>;

export function coreImportGraph(root = '.', sources?: Map<string, string>): ImportGraph {
  const graph: ImportGraph = new Map();
  const files = sources ? [...sources.keys()] : productFiles(['core'], root).map((f) => path.relative(root, f));
  for (const file of files) {
    const text = sources?.get(file) ?? readFileSync(path.join(root, file), 'utf8');
    const targets = relativeImports(text, file)
      .map((spec) => path.normalize(path.join(path.dirname(file), spec)).replace(/\.js$/, '.ts'))
      .filter((target) => target.startsWith('core/'));
    graph.set(file, targets);
  }
  return graph;
}

/** Imports that run against the plan: to a higher level, across one level, or to a folder the plan does not name. */
export function floorPlanViolations(graph: ImportGraph, plan = floorPlan()): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    const from = coreFolder(file);
    if (from === undefined) continue;
    for (const target of targets) {
      const to = coreFolder(target);
      if (to === undefined || to === from) continue;
      const reason = floorPlanRule(plan, from, to);
      if (reason) out.push(`${file} → ${target}: ${reason}`);
    }
  }
  return out;
}

/** The import circles among core's files: strongly connected components of more than one file (or a file importing itself). */
export function importCircles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative so a deep chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!graph.has(to)) continue;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfLoop) circles.push(component.sort());
      }
    }
  }
  return circles;
}
