/**
 * The odds calculator of the Great War for `umpire odds` (docs/great-war/odds.md): its flags, and the answer as a
 * short table or as JSON; `--monte-carlo N` plays the battle N times instead, to check the exact answer.
 */
import { renderTable, ToolError, type OddsTool, type Problem } from '@umpire/engine';
import { areaDisplay, describeCounts } from '../base/counting.js';
import { theWorld } from '../data/world.js';
import { battleOddsOf, sampleBattleOf, type OddsAnswer } from '../odds/odds-calculator.js';
import { oddsUnitTypes, type OddsRequest } from '../odds/odds-request.js';

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

type Values = Readonly<Record<string, string | number | boolean | undefined>>;
const text = (v: Values, k: string) => (typeof v[k] === 'string' && v[k] !== '' ? (v[k] as string) : undefined);
const num = (v: Values, k: string) => (typeof v[k] === 'number' ? (v[k] as number) : undefined);

function run(v: Values, json: boolean): string {
  const attacker = text(v, 'attacker');
  const defender = text(v, 'defender');
  if (attacker === undefined || defender === undefined) throw new ToolError('--attacker and --defender are required', true);
  const defenderNations = text(v, 'defenderNations');
  const request: OddsRequest = {
    attacker,
    defender,
    ...(text(v, 'attackerNation') ? { attackerNation: text(v, 'attackerNation')! } : {}),
    ...(defenderNations ? { defenderNations: defenderNations.split(',').map((s) => s.trim()).filter(Boolean) } : {}),
    ...(text(v, 'territory') ? { territory: text(v, 'territory')! } : {}),
    ...(text(v, 'from') ? { from: text(v, 'from')! } : {}),
    city: !!v['city'],
    industrialComplex: !!v['industrialComplex'],
    port: !!v['port'],
    ...(text(v, 'terrain') ? { terrain: text(v, 'terrain')! } : {}),
    trench: !!v['trench'],
    superTrench: !!v['superTrench'],
    navalInvasion: !!v['navalInvasion'],
    ...(text(v, 'support') ? { support: text(v, 'support')! } : {}),
    ...(num(v, 'bombard') !== undefined ? { bombard: num(v, 'bombard')! } : {}),
    ...(num(v, 'airFuel') !== undefined ? { airFuel: num(v, 'airFuel')! } : {}),
  };
  const runs = num(v, 'monteCarlo');
  if (runs !== undefined && !(Number.isInteger(runs) && runs >= 1)) throw new ToolError('--monte-carlo takes a number of runs, 1 or more', true);
  const r = runs !== undefined ? sampleBattleOf(request, { runs, seed: text(v, 'seed') ?? 'odds' }) : battleOddsOf(request);
  if (!r.ok) throw new ToolError(r.error.map(located).join('\n'), true);
  return json ? JSON.stringify(oddsJson(r.value), null, 2) : oddsText(r.value);
}

export const greatWarOdds: OddsTool = {
  description: 'the exact odds of a land battle: who wins, the units left, expected rounds and losses (docs/great-war/odds.md)',
  flags: [
    { flags: '--attacker <units>', required: true, description: `the attacking units, e.g. "5 infantry, 2 artillery, 1 fighter" (${oddsUnitTypes.attacker.join(', ')}; artillery fires in)` },
    { flags: '--defender <units>', required: true, description: `the defending units, e.g. "4 infantry, 1 AA gun" (${oddsUnitTypes.defender.join(', ')})` },
    { flags: '--attacker-nation <nation>', description: 'the attacking nation (default Germany)' },
    { flags: '--defender-nations <list>', description: 'the defending nations, comma-separated (default France); several share the units in turn' },
    { flags: '--territory <name>', description: 'the territory attacked (its terrain, city, port, Gibraltar); else a stand-in with the features given' },
    { flags: '--from <name>', description: 'the neighbouring territory the attack comes from (default one the attacker holds, else the first by id)' },
    { flags: '--city', description: 'a city defends at 1 while defenders remain, and is never lost' },
    { flags: '--industrial-complex', description: 'an industrial complex defends at 1' },
    { flags: '--port', description: 'a port defends at 1' },
    { flags: '--terrain <name>', description: 'special terrain', choices: oddsUnitTypes.terrains },
    { flags: '--trench', description: 'a trench faces the attack' },
    { flags: '--super-trench', description: 'a super trench faces the attack' },
    { flags: '--naval-invasion', description: 'the attacking land units land from the sea (beach penalty, coastal defence)' },
    { flags: '--support <units>', description: 'artillery firing in from the territory the attack comes from, e.g. "3 artillery"' },
    { flags: '--bombard <n>', description: 'battleships shore-bombarding a naval invasion', count: true },
    { flags: '--air-fuel <n>', description: 'the fuel the attacking aircraft have left over the battle', count: true },
    { flags: '--monte-carlo <runs>', description: 'play the battle this many times with seeded dice instead (a check of the exact odds)', count: true },
    { flags: '--seed <text>', description: 'the seed of the Monte Carlo dice', default: 'odds' },
  ],
  run,
};
