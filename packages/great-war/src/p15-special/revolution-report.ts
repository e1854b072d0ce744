import { areaName } from '../orders/names.js';
import { type GameEvent, type ReportSection, type SeatId } from '@umpire/engine';
import { nationOf, type GreatWarState } from '../base/nations.js';
import { politicalName } from '../base/names.js';
import { revolutionRules } from '../data/revolution.js';
import { type RevolutionState } from './civil-war.js';
import { record } from './civil-war.js';

/**
 * The revolution in the reports (GW-P15-REV): its events in words, its report section and its invariants.
 */

export function nameOf(id: unknown): string {
  return id === revolutionRules().nation ? 'the Bolsheviks' : politicalName(id);
}

export function placeName(id: unknown): string {
  return areaName(String(id));
}

export function describeRevolutionEvent(event: GameEvent): string | undefined {
  switch (event.type) {
    case 'revolution-roll':
      return event['begins']
        ? `Revolution breaks out in Russia (rolled ${String(event['roll'])}, needing 1-${String(event['chance'])}).`
        : `Russia holds together this turn (rolled ${String(event['roll'])}; the revolution needed 1-${String(event['chance'])}).`;
    case 'revolution-supported':
      return `Germany pays ${String(event['cost'])} to support the Russian revolutionaries (+1 in 10).`;
    case 'army-supplied':
      return 'Russia supplies its army properly: infantry cost more, and revolution is 1 in 10 less likely.';
    case 'revolution-defection':
      return `Russia's new ${String(event['unitType'])} in ${placeName(event['at'])} ${event['defects'] ? 'goes over to the revolution' : 'stays loyal'} (rolled ${String(event['roll'])}).`;
    case 'revolution-fizzles':
      return `The revolution comes to nothing this turn: ${String(event['reason'])}.`;
    case 'revolution-begins':
      return `The Bolsheviks rise with ${(event['units'] as unknown[]).length} unit(s) and go to war with Russia.`;
    case 'revolutionaries-placed':
      return `Revolutionaries take their stand in ${placeName(event['at'])}.`;
    case 'revolutionaries-attack':
      return `With nowhere free of Russian troops, the revolutionaries attack ${placeName(event['at'])}.`;
    case 'defector-deserts':
      return `A defecting unit finds nowhere to go and deserts (${String(event['reason'])}).`;
    case 'civil-war-ends':
      return `The Russian civil war ends: ${nameOf(event['winner'])} win${event['winner'] === revolutionRules().nation ? '' : 's'} (${String(event['why'])}) and take${event['winner'] === revolutionRules().nation ? '' : 's'} all of Russia.`;
    case 'russia-reunited':
      return `The Bolsheviks hold all of Russia's lands${(event['wars'] as unknown[]).length ? ` and take up Russia's wars against ${(event['wars'] as string[]).map(nameOf).join(', ')}` : ''}.`;
    default:
      return undefined;
  }
}

export function revolutionInvariants(state: GreatWarState): string[] {
  const r = (state.politics as { revolution?: Partial<RevolutionState> }).revolution;
  if (!r || !Array.isArray(r.builtThisTurn) || !Array.isArray(r.warsAtStart)) return ['the state has no record of the Russian Revolution'];
  const out: string[] = [];
  const { nation } = revolutionRules();
  if (r.ended && r.began === null) out.push('the Russian civil war has ended but never began');
  const bol = nationOf(state, nation);
  if (r.began !== null && !bol) out.push('the Russian Revolution has begun but the Bolsheviks are not a nation');
  if (bol && bol.seat !== (r.began !== null && (!r.ended || r.ended.winner === nation))) out.push('the Bolsheviks have a seat only while they are in the game');
  if (bol && bol.side !== 'neutral') out.push('the Bolsheviks belong to no alliance (GW-ALLY-09)');
  return out;
}

export function revolutionSections(state: GreatWarState, _seat: SeatId | undefined): ReportSection[] {
  const r = record(state);
  if (r.began === null) return [];
  const lines = [`The revolution began on turn ${r.began}.`];
  if (r.ended) lines.push(`The civil war ended on turn ${r.ended.turn}: ${nameOf(r.ended.winner)} won.`);
  if (r.reunited) lines.push("The Bolsheviks hold all of Russia's lands.");
  return [{ title: 'The Russian Revolution', lines }];
}
