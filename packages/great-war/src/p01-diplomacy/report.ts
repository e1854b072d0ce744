import type { GameEvent, ReportSection, SeatId } from '@umpire/engine';
import { scenarioData, scenarioFiles } from '../data/load.js';
import type { GreatWarState } from '../base/nations.js';
import { politicsInvariants } from './politics.js';
import { describeDiplomacyEvent, diplomacyInvariants, diplomacySections } from './diplomacy.js';
import { describeSurrenderEvent, surrenderInvariants, surrenderSections } from './surrender.js';
import { describeUsaEvent, usaInvariants, usaSections } from '../p01-neutrals/united-states.js';
import { describeOttomanEvent, ottomanInvariants, ottomanSections } from '../p01-neutrals/ottoman.js';
import { describeItalyEvent, italyInvariants, italySections } from '../p01-neutrals/italy.js';
import { describeJapanEvent, japanInvariants, japanSections } from '../p01-neutrals/japan.js';
import { describeChinaEvent, chinaInvariants, chinaSections } from '../p01-neutrals/china.js';
import { describeOptionsEvent, optionsInvariants, optionsSections } from '../p01-options/national-options.js';
import { describeRevolutionEvent, revolutionInvariants, revolutionSections } from '../p15-special/revolution.js';
import { describeMutinyEvent, mutinyInvariants, mutinySections } from '../p15-special/mutiny.js';
import { describeSpainEvent, spainInvariants, spainSections } from '../p15-special/spain.js';
import { describeUpgradesEvent, upgradesInvariants, upgradesSections } from '../p02-technology/upgrades.js';

/** The reports and invariants of the politics of the war: the shared events, then each part's own. */

/** A nation's display name, major, minor or later (Bolsheviks...), from the shipped scenarios. */
export function politicalName(id: unknown): string {
  for (const scenario of Object.keys(scenarioFiles)) {
    const data = scenarioData(scenario);
    const n = [...data.nations, ...data.laterNations].find((x) => x.id === id);
    if (n) return n.name;
    // A later nation raised for one nation ('mutineers-france', D-MUT-5): 'Mutineers of France'.
    const later = data.laterNations.find((x) => String(id).startsWith(`${x.id}-`));
    const home = later && data.nations.find((x) => `${later.id}-${x.id}` === id);
    if (later && home) return `${later.name} of ${home.name}`;
  }
  return String(id);
}

const SIDE_NAMES: Record<string, string> = { allied: 'the Allied Powers', central: 'the Central Powers', neutral: 'neutrality' };

function describeSharedEvent(event: GameEvent): string | undefined {
  switch (event.type) {
    case 'war-declared': {
      const how = event['cause'] === 'undeclared' ? ' by attacking without a declaration' : '';
      return `${politicalName(event['by'])} is at war with ${politicalName(event['on'])}${how}.`;
    }
    case 'peace': {
      const [a, b] = event['nations'] as string[];
      return `${politicalName(a)} and ${politicalName(b)} are at peace (${String(event['why'])}).`;
    }
    case 'joined-side':
      return `${politicalName(event['nation'])} joins ${SIDE_NAMES[String(event['side'])] ?? String(event['side'])}.`;
    case 'us-entry': {
      const change = Number(event['change']);
      return `US Entry ${change > 0 ? '+' : ''}${change} (${String(event['reason'])}): now ${String(event['usEntry'])}.`;
    }
    default:
      return undefined;
  }
}

export function describePoliticsEvent(event: GameEvent): string | undefined {
  return (
    describeSharedEvent(event) ??
    describeDiplomacyEvent(event) ??
    describeSurrenderEvent(event) ??
    describeUsaEvent(event) ??
    describeOttomanEvent(event) ??
    describeItalyEvent(event) ??
    describeJapanEvent(event) ??
    describeChinaEvent(event) ??
    describeOptionsEvent(event) ??
    describeRevolutionEvent(event) ??
    describeMutinyEvent(event) ??
    describeSpainEvent(event) ??
    describeUpgradesEvent(event)
  );
}

export function politicsSections(state: GreatWarState, seat: SeatId | undefined): ReportSection[] {
  return [
    { title: 'US Entry', lines: [`US public opinion stands at ${state.politics.usEntry} (+10: the USA may join the Allies; -10: the Central Powers).`] },
    ...diplomacySections(state, seat),
    ...surrenderSections(state, seat),
    ...usaSections(state, seat),
    ...ottomanSections(state, seat),
    ...italySections(state, seat),
    ...japanSections(state, seat),
    ...chinaSections(state, seat),
    ...optionsSections(state, seat),
    ...revolutionSections(state, seat),
    ...mutinySections(state, seat),
    ...spainSections(state, seat),
    ...upgradesSections(state, seat),
  ];
}

export function allPoliticsInvariants(state: GreatWarState): string[] {
  if (!state.politics) return ['the state has no record of the politics of the war'];
  return [
    ...politicsInvariants(state),
    ...diplomacyInvariants(state),
    ...surrenderInvariants(state),
    ...usaInvariants(state),
    ...ottomanInvariants(state),
    ...italyInvariants(state),
    ...japanInvariants(state),
    ...chinaInvariants(state),
    ...optionsInvariants(state),
    ...revolutionInvariants(state),
    ...mutinyInvariants(state),
    ...spainInvariants(state),
    ...upgradesInvariants(state),
  ];
}
