/**
 * `sandtable convert <classic.json> -o <alform.json> [--reverse]`: the AL-FORM transfer of
 * SPEC §3 on map files. Reads and validates the input first, writes atomically, so a bad
 * input never leaves a half-written output.
 */
import type { Io } from '../io.js';
import { UsageError } from '../io.js';
import { parse } from '../args.js';
import { mapFromJson, mapToJsonText } from '../../core/map/map-json.js';
import { parseJsonText } from '../../core/util/json-text.js';
import { alformToClassic, classicToAlform } from '../../core/map/alform-transfer.js';
import { formatSize } from '../../core/grid/size.js';

export const convertHelp = 'convert <map.json> -o <out.json> [--reverse] [--json]   classic map → AL-FORM map (or back)';

export function convertCommand(argv: string[], io: Io): number {
  const { values, positionals } = parse('convert', argv, {
    output: { type: 'string', short: 'o' },
    reverse: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  });
  if (positionals.length !== 1) throw new UsageError('convert: expected exactly one input map file (convert <map.json> -o <out.json>)');
  const output = values.output;
  if (typeof output !== 'string' || !output) throw new UsageError('convert: missing -o <out.json>');
  const input = positionals[0]!;
  const json = parseJsonText(io.readText(input), input);
  // The cheap check first: the declared `alform` flag decides before the map is built.
  const declared = typeof json === 'object' && json !== null ? (json as { alform?: unknown }).alform : undefined;
  const reverseMismatch = (alform: unknown) => {
    if (values.reverse && alform === false) throw new UsageError(`convert: ${input} is a classic map; --reverse needs an AL-FORM map`);
    if (!values.reverse && alform === true) throw new UsageError(`convert: ${input} is already AL-FORM; use --reverse to get the classic map back`);
  };
  reverseMismatch(declared);
  const map = mapFromJson(json, input);
  reverseMismatch(map.spec.alform);
  const result = values.reverse ? alformToClassic(map) : classicToAlform(map);
  io.writeText(output, mapToJsonText(result));
  const summary = { input, output, kind: result.spec.kind, from: formatSize(map.spec.size), to: formatSize(result.spec.size), alform: result.spec.alform, tileCount: result.tileCount };
  io.out(values.json ? `${JSON.stringify(summary)}\n` : `${input} (${summary.from}) → ${output} (${summary.to}${result.spec.alform ? ' AL-FORM' : ' classic'}, ${summary.tileCount} tiles)\n`);
  return 0;
}
