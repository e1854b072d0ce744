import { writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { Option, type Command } from 'commander';
import { svgToPng, turnMapSvg } from '@umpire/server';
import { formatDataProblem, replay, type Position } from '@umpire/engine';
import { CliError, getRuleset, toolFor } from './rulesets.js';
import { readRecord } from './store.js';

export { hasMap } from '@umpire/server';

export async function drawMap(rulesetId: string, opts: { out: string | readonly string[]; game?: string; turn?: number; width?: number; sheet?: string }): Promise<string> {
  const map = toolFor(rulesetId, 'map', 'map');
  const outs = typeof opts.out === 'string' ? [opts.out] : opts.out;
  for (const out of outs) {
    const format = extname(out).toLowerCase();
    if (format !== '.svg' && format !== '.png') throw new CliError(`--out must end in .svg or .png, not '${out}'`, 2);
  }
  const sheet = opts.sheet ?? map.defaultSheet;
  if (!map.sheets.some((s) => s.id === sheet)) throw new CliError(`--sheet takes ${map.sheets.map((s) => s.id).join(', ')}`, 2);
  let svg: string;
  if (opts.game) {
    // One replay gives both the check that the record holds and the position after the asked turn.
    const record = readRecord(opts.game);
    const ruleset = getRuleset(record.header.ruleset.id);
    const turns = record.steps.filter((s) => s.status === 'resolved').map((s) => s.turn);
    const turn = opts.turn ?? (turns.length ? Math.max(...turns) : 0);
    let position: Position | undefined;
    const replayed = replay(ruleset, record, { onStep: (_i, step, _before, after) => (step.turn === turn ? (position = after) : undefined) });
    if (!replayed.ok || !replayed.game) throw new CliError(`${opts.game} does not replay: ${replayed.mismatch?.path}: ${replayed.mismatch?.message}`);
    if (opts.turn !== undefined && !position) throw new CliError(`turn ${opts.turn} has not been resolved in ${opts.game}`);
    svg = turnMapSvg(record, position ?? replayed.game.position, turn, { sheet, width: opts.width ?? 1600 })!;
  } else {
    const drawn = map.opening({ width: opts.width ?? 1600, sheet });
    if (!drawn.ok) throw new CliError(`the map data does not check out:\n${drawn.error.slice(0, 10).map(formatDataProblem).join('\n')}`);
    svg = drawn.value;
  }
  for (const out of outs) writeFileSync(out, extname(out).toLowerCase() === '.svg' ? svg : await svgToPng(svg));
  return `Drew ${outs.join(' and ')} (${map.sheets.find((s) => s.id === sheet)!.label.toLowerCase()}, ${opts.width ?? 1600} px wide).`;
}

/** Register `umpire map` on the program. */
export function addMapCommand(program: Command, out: (text: string) => void): void {
  program
    .command('map')
    .description('draw the map of a game (or of the opening position) as SVG or PNG')
    .argument('<ruleset>', 'the game')
    .requiredOption('--out <file>', 'FILE.svg or FILE.png')
    .option('--game <dir>', 'a game directory: draw its position')
    .option('--turn <n>', 'the position after this turn (default: the last resolved turn)', (v) => Number(v))
    .option('--width <px>', 'picture width', (v) => Number(v), 1600)
    .addOption(new Option('--sheet <sheet>', 'which sheet of the map (the ruleset says which it has; default: its printed sheet)'))
    .action(async (rulesetId: string, o: { out: string; game?: string; turn?: number; width: number; sheet: string }) => {
      out(await drawMap(rulesetId, o));
    });
}
