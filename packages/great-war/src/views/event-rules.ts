import type { GameEvent } from '@umpire/engine';

/**
 * The rules of the rule book (docs/great-war/clauses.md) a report line applied: a land battle names the combat
 * procedure, and the artillery, rival-attacker and facility rules when they took part. Reports link each id to the
 * game's rule book.
 */
export function greatWarEventRules(event: GameEvent): readonly string[] {
  const some = (key: string) => Array.isArray(event[key]) && (event[key] as unknown[]).length > 0;
  switch (event.type) {
    case 'battle':
      return [
        'GW-P10-LAND-01',
        'GW-P10-LAND-14',
        'GW-P10-LAND-16',
        'GW-COMBAT-01',
        'GW-COMBAT-02',
        ...(some('support') ? ['GW-P10-LAND-06', 'GW-P10-LAND-10'] : []),
        ...(some('rivals') ? ['GW-COMBAT-04', 'GW-COMBAT-05'] : []),
        ...(some('facilities') ? ['GW-P10-LAND-02', 'GW-P10-LAND-17'] : []),
      ];
    case 'battle-round':
      return ['GW-P10-LAND-14', 'GW-P10-LAND-16', 'GW-P10-LAND-22'];
    case 'retreat':
      return ['GW-P10-LAND-11'];
    default:
      return [];
  }
}
