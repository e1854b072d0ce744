import { readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { EUROPE_SHEET, FRONTS_SHEET, renderMapSvg, WORLD_SHEET, type Sheet } from '@umpire/cartography';
import { boardOverlay, greatWar, mapPicture, mapStyle, scenarioData, type GreatWarState, type PictureOverlay } from '@umpire/great-war';
import { CliError } from './rulesets.js';
import { dataDir, formatDataProblem, readGreatWarData } from './data-command.js';
import { loadGameDir } from './store.js';
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
  const { report } = readGreatWarData();
  if (!report.world) throw new CliError(`the map data does not check out:\n${report.problems.slice(0, 10).map(formatDataProblem).join('\n')}`);
  const scenario = scenarioData('august-1914');
  let title = 'The War to End All Wars: the world in August 1914';
  let subtitle = `${report.world.territories.length} land territories, ${report.world.seas.length} sea zones; owners and forces at the start of the August 1914 scenario`;
  const opening = greatWar.setup('august-1914', {});
  if (!opening.ok) throw new CliError(`the August 1914 scenario does not load:\n${opening.error.slice(0, 10).map(formatDataProblem).join('\n')}`);
  let state: GreatWarState = opening.value;
  let battles: string[] = [];
  if (opts.game) {
    const { ruleset, game } = loadGameDir(opts.game);
    const turns = game.record.steps.filter((s) => s.status === 'resolved').map((s) => s.turn);
    const turn = opts.turn ?? (turns.length ? Math.max(...turns) : 0);
    let position: Position | undefined;
    replay(ruleset, game.record, { onStep: (_i, step, _before, after) => (step.turn === turn ? (position = after) : undefined) });
    if (opts.turn !== undefined && !position) throw new CliError(`turn ${opts.turn} has not been resolved in ${opts.game}`);
    state = (position ?? game.position).state as GreatWarState;
    // Battles of the turn: the events of its steps that name an area where fighting took place.
    battles = game.record.steps
      .filter((s) => s.turn === turn)
      .flatMap((s) => s.events)
      .filter((e) => e.type === 'battle' && typeof e['area'] === 'string')
      .map((e) => e['area'] as string);
    title = `${game.record.header.gameId}: ${turn ? ruleset.turnLabel?.(turn, state) ?? `turn ${turn}` : 'before the first turn'}`;
    subtitle = `${ruleset.title}, the map after ${turn ? `turn ${turn}` : 'setup'}`;
  }
  const nationNames = Object.fromEntries(scenario.nations.map((n) => [n.id, n.name]));
  const abbreviations = Object.fromEntries(scenario.nations.map((n) => [n.id, n.abbreviation]));
  const original = Object.fromEntries(report.world.territories.map((t) => [t.id, t.owner]));
  const overlay: PictureOverlay = { ...boardOverlay(state.board, abbreviations, mapStyle.unitAbbreviations, original), battles };
  const picture = mapPicture(report.world, { title, subtitle, nationNames, overlay });
  const svg = renderMapSvg(picture, { width: opts.width ?? 1600, sheets });
  for (const out of outs) writeFileSync(out, extname(out).toLowerCase() === '.svg' ? svg : await svgToPng(svg));
  return `Drew ${outs.join(' and ')} (${sheets.map((s) => s.id).join(' and ')} sheet${sheets.length > 1 ? 's' : ''}, ${opts.width ?? 1600} px wide).`;
}
