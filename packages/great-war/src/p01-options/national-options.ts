/**
 * Clauses: GW-OPT.
 * The national options of Britain, France, Russia, Germany and Austria-Hungary (GW-OPT-*; decisions D-OPT-1 to
 * D-OPT-14 of docs/great-war/national-options.md). Each option is an order of the nation that has it, resolved in
 * phase 1 ('national-options'); the rolls that come at the end of a turn are made in phase 15 ('options-end'): the
 * US opinion roll of a blockade of US trade (noted after the naval combat, 'blockade-opinion'), and the turn of
 * unrestricted submarine warfare. Numbers are in data/national-options.json. Each nation's options are in its own
 * file (britain.ts, france.ts, russia.ts, germany.ts with irish-rebellion.ts, austria-hungary.ts); this one holds the
 * part: its order kinds in phase order, its phases, the rail the options take from phase 11, its event texts, report
 * section and invariants.
 */
import { type GameEvent, type PhaseContext, type ReportSection, type SeatId } from '@umpire/engine';
import { nationName } from '../base/conquest.js';
import { describeCounts } from '../base/counting.js';
import { nationOf, type GreatWarState } from '../base/nations.js';
import type { GreatWarOrders, OrderSpec } from '../orders/language.js';
import { usaNeutral } from '../p15-special/sea-trade.js';
import { theWorld } from '../data/world.js';
import { type OptionsState, numbers, record, type OptionOrder, sway } from './shared.js';
import { propagandaSpec, runPropaganda, rollBlockadeOpinion } from './britain.js';
import { legionSpec, runLegion } from './france.js';
import { serbianAidSpec, runSerbianAid } from './russia.js';
import { serbianPeaceSpec, runSerbianPeace } from './austria-hungary.js';
import { zimmermannSpec, adriaticSpec, eastAfricaSpec, submarineWarfareSpec, runSubmarineWarfare, runZimmermann, runEastAfrica, runAdriaticSubmarine } from './germany.js';
import { irishSpec, runIrishSupport } from './irish-rebellion.js';

/** The order kinds of this part, in phase order. */
export const optionSpecs: readonly OrderSpec[] = [propagandaSpec, submarineWarfareSpec, irishSpec, zimmermannSpec, legionSpec, eastAfricaSpec, adriaticSpec, serbianAidSpec, serbianPeaceSpec] as unknown as OrderSpec[];

// ---------------------------------------------------------------------------------------------------------------
// Phase 1: the options

const OPTION_KINDS = new Set(optionSpecs.map((s) => s.kind));

/**
 * The 'national-options' phase (phase 1): each nation's option orders, in seat order, each nation's in the order of
 * the kinds (propaganda, submarine warfare, the Irish, the Zimmermann Note, the Foreign Legion, East Africa, the Adriatic submarine, Serbian aid,
 * Serbian peace).
 */
export function resolveNationalOptions(state: GreatWarState, orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  for (const nation of [...state.nations]) {
    const mine = (orders.get(nation.id)?.orders ?? []).filter((o) => OPTION_KINDS.has(o.kind)) as unknown as OptionOrder[];
    const ranked = [...mine].sort((a, b) => optionSpecs.findIndex((s) => s.kind === a.kind) - optionSpecs.findIndex((s) => s.kind === b.kind));
    let legion = 0;
    for (const o of ranked) {
      switch (o.kind) {
        case 'us-propaganda':
          runPropaganda(state, nation, ctx);
          break;
        case 'unrestricted-submarine-warfare':
          runSubmarineWarfare(state, nation, o.action, ctx);
          break;
        case 'irish-rebellion':
          runIrishSupport(state, nation, orders, ctx);
          break;
        case 'zimmermann-note':
          runZimmermann(state, nation, ctx);
          break;
        case 'foreign-legion':
          legion = legion + o.count <= numbers().foreignLegion.perTurn ? runLegion(state, nation, o, legion, ctx) : legion;
          break;
        case 'east-africa-supplies':
          runEastAfrica(state, nation, o.units, ctx);
          break;
        case 'adriatic-submarine':
          runAdriaticSubmarine(state, nation, orders, ctx);
          break;
        case 'serbian-aid':
          runSerbianAid(state, nation, ctx);
          break;
        case 'serbian-peace':
          runSerbianPeace(state, nation, ctx);
          break;
      }
    }
  }
  return state;
}

/**
 * The 'options-end' phase (phase 15): the blockades' opinion roll; then, while unrestricted submarine warfare is in force (D-OPT-4, D-OPT-5), Britain
 * loses 1D10 of colonial shipping every turn (at most its treasury), and every turn after the one it was declared
 * US opinion rises 1 on 3 in 10.
 */
export function resolveOptionsEnd(state: GreatWarState, _orders: ReadonlyMap<SeatId, GreatWarOrders>, ctx: PhaseContext): GreatWarState {
  rollBlockadeOpinion(state, ctx);
  if (!state.economicWar.unrestrictedSubmarineWarfare) return state;
  const usw = numbers().unrestrictedSubmarineWarfare;
  const victim = nationOf(state, usw.victim);
  if (victim) {
    const roll = ctx.roll(usw.shippingLossDie, `Unrestricted submarine warfare sinks ${victim.name}'s colonial shipping`);
    const taken = Math.min(roll, victim.treasury);
    victim.treasury -= taken;
    victim.ledger.lostAtSea += taken;
    victim.ledger.end = victim.treasury;
    ctx.emit({ type: 'colonial-shipping-sunk', nation: victim.id, roll, taken, treasury: victim.treasury });
  }
  const declared = record(state).submarineWarfareDeclared;
  if (declared !== null && ctx.turn > declared && usaNeutral(state)) {
    const roll = ctx.roll(usw.die, `Unrestricted submarine warfare goes on: US opinion rises on ${usw.furtherTurnChance} or less`);
    const shifted = roll <= usw.furtherTurnChance;
    ctx.emit({ type: 'submarine-warfare-opinion', nation: usw.nation, roll, shifted });
    if (shifted) sway(state, ctx, usw.furtherTurnShift, usw.declareEvent, 'unrestricted submarine warfare goes on');
  }
  return state;
}

// ---------------------------------------------------------------------------------------------------------------
// Phase 11: the rail the options take

/**
 * The strategic-movement capacity the national options take this turn (GW-OPT-GER-30, -31, D-OPT-12), by territory:
 * the turn the Adriatic submarine is built, all of Trieste's and 6 of the building port's. Phase 11 counts them as used.
 */
export function railTakenByOptions(state: GreatWarState, turn: number): [string, number][] {
  const done = record(state).adriatic;
  if (!done || done.turn !== turn) return [];
  const a = numbers().adriaticSubmarine;
  return [
    [a.noRailTerritory, Number.MAX_SAFE_INTEGER],
    [done.port, a.railDeduction],
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Reports and invariants

const place = (id: unknown): string => theWorld().names.get(String(id)) ?? String(id);
const who = (id: unknown): string => (String(id) === numbers().irishRebellion.rebels ? 'The Irish rebels' : nationName(undefined, String(id)));

export function describeOptionsEvent(event: GameEvent): string | undefined {
  switch (event.type) {
    case 'us-propaganda': {
      const head = `${who(event['nation'])} pays ${String(event['cost'])} for propaganda in the USA (rolled ${String(event['total'])})`;
      return event['result'] === 'swayed' ? `${head}: the American public is swayed.` : event['result'] === 'discovered' ? `${head}: the propaganda is discovered.` : `${head}: no effect.`;
    }
    case 'unrestricted-submarine-warfare':
      return event['action'] === 'declare'
        ? `${who(event['nation'])} declares unrestricted submarine warfare.`
        : `${who(event['nation'])} pays ${String(event['cost'])} to retract unrestricted submarine warfare, and may never declare it again.`;
    case 'colonial-shipping-sunk':
      return `Unrestricted submarine warfare sinks ${who(event['nation'])}'s colonial shipping: ${String(event['taken'])} lost (rolled ${String(event['roll'])}); treasury now ${String(event['treasury'])}.`;
    case 'submarine-warfare-opinion':
    case 'blockade-opinion': {
      const what = event.type === 'blockade-opinion' ? `${who(event['nation'])}'s blockade of US trade` : 'Unrestricted submarine warfare';
      return `${what} ${event['shifted'] ? 'turns' : 'does not turn'} American opinion (rolled ${String(event['roll'])}).`;
    }
    case 'zimmermann-note': {
      const head = `${who(event['nation'])} pays ${String(event['cost'])} for the Zimmermann Note to ${who(event['target'])} (rolled ${String(event['roll'])})`;
      return event['result'] === 'joins' ? `${head}: ${who(event['target'])} joins the war.` : event['result'] === 'discovered' ? `${head}: the note is discovered.` : `${head}: no answer.`;
    }
    case 'serbian-aid':
      return `${who(event['nation'])} pays ${String(Number(event['cost']) + Number(event['gift']))} to send ${String(event['gift'])} to ${who(event['to'])}; its treasury now ${String(event['treasury'])}.`;
    case 'serbian-peace':
      return `${who(event['nation'])} offers ${who(event['to'])} ${String(event['cost'])} for peace (rolled ${String(event['roll'])}): ${event['accepted'] ? 'accepted' : 'refused, and the money kept'}.`;
    case 'left-the-war':
      return `${who(event['nation'])} leaves the war${((event['peace'] ?? []) as string[]).length ? ` at peace with ${((event['peace'] ?? []) as string[]).map(who).join(', ')}` : ''}; it is neutral.`;
    case 'irish-support': {
      const head = `${who(event['nation'])} pays ${String(event['cost'])} to arm the Irish (rolled ${String(event['roll'])})`;
      return event['result'] === 'rebellion' ? `${head}: Ireland rises!` : event['result'] === 'back-britain' ? `${head}: the Irish learn of it and back Britain.` : `${head}: no rising yet.`;
    }
    case 'irish-back-britain':
      return `${who(event['nation'])}'s manpower limit in ${String(event['region'])} rises by ${String(event['raise'])} to ${String(event['limit'])}.`;
    case 'irish-rebellion': {
      const groups = (event['groups'] ?? []) as { territory: string; infantry: number; artillery: number }[];
      return `The Irish rebels raise ${String(event['roll'])} infantry and artillery: ${groups.map((g) => `${describeCounts({ infantry: g.infantry, artillery: g.artillery })} in ${place(g.territory)}`).join(', ')}.`;
    }
    case 'irish-rebellion-result': {
      const held = (event['held'] ?? []) as string[];
      return held.length ? `The Irish rebels hold ${held.map(place).join(' and ')} with ${describeCounts((event['kept'] ?? {}) as Record<string, number>)}.` : 'The Irish rebellion is crushed.';
    }
    case 'foreign-legion':
      return `${who(event['nation'])} raises ${String(event['count'])} Foreign Legion infantry in ${place(event['at'])} for ${String(event['cost'])}, on ${who(event['host'])}'s manpower.`;
    case 'east-africa-supplies':
      return `${who(event['nation'])} smuggles supplies to German East Africa for ${String(event['cost'])} and raises ${describeCounts((event['units'] ?? {}) as Record<string, number>)} in ${place(event['at'])}.`;
    case 'adriatic-submarine':
      return `${who(event['nation'])} builds a submarine in ${place(event['port'])} for ${String(event['cost'])} and sends it to the Adriatic; no strategic movement to or from Trieste this turn.`;
    case 'national-option-void':
      return `${who(event['nation'])}'s ${String(event['kind'])} falls through: it costs ${String(event['cost'])} and the treasury holds ${String(event['treasury'])}.`;
    default:
      return undefined;
  }
}

export function optionsInvariants(state: GreatWarState): string[] {
  const r = state.politics.options as Partial<OptionsState> | undefined;
  if (!r) return ['the state has no record of the national options'];
  const out: string[] = [];
  if (r.submarineWarfareRenounced && state.economicWar.unrestrictedSubmarineWarfare === true) out.push('unrestricted submarine warfare is in force after Germany renounced it');
  if (state.economicWar.unrestrictedSubmarineWarfare === true && r.submarineWarfareDeclared === null) out.push('unrestricted submarine warfare is in force but was never declared');
  if (r.irish !== null && r.irish !== 'rebellion' && r.irish !== 'back-britain') out.push(`the Irish question ended in '${String(r.irish)}'`);
  return out;
}

export function optionsSections(state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  const r = record(state);
  const lines: string[] = [];
  if (state.economicWar.unrestrictedSubmarineWarfare) lines.push(`Unrestricted submarine warfare is in force (declared turn ${String(r.submarineWarfareDeclared)}).`);
  else if (r.submarineWarfareRenounced) lines.push('Germany has renounced unrestricted submarine warfare.');
  if (r.irish === 'rebellion') lines.push('Ireland has risen against Britain.');
  if (r.irish === 'back-britain') lines.push('The Irish back Britain.');
  if (r.serbianPeace) lines.push(`Austria-Hungary offered Serbia peace on turn ${r.serbianPeace.turn}: ${r.serbianPeace.accepted ? 'accepted' : 'refused'}.`);
  return lines.length ? [{ title: 'National options', lines }] : [];
}
