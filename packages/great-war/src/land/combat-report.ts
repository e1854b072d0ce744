import { type GameEvent } from '@umpire/engine';
import { nationName } from '../base/conquest.js';
import { describeCounts } from '../base/counting.js';
import { type GreatWarState } from '../base/nations.js';
import { theWorld } from '../data/world.js';
import { describeOdds } from '../combat/battle-odds.js';

// The land war in the reports (GW-P08-LANDMOVE, GW-P10-LAND, GW-P11-STRAT): its events in words.

/** One line of plain text for the events of the land phases; undefined for other events. Wire into describeEvent. */
export function describeLandEvent(event: GameEvent, state?: GreatWarState): string | undefined {
  const world = theWorld(state?.scenario);
  const area = (id: unknown) => world.names.get(String(id)) ?? String(id);
  const who = (id: unknown) => nationName(state, String(id));
  const counts = (c: unknown) => describeCounts((c ?? {}) as Record<string, number>);
  switch (event.type) {
    case 'move':
      return `${who(event['nation'])} moves ${counts(event['units'])} from ${area(event['from'])} to ${area(event['to'])}${event['attack'] ? ' (an attack)' : ''}.`;
    case 'artillery-support':
      return `${who(event['nation'])}'s artillery in ${area(event['from'])} (${String(event['units'])}) fires into ${area(event['at'])}.`;
    case 'support-idle':
      return `${who(event['nation'])}'s artillery in ${area(event['from'])} does not fire into ${area(event['at'])}: ${String(event['reason'])}.`;
    case 'order-void':
      return `${who(event['nation'])}'s order '${String(event['order'])}' is void: ${String(event['reason'])}.`;
    case 'capture':
      return `${area(event['area'])} ${event['liberated'] ? `is liberated for ${who(event['to'])}` : `falls to ${who(event['to'])}`} (taken from ${who(event['from'])}${event['how'] === 'unopposed' ? ', unopposed' : ''}).`;
    case 'trench-destroyed':
      return `${who(event['nation'])}'s ${event['super'] ? 'super trench' : 'trench'} in ${area(event['area'])} facing ${area(event['facing'])} is destroyed.`;
    case 'no-battle':
      return `No battle in ${area(event['area'])}: ${String(event['reason'])}.`;
    case 'battle':
      return `Battle of ${area(event['area'])} (held by ${who(event['holder'])})${event['odds'] ? `; ${describeOdds(event['odds'])}` : ''}.`;
    case 'battle-round': {
      const sides = (event['sides'] ?? []) as { role: string; nations: string[]; hits: number; absorbed: number; lost: number }[];
      return `${area(event['area'])}, round ${String(event['round'])}: ${sides
        .map((s) => `${s.nations.map(who).join(' and ')} (${s.role}) score${s.nations.length === 1 ? 's' : ''} ${s.hits} hit${s.hits === 1 ? '' : 's'} and lose${s.nations.length === 1 ? 's' : ''} ${s.lost}${s.absorbed ? ', one hit on them taken by the fictive unit' : ''}`)
        .join('; ')}.`;
    }
    case 'losses':
      return `${who(event['nation'])} loses ${counts(event['units'])} at ${area(event['area'])}.`;
    case 'retreat':
      return `${who(event['nation'])} retreats ${counts(event['units'])} from ${area(event['area'])} to ${area(event['to'])} after round ${String(event['round'])}.`;
    case 'battle-result':
      return `Battle of ${area(event['area'])} over after ${String(event['rounds'])} round(s): ${event['winner'] === 'attacker' ? `the attackers take it for ${who(event['holder'])}` : event['winner'] === 'defender' ? `${who(event['holder'])} holds it` : event['winner'] === 'air' ? `the defenders are destroyed, but aircraft cannot take a territory: ${who(event['holder'])} keeps it` : 'nobody is left standing'}.`;
    case 'conquered':
      return `${who(event['nation'])} is conquered: all its supply centers are taken.`;
    case 'exile':
      return `${who(event['nation'])}'s government goes into exile; ${who(event['host'])} commands its forces.`;
    case 'liberated':
      return `${who(event['nation'])} is liberated: its capital has been in friendly hands for two full turns.`;
    case 'strategic-move':
      return `${who(event['nation'])} moves ${counts(event['units'])} by rail from ${area(event['from'])} to ${area(event['to'])}.`;
    default:
      return undefined;
  }
}
