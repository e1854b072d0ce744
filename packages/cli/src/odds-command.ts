import { Option, type Command } from 'commander';
import { renderTable, type Problem } from '@umpire/engine';
import { areaDisplay, battleOddsOf, describeCounts, oddsUnitTypes, sampleBattleOf, theWorld, type OddsAnswer, type OddsRequest } from '@umpire/great-war';
import { CliError, getRuleset } from './rulesets.js';

/**
 * `umpire odds <ruleset>`: the exact odds of a battle that is not on the board (docs/great-war/odds.md), as a short
 * table or as JSON; `--monte-carlo N` plays it N times instead, to check the exact answer.
 */

/** The command's options: the request's fields, the defending nations as one comma-separated flag, and the output. */
export type OddsOptions = Omit<OddsRequest, 'defenderNations' | 'scenario'> & {
  readonly defenderNations?: string;
  readonly json?: boolean;
  readonly monteCarlo?: number;
  readonly seed?: string;
};

/** A problem of the request, located by its flag and, in a unit list, the column: '--attacker, column 3: ...'. */
function located(p: Problem): string {
  const where = [p.path, p.column !== undefined ? `column ${p.column}` : undefined].filter(Boolean).join(', ');
  return `${where ? `${where}: ` : ''}${p.message}${p.suggestion !== undefined ? ` (did you mean '${p.suggestion}'?)` : ''}`;
}

const pct = (p: number) => {
  const x = p * 100;
  return x > 0 && x < 0.05 ? '<0.1%' : x < 100 && x > 99.95 ? '>99.9%' : `${x.toFixed(1)}%`;
};

const unitsText = (units: Readonly<Record<string, number>>) => (Object.values(units).some((n) => n > 0) ? describeCounts(units) : 'none');

/** The JSON the command prints: the answer, with the names of the areas. */
function oddsJson(answer: OddsAnswer): Record<string, unknown> {
  const world = theWorld();
  return { ...answer, battle: { ...answer.battle, territoryName: world.names.get(answer.battle.territory), fromName: world.names.get(answer.battle.from) } };
}

/** The short table of the human output. */
function oddsText(a: OddsAnswer): string {
  const world = theWorld();
  const b = a.battle;
  const name = (id: string) => areaDisplay(id, world);
  const lines: string[] = [];
  const features = [b.terrain !== 'plain' ? `${name(b.terrain)}'s terrain` : '', ...b.facilities, b.trench !== 'none' ? `a ${b.trench} facing ${name(b.from)}` : ''].filter(Boolean);
  lines.push(
    `${b.nationNames[0]} attacks ${name(b.territory)} (held by ${b.nationNames.slice(1).join(' and ')}) ${b.landingFrom ? `from the ${name(b.landingFrom)} (a naval invasion)` : `from ${name(b.from)}`}${features.length ? `; ${features.join(', ')}` : ''}.`,
    `Attackers: ${unitsText(b.attackers)}${Object.keys(b.support).length ? `; firing in from ${name(b.from)}: ${unitsText(b.support)}` : ''}. Defenders: ${unitsText(b.defenders)}.`,
    '',
  );
  const se = a.standardErrors;
  const pm = (k: keyof NonNullable<OddsAnswer['standardErrors']>, digits = 1, scale = 100) => (se ? ` ± ${(se[k] * scale).toFixed(digits)}` : '');
  const rows: (string | number)[][] = [
    ['attackers take it', `${pct(a.attackerWin)}${pm('attackerWin')}`],
    [`defenders hold${a.stalemate > 0 ? ' (stalemates included)' : ''}`, `${pct(a.defenderWin)}${pm('defenderWin')}`],
    ['both destroyed', `${pct(a.mutualDestruction)}${pm('mutualDestruction')}`],
    ['expected rounds', `${a.expectedRounds.toFixed(2)}${pm('expectedRounds', 2, 1)}`],
    ['attackers lose (resources)', `${a.expectedLosses.attacker.resources.toFixed(1)}${pm('attackerResources', 1, 1)}`],
    ['defenders lose (resources)', `${a.expectedLosses.defender.resources.toFixed(1)}${pm('defenderResources', 1, 1)}`],
  ];
  lines.push(...renderTable([a.runs ? `Monte Carlo, ${a.runs} runs` : a.exact ? 'exact odds' : 'odds (approximate)', ''], rows, false));
  const top = (list: OddsAnswer['attackerSurvivors']) =>
    list
      .slice(0, 3)
      .map((s) => `${unitsText(s.units)} ${pct(s.p)}`)
      .join('; ');
  lines.push('', `Most likely attackers left: ${top(a.attackerSurvivors)}.`, `Most likely defenders left: ${top(a.defenderSurvivors)}.`);
  for (const note of a.notes) lines.push(`Note: ${note}.`);
  return lines.join('\n');
}

/** Run the command: the text or JSON to print; a CliError with exit code 2 for a request with problems. */
export function oddsCommand(rulesetId: string, o: OddsOptions): string {
  getRuleset(rulesetId);
  if (rulesetId !== 'great-war') throw new CliError(`the odds calculator knows the battles of great-war only, not '${rulesetId}'`, 2);
  const request: OddsRequest = {
    attacker: o.attacker,
    defender: o.defender,
    ...(o.attackerNation ? { attackerNation: o.attackerNation } : {}),
    ...(o.defenderNations ? { defenderNations: o.defenderNations.split(',').map((s) => s.trim()).filter(Boolean) } : {}),
    ...(o.territory ? { territory: o.territory } : {}),
    ...(o.from ? { from: o.from } : {}),
    city: !!o.city,
    industrialComplex: !!o.industrialComplex,
    port: !!o.port,
    ...(o.terrain ? { terrain: o.terrain } : {}),
    trench: !!o.trench,
    superTrench: !!o.superTrench,
    navalInvasion: !!o.navalInvasion,
    ...(o.support ? { support: o.support } : {}),
    ...(o.bombard !== undefined ? { bombard: o.bombard } : {}),
    ...(o.airFuel !== undefined ? { airFuel: o.airFuel } : {}),
  };
  if (o.monteCarlo !== undefined && !(Number.isInteger(o.monteCarlo) && o.monteCarlo >= 1)) throw new CliError('--monte-carlo takes a number of runs, 1 or more', 2);
  const r = o.monteCarlo !== undefined ? sampleBattleOf(request, { runs: o.monteCarlo, seed: o.seed ?? 'odds' }) : battleOddsOf(request);
  if (!r.ok) throw new CliError(r.error.map(located).join('\n'), 2);
  return o.json ? JSON.stringify(oddsJson(r.value), null, 2) : oddsText(r.value);
}

const count = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new CliError(`expected a whole number, not '${v}'`, 2);
  return n;
};

/** Register `umpire odds` on the program. */
export function addOddsCommand(program: Command, out: (text: string) => void): void {
  program
    .command('odds')
    .description('the exact odds of a land battle: who wins, the units left, expected rounds and losses (docs/great-war/odds.md)')
    .argument('<ruleset>', 'the game (great-war)')
    .requiredOption('--attacker <units>', `the attacking units, e.g. "5 infantry, 2 artillery, 1 fighter" (${oddsUnitTypes.attacker.join(', ')}; artillery fires in)`)
    .requiredOption('--defender <units>', `the defending units, e.g. "4 infantry, 1 AA gun" (${oddsUnitTypes.defender.join(', ')})`)
    .option('--attacker-nation <nation>', 'the attacking nation (default Germany)')
    .option('--defender-nations <list>', 'the defending nations, comma-separated (default France); several share the units in turn')
    .option('--territory <name>', 'the territory attacked (its terrain, city, port, Gibraltar); else a stand-in with the features given')
    .option('--from <name>', 'the neighbouring territory the attack comes from (default one the attacker holds, else the first by id)')
    .option('--city', 'a city defends at 1 while defenders remain, and is never lost')
    .option('--industrial-complex', 'an industrial complex defends at 1')
    .option('--port', 'a port defends at 1')
    .addOption(new Option('--terrain <name>', 'special terrain').choices(oddsUnitTypes.terrains))
    .option('--trench', 'a trench faces the attack')
    .option('--super-trench', 'a super trench faces the attack')
    .option('--naval-invasion', 'the attacking land units land from the sea (beach penalty, coastal defence)')
    .option('--support <units>', 'artillery firing in from the territory the attack comes from, e.g. "3 artillery"')
    .option('--bombard <n>', 'battleships shore-bombarding a naval invasion', count)
    .option('--air-fuel <n>', 'the fuel the attacking aircraft have left over the battle', count)
    .option('--monte-carlo <runs>', 'play the battle this many times with seeded dice instead (a check of the exact odds)', count)
    .option('--seed <text>', 'the seed of the Monte Carlo dice', 'odds')
    .option('--json', 'print {attackerWin, defenderWin, mutualDestruction, expectedRounds, attackerSurvivors, defenderSurvivors, expectedLosses, ...}')
    .action((rulesetId: string, o: OddsOptions) => {
      out(oddsCommand(rulesetId, o));
    });
}
