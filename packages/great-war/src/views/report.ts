import type { GameEvent, ReportSection, SeatId } from '@umpire/engine';
import { scenarioData, technologyTable } from '../data/load.js';
import { nationOf, type GreatWarState } from '../base/nations.js';
import { nationName } from '../base/conquest.js';
import { advanceFor, levelOf } from '../p02-technology/research.js';
import { describeLandEvent } from '../land/combat-report.js';
import { describeBreakthroughEvent } from '../land/breakthrough.js';
import { describeAirEvent } from '../air/air-combat.js';
import { describeBombingEvent } from '../p04-bombing/bombing.js';
import { describeNavalMovementEvent } from '../sea/naval-movement.js';
import { describeAirSeaEvent } from '../sea/air-at-sea.js';
import { describeNavalEvent } from '../sea/naval-combat.js';
import { describeSubmarineEvent } from '../sea/submarines.js';
import { describeEconomyEvent, economySections } from '../economy/resources.js';
import { describeSeaTradeEvent } from '../p15-special/sea-trade.js';
import { describeTransportEvent } from '../sea/transports.js';
import { describeInvasionEvent } from '../sea/naval-invasions.js';
import { describeCarrierEvent } from '../sea/carrier-operations.js';
import { describeEquipmentEvent } from '../sea/ship-equipment.js';
import { describePartsEvent, partsSections } from '../parts.js';

/**
 * Reports: one line per event, and what a seat sees of the state. Technology levels are public (every research
 * roll is, see decision D-TECH-6); a treasury is shown only to its own nation.
 */

function techName(id: unknown): string {
  return technologyTable().byId.get(String(id))?.name ?? String(id);
}

export function describeEvent(event: GameEvent): string | undefined {
  switch (event.type) {
    case 'research': {
      const tech = techName(event['tech']);
      const max = technologyTable().byId.get(String(event['tech']))?.maxAdvances;
      const head = `${nationName(undefined, String(event['nation']))} researches ${tech} (advance ${String(event['advance'])}${max !== undefined ? ` of ${max}` : ''}) and rolls ${String(event['roll'])}`;
      return event['success'] ? `${head}: success, ${tech} is now at level ${String(event['newLevel'])}.` : `${head}: no advance.`;
    }
    case 'research-refused':
      return `${nationName(undefined, String(event['nation']))}'s research of ${techName(event['tech'])} is not made: ${String(event['reason'])}.`;
    case 'treasury': {
      const change = Number(event['change']);
      const what = event['reason'] === 'research' ? ` for ${String(event['attempts'])} research attempt${event['attempts'] === 1 ? '' : 's'}` : '';
      return `${nationName(undefined, String(event['nation']))} ${change < 0 ? `pays ${-change}` : `receives ${change}`}${what}; treasury now ${String(event['treasury'])}.`;
    }
    case 'no-orders':
      return `No orders from ${nationName(undefined, String(event['seat']))}: it does nothing this turn.`;
    default:
      return (
        describeEconomyEvent(event) ??
        describeLandEvent(event) ??
        describeBreakthroughEvent(event) ??
        describeAirEvent(event) ??
        describeBombingEvent(event) ??
        describeNavalMovementEvent(event) ??
        describeNavalEvent(event) ??
        describeAirSeaEvent(event) ??
        describeCarrierEvent(event) ??
        describeSeaTradeEvent(event) ??
        describeSubmarineEvent(event) ??
        describeTransportEvent(event) ??
        describeInvasionEvent(event) ??
        describeEquipmentEvent(event) ??
        describePartsEvent(event)
      );
  }
}

export function describeState(state: GreatWarState, seat: SeatId | undefined): ReportSection[] {
  const table = technologyTable();
  const scenario = scenarioData(state.scenario);
  const nameOf = (id: string) => nationOf(state, id)?.name ?? id;
  const sections: ReportSection[] = [
    {
      title: 'Nations',
      table: {
        columns: ['Nation', 'Side', 'At war with'],
        rows: state.nations.map((n) => [n.name, scenario.sideNames[n.side], n.atWarWith.map(nameOf).join(', ') || '-']),
      },
    },
    {
      title: 'Technology levels',
      table: {
        columns: ['Technology', 'Advances', ...state.nations.map((n) => n.abbreviation)],
        rows: table.list.map((t) => [t.name, t.maxAdvances, ...state.nations.map((n) => levelOf(n, t.id))]),
      },
    },
  ];
  const own = seat === undefined ? undefined : nationOf(state, seat);
  if (own) {
    const { cost, die, successRolls } = table.research;
    sections.push({
      title: own.name,
      lines: [
        `Side: ${scenario.sideNames[own.side]}`,
        `At war with: ${own.atWarWith.map(nameOf).join(', ') || 'nobody'}`,
        `Treasury: ${own.treasury}`,
        ...(own.incomeCap !== null ? [`Collects at most ${own.incomeCap} per turn while neutral`] : []),
        `Research: ${cost} per attempt, one attempt per technology per turn, success on ${successRolls.join(' or ')} of 1D${die}; you can afford ${Math.floor(own.treasury / cost)} attempt(s).`,
      ],
    });
    sections.push({
      title: `${own.name}: technology`,
      table: {
        columns: ['Technology', 'Level', 'Next advance'],
        rows: table.list.map((t) => {
          const level = levelOf(own, t.id);
          const next = advanceFor(own, t, level + 1);
          return [t.name, `${level}/${t.maxAdvances}`, next ? `${level + 1}: ${next.text}` : 'all advances made'];
        }),
      },
    });
  }
  sections.push(...economySections(state, seat));
  sections.push(...partsSections(state, seat));
  return sections;
}
