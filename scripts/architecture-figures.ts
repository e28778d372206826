/**
 * The architecture's figures (issue 23): imports in core/ that run against the floor plan,
 * import circles, product files over 400 lines, product functions over 80 lines and
 * `as unknown as` casts. `node --import tsx scripts/architecture-figures.ts [--list]`.
 * The floor plan and the graph come from test/floor-plan.ts, the same code the tests use.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { coreImportGraph, floorPlanViolations, importCircles, productFiles } from '../test/floor-plan.js';

const list = process.argv.includes('--list');
const graph = coreImportGraph();
const violations = floorPlanViolations(graph);
const circles = importCircles(graph);

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
const files = productFiles(['core', 'node', 'electron', 'renderer', 'cli', 'contract']);
const bigFiles: string[] = [];
const bigFunctions: string[] = [];
let casts = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').length;
  if (lines > MAX_FILE_LINES) bigFiles.push(`${file} ${lines}`);
  casts += (text.match(/as unknown as/g) ?? []).length;
  const script = file.endsWith('.svelte') ? svelteScript(text) : text;
  const source = ts.createSourceFile(file, script, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.end).line;
      const n = end - start + 1;
      if (n > MAX_FUNCTION_LINES && !isHotLoop(source, node)) bigFunctions.push(`${file}:${start + 1} ${functionName(node)} ${n}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** A documented hot loop says so in the comment above it (`hot loop:`), and may run long. */
function isHotLoop(source: ts.SourceFile, node: ts.Node): boolean {
  const holder = ts.isVariableDeclaration(node.parent) ? node.parent.parent.parent : node;
  const comments = ts.getLeadingCommentRanges(source.text, holder.getFullStart()) ?? [];
  return comments.some((c) => /hot loop/i.test(source.text.slice(c.pos, c.end)));
}

function functionName(node: ts.Node): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText();
  if (ts.isVariableDeclaration(node.parent)) return node.parent.name.getText();
  if (ts.isPropertyAssignment(node.parent)) return node.parent.name.getText();
  return '(anonymous)';
}

/** A Svelte component's script, at its own lines (the markup blanked so line numbers hold). */
function svelteScript(text: string): string {
  const match = /<script[^>]*>([\s\S]*?)<\/script>/.exec(text);
  if (!match) return '';
  const before = text.slice(0, match.index + match[0].indexOf('>') + 1).replace(/[^\n]/g, '');
  return before + match[1];
}

console.log(
  JSON.stringify(
    {
      floorPlanViolations: violations.length,
      importCircles: circles.length,
      filesOver400: bigFiles.length,
      functionsOver80: bigFunctions.length,
      asUnknownAs: casts,
      ...(list ? { violations, circles, bigFiles, bigFunctions } : {}),
    },
    null,
    2,
  ),
);
