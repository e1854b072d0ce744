import { readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { EUROPE_SHEET, FRONTS_SHEET, renderMapSvg, WORLD_SHEET, type Sheet } from '@umpire/cartography';
import { boardOverlay, greatWar, loadWorld, mapPicture, mapStyle, scenarioData, type GreatWarState, type PictureOverlay } from '@umpire/great-war';
import { CliError, getRuleset } from './rulesets.js';
import { dataDir, formatDataProblem } from './data-command.js';
import { readRecord } from './store.js';
import { replay, type Position } from '@umpire/engine';

const SHEETS: Record<string, readonly Sheet[]> = { all: [WORLD_SHEET, EUROPE_SHEET, FRONTS_SHEET], world: [WORLD_SHEET], europe: [EUROPE_SHEET], fronts: [FRONTS_SHEET] };

/** DejaVu from the dejavu-fonts-ttf package, so PNGs look the same on every machine. */
function fontFiles(): string[] {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  return readdirSync(dir).filter((f) => /^DejaVuSans(-Bold)?\.ttf$/.test(f)).map((f) => join(dir, f));
}

export async function svgToPng(svg: string): Promise<Buffer> {
  const { Resvg } = await import('@resvg/resvg-js');
  const resvg = new Resvg(svg, { font: { fontFiles: fontFiles(), loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } });
  return resvg.render().asPng();
}

/** Whether Umpire can draw a map for this ruleset. */
export const hasMap = (rulesetId: string) => rulesetId === 'great-war';

export async function drawMap(rulesetId: string, opts: { out: string | readonly string[]; game?: string; turn?: number; width?: number; sheet?: string }): Promise<string> {
  dataDir(rulesetId);
  const outs = typeof opts.out === 'string' ? [opts.out] : opts.out;
  for (const out of outs) {
    const format = extname(out).toLowerCase();
    if (format !== '.svg' && format !== '.png') throw new CliError(`--out must end in .svg or .png, not '${out}'`, 2);
  }
  const sheets = SHEETS[opts.sheet ?? 'all'];
  if (!sheets) throw new CliError(`--sheet takes ${Object.keys(SHEETS).join(', ')}`, 2);
  let state: GreatWarState;
  let battles: string[] = [];
  let title: string;
  let subtitle: string | undefined;
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
    state = (position ?? replayed.game.position).state as GreatWarState;
    // Battles of the turn: the events of its steps that name an area where fighting took place.
    battles = record.steps
      .filter((s) => s.turn === turn)
      .flatMap((s) => s.events)
      .filter((e) => e.type === 'battle' && typeof e['area'] === 'string')
      .map((e) => e['area'] as string);
    title = `${record.header.gameId}: ${turn ? ruleset.turnLabel?.(turn, state) ?? `turn ${turn}` : 'before the first turn'}`;
    subtitle = `${ruleset.title}, the map after ${turn ? `turn ${turn}` : 'setup'}`;
  } else {
    const opening = greatWar.setup(greatWar.defaultScenario, {});
    if (!opening.ok) throw new CliError(`the ${greatWar.defaultScenario} scenario does not load:\n${opening.error.slice(0, 10).map(formatDataProblem).join('\n')}`);
    state = opening.value;
    title = 'The War to End All Wars: the world in August 1914';
  }
  const loaded = loadWorld(state.scenario);
  if (!loaded.ok) throw new CliError(`the map data does not check out:\n${loaded.error.slice(0, 10).map(formatDataProblem).join('\n')}`);
  const world = loaded.value;
  subtitle ??= `${world.territories.length} land territories, ${world.seas.length} sea zones; owners and forces at the start of the August 1914 scenario`;
  const scenario = scenarioData(state.scenario);
  const nationNames = Object.fromEntries(scenario.nations.map((n) => [n.id, n.name]));
  const abbreviations = Object.fromEntries(scenario.nations.map((n) => [n.id, n.abbreviation]));
  const original = Object.fromEntries(world.territories.map((t) => [t.id, t.owner]));
  const overlay: PictureOverlay = { ...boardOverlay(state.board, abbreviations, mapStyle.unitAbbreviations, original), battles };
  const picture = mapPicture(world, { title, subtitle, nationNames, overlay });
  const svg = renderMapSvg(picture, { width: opts.width ?? 1600, sheets });
  for (const out of outs) writeFileSync(out, extname(out).toLowerCase() === '.svg' ? svg : await svgToPng(svg));
  return `Drew ${outs.join(' and ')} (${sheets.map((s) => s.id).join(' and ')} sheet${sheets.length > 1 ? 's' : ''}, ${opts.width ?? 1600} px wide).`;
}
