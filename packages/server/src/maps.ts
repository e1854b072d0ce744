import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { toolsOf } from '@umpire/rulesets';
import type { GameRecord, Position } from '@umpire/engine';

/** DejaVu from the dejavu-fonts-ttf package, so that maps look the same on every machine. */
function fontFiles(): string[] {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  return readdirSync(dir).filter((f) => /^DejaVuSans(-Bold)?\.ttf$/.test(f)).map((f) => join(dir, f));
}

/** An SVG drawing as PNG (resvg, with the project's own fonts). */
export async function svgToPng(svg: string): Promise<Buffer> {
  const { Resvg } = await import('@resvg/resvg-js');
  const resvg = new Resvg(svg, { font: { fontFiles: fontFiles(), loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } });
  return resvg.render().asPng();
}

/** Whether the server can draw a map of this ruleset's games. */
export const hasMap = (rulesetId: string): boolean => toolsOf(rulesetId)?.map !== undefined;

/** The sheets a turn report mail attaches, one PNG each (the map tool's `reportSheets`, else its default sheet). */
export function reportSheets(rulesetId: string): readonly string[] {
  const map = toolsOf(rulesetId)?.map;
  if (!map) return [];
  const known = (map.reportSheets ?? []).filter((id) => map.sheets.some((s) => s.id === id));
  return known.length ? known : [map.defaultSheet];
}

/** The map of a game after a turn (SVG), with the turn's battles marked; undefined for a ruleset with no map. */
export function turnMapSvg(record: GameRecord, position: Position, turn: number, opts: { readonly sheet?: string; readonly width?: number } = {}): string | undefined {
  const tools = toolsOf(record.header.ruleset.id);
  if (!tools?.map) return undefined;
  const { ruleset, map } = tools;
  const label = turn ? ruleset.turnLabel?.(turn, position.state) ?? `turn ${turn}` : 'before the first turn';
  const drawn = map.draw(position.state, {
    title: `${record.header.gameId}: ${label}`,
    subtitle: `${ruleset.title}, the map after ${turn ? `turn ${turn}` : 'setup'}`,
    marks: map.marks(record, turn),
    width: opts.width ?? 1600,
    sheet: opts.sheet && map.sheets.some((s) => s.id === opts.sheet) ? opts.sheet : map.defaultSheet,
  });
  if (!drawn.ok) throw new Error(`the map of ${record.header.gameId} cannot be drawn: ${drawn.error[0]?.message}`);
  return drawn.value;
}
