import type { GameEvent, ReportSection, SeatId } from '@umpire/engine';
import { hexLabel } from '../base/hexes.js';
import { isOnMap, type VernianState } from '../base/state.js';
import { unitInfo, unitLabel } from '../base/units.js';
import { cityPoints } from '../victory/victory.js';
import { ruleNumbers } from '../data/files.js';
import type { Side } from '../base/sides.js';
import { byNumber, pieceStateLabel, pieceType } from '../base/pieces.js';
import { trackLines } from '../england/tunnel.js';
import { describeAirEvent as describeAirMove } from '../air/air-report.js';
import { describeAirEvent as describeAirWar } from './air-report.js';

/**
 * Clauses: VB-TURN-15.
 * What reports say of vernian: one line of plain text for each event (the variant's pieces arriving, flipped and
 * placed among them), and what a seat reads of the state (its units and pieces in the Available Units box, the Turn
 * Record Track with the tunnel stacks, the hexes that changed hands, the victory points). Positions are on the map
 * picture.
 */

const list = (ids: unknown) => (Array.isArray(ids) ? ids.map((id) => unitLabel(String(id))).join(', ') : '');
const hex = (h: unknown) => hexLabel(String(h));
const pl = (e: GameEvent) => ((e['names'] as string[]).length > 1 ? 'are' : 'is');

export function describeEvent(e: GameEvent): string | undefined {
  switch (e.type) {
    case 'invention-roll': {
      const what = e['invention'] === 'wcpd' ? 'a Weather Control Projection Device' : 'a Van der Graaf Generator';
      const who = e['side'] === 'allies' ? 'The Allies' : 'The Germans';
      const outcome = e['built'] ? `built (${String(e['count'])} in all)` : 'not built';
      return `${who} roll ${String(e['roll'])} for ${what} (${(e['triggers'] as string[]).join('; ')}): ${outcome}.`;
    }
    case 'generator-placed':
      return `A Van der Graaf Generator stands in ${hex(e['hex'])}.`;
    case 'generator-destroyed':
      return `The Van der Graaf Generator in ${hex(e['hex'])} is destroyed: Allied troops entered its hex.`;
    case 'generator-attrition':
      return `${unitLabel(String(e['unit']))} in ${hex(e['hex'])} loses a step to the Van der Graaf Generator next to it.`;
    case 'storms':
      return `Storm markers: ${(e['hexes'] as string[]).map(hex).join(', ')}.`;
    case 'bombard': {
      const fire = (e['fire'] as { hq: string; rolls: number[] }[]).map((f) => `${unitLabel(f.hq)} rolls ${f.rolls.join(', ')}`);
      const mod = Number(e['modifier']) ? ` (+${String(e['modifier'])}: ${(e['why'] as string[]).join(', ')})` : '';
      const hits = Number(e['hits']);
      return `Bombard of ${hex(e['target'])}${mod}: ${fire.join('; ')}: ${hits} hit${hits === 1 ? '' : 's'}.`;
    }
    case 'bombard-cancelled':
      return `The bombard of ${hex(e['target'])} is called off: ${String(e['why'])}.`;
    case 'hits-wasted':
      return `Bombard hits wasted on ${hex(e['hex'])}: ${String(e['hits'])}, with nothing left to hit.`;
    case 'tank-destroyed':
      return `${String(e['label'])} is destroyed in ${hex(e['hex'])}: no infantry of its side is left with it.`;
    case 'tank-absorbs':
      return `The Tank in ${hex(e['hex'])} takes the first bombard hit there: it is ignored.`;
    case 'crack-troop':
      return `${unitLabel(String(e['unit']))} becomes a Crack Troop.`;
    case 'set-up':
      return `${unitLabel(String(e['unit']))} sets up in ${hex(e['hex'])}.`;
    case 'placed':
      return `${unitLabel(String(e['unit']))} is placed in ${hex(e['hex'])}.`;
    case 'moved': {
      const path = e['path'] as string[];
      const hexes = path.length > 2 ? ` (${path.length - 1} hexes)` : '';
      return `${unitLabel(String(e['unit']))} moves ${hex(path[0])} → ${hex(path[path.length - 1])}${hexes}.`;
    }
    case 'move-blocked':
      return `${e['label'] ? String(e['label']) : unitLabel(String(e['unit']))} cannot reach ${hex(e['to'])} any more and stays.`;
    case 'piece-moved': {
      const path = e['path'] as string[];
      const hexes = path.length > 2 ? ` (${path.length - 1} hexes)` : '';
      return `${String(e['label'])} moves ${hex(path[0])} → ${hex(path[path.length - 1])}${hexes}.`;
    }
    case 'pushed':
      return `${(e['names'] as string[]).join(', ')} ${pl(e)} pushed straight back from ${hex(e['from'])} into ${hex(e['to'])}.`;
    case 'push-destroyed':
      return `${(e['names'] as string[]).join(', ')} in ${hex(e['hex'])}: ${String(e['why'])}, and destroyed.`;
    case 'overrun':
      return `${unitLabel(String(e['unit']))} is overrun in ${hex(e['hex'])} and destroyed.`;
    case 'reinforcements':
      return `Reinforcements reach the Available Units boxes: ${list(e['units'])}.`;
    case 'pieces-arrived':
      return `New pieces reach the Available Units boxes: ${(e['labels'] as string[]).join(', ')}.`;
    case 'piece-flipped':
      return `${String(e['label'])} is flipped to its improved side (it was a ${pieceType(String(e['from'])).label}).`;
    case 'piece-placed':
      return `${String(e['label'])} is placed in ${hex(e['hex'])}.`;
    case 'combat': {
      const chances = (e['chances'] as { result: string; chance: string }[] | undefined) ?? [];
      const odds = chances.map((c) => `${c.result} ${c.chance}`).join(', ');
      const fort = e['fortress'] ? ' and the fortress' : '';
      const doubled = (e['doubled'] as string[] | undefined) ?? [];
      const attackers = (e['attackers'] as string[]).map((id) => `${unitLabel(id)}${doubled.includes(id) ? ' (doubled by a Tank)' : ''}`);
      const tanks = e['tankLabels'] ? `, helped by ${(e['tankLabels'] as string[]).join(', ')}` : '';
      const barred = e['tanksBarred'] ? ` (${String(e['tanksBarred'])})` : '';
      const who = `${attackers.join(', ')}${tanks}${barred} attack ${list(e['defenders'])}${fort}`;
      return `Combat on ${hex(e['target'])}: ${who}; ${String(e['summary'])}. Odds were: ${odds}.`;
    }
    case 'combat-cancelled':
      return `The attack on ${hex(e['target'])} is called off: ${String(e['why'])}.`;
    case 'step-lost':
      return `${unitLabel(String(e['unit']))} loses a step in ${hex(e['hex'])} (${String(e['cause'])}).`;
    case 'eliminated':
      return `${unitLabel(String(e['unit']))} is eliminated in ${hex(e['hex'])} (${String(e['cause'])}).`;
    case 'fortress-destroyed':
      return `The fortress of ${hex(e['hex'])} is destroyed (${String(e['cause'])}).`;
    case 'retreat': {
      const path = e['path'] as string[];
      const short = Number(e['short'] ?? 0);
      const end = hex(path[path.length - 1] ?? e['from']);
      const shortBy = short ? `, ${short} hex${short > 1 ? 'es' : ''} short` : '';
      return `${unitLabel(String(e['unit']))} retreats from ${hex(e['from'])} to ${end}${shortBy}.`;
    }
    case 'retreat-ignored':
      return `The defenders of ${hex(e['hex'])} hold in place: ${String(e['why'])}.`;
    case 'advance':
      return `${unitLabel(String(e['unit']))} advances into ${hex(e['to'])}.`;
    case 'piece-advance':
      return `${String(e['label'])} advances into ${hex(e['to'])}.`;
    case 'piece-retreat':
      return `${String(e['label'])} retreats with its infantry from ${hex(e['from'])} to ${hex(e['to'])}.`;
    case 'tank-advance-blocked':
      return `The Tank's stack does not go on into ${hex(e['hex'])}: ${String(e['why'])}.`;
    case 'tank-absorbs-hit': {
      const many = (e['pieces'] as string[]).length > 1;
      const who = `${many ? 'The Tanks attacking' : 'The Tank attacking'} ${hex(e['hex'])} ${many ? 'take' : 'takes'}`;
      return `${who} the attacker's first step lost: it is ignored.`;
    }
    case 'advance-blocked':
      return `${unitLabel(String(e['unit']))} cannot advance into ${hex(e['hex'])}: ${String(e['why'])}.`;
    case 'withdrawn':
      return `Withdrawn from England to the Available Units box: ${list(e['units'])}.`;
    case 'tunnel-arrival':
      return `Through the tunnel into ${hex(e['hex'])}: ${list(e['units'])}.`;
    case 'tunnel-bumped':
      return `No room in Dover: ${list(e['units'])} wait in the tunnel until Strategic Turn ${String(e['to'])}; the stacks behind back up.`;
    case 'tunnel-sealed': {
      const from = `the stacks still in it turn back and come out in Germany from Strategic Turn ${String(e['from'])}`;
      return `${hex(e['hex'])} holds no German infantry division: the tunnel is sealed for the rest of the game; ${from}.`;
    }
    case 'tunnel-emerged':
      return `${unitLabel(String(e['unit']))} comes back out of the tunnel in ${hex(e['hex'])}.`;
    case 'tunnel-boxed':
      return `No German hex can take them, so they go to the Available Units box: ${list(e['units'])}.`;
    default:
      return describeAirMove(e) ?? describeAirWar(e);
  }
}

export function describeState(state: VernianState, seat: SeatId | undefined): ReportSection[] {
  const sections: ReportSection[] = [];
  const sides: Side[] = seat === 'germany' || seat === 'allies' ? [seat] : ['germany', 'allies'];
  for (const side of sides) {
    const boxed = Object.keys(state.units).filter((id) => state.units[id]!.at === 'box' && unitInfo(id).side === side);
    const pieces = Object.keys(state.pieces)
      .filter((id) => state.pieces[id]!.at === 'box' && state.pieces[id]!.side === side)
      .sort(byNumber)
      .map((id) => pieceStateLabel(id, state.pieces[id]!));
    sections.push({
      title: `${side === 'germany' ? 'German' : 'Allied'} Available Units box`,
      lines: boxed.length || pieces.length ? [...boxed.map(unitLabel), ...pieces] : ['empty'],
    });
  }
  const inv = state.inventions;
  if (inv.wcpd || inv.vdg || inv.storms.length) {
    const storms = inv.storms.length ? `: ${inv.storms.map(hexLabel).join(', ')}` : ' off the map';
    const standing = inv.generators.length ? `, standing in ${inv.generators.map(hexLabel).join(', ')}` : '';
    sections.push({
      title: 'Inventions',
      lines: [
        `Allied Weather Control Projection Devices: ${inv.wcpd} (Storm markers${storms})`,
        `German Van der Graaf Generators: ${inv.vdg} built${standing}`,
      ],
    });
  }
  sections.push({ title: 'Turn Record Track', lines: trackLines(state) });
  const onMap = (side: Side) => Object.keys(state.units).filter((id) => isOnMap(state.units[id]!.at) && unitInfo(id).side === side).length;
  sections.push({
    title: 'Victory',
    table: {
      columns: ['side', 'city points', 'needed', 'units on the map'],
      rows: [
        ['Germans', cityPoints(state, 'germany'), ruleNumbers().victory.germany.points, onMap('germany')],
        ['Allies', cityPoints(state, 'allies'), ruleNumbers().victory.allies.points, onMap('allies')],
      ],
    },
  });
  const changed = Object.entries(state.control).sort(([a], [b]) => (a < b ? -1 : 1));
  if (changed.length) {
    sections.push({
      title: 'Hexes that changed hands',
      lines: changed.map(([h, side]) => `${hexLabel(h)}: ${side === 'germany' ? 'German' : 'Allied'}`),
    });
  }
  return sections;
}
