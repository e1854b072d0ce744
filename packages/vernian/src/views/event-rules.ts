import type { GameEvent } from '@umpire/engine';

/**
 * The rules of the rule book (docs/vernian/base-rules.md and clauses.md) a report line applied: a combat names the
 * odds, the column shifts, the roll on the table and its results, and the fortress and Tank rules when they took part.
 * Reports link each id to the game's rule book.
 */
export function vernianEventRules(event: GameEvent): readonly string[] {
  switch (event.type) {
    case 'combat': {
      const shifts = Array.isArray(event['shifts']) ? (event['shifts'] as { source?: string }[]) : [];
      return [
        'VB-CRT-02',
        'VB-CRT-07',
        'VB-CRT-09',
        ...(shifts.length ? ['VB-CRT-12', 'VB-CRT-13'] : []),
        'VB-CRT-15',
        'VB-CRT-17',
        'VB-CRT-18',
        ...(Number(event['fortress'] ?? 0) > 0 || shifts.some((s) => s.source === 'fortress') ? ['VB-FORT-02'] : []),
        ...(Array.isArray(event['tanks']) && event['tanks'].length ? ['VV-TANK-11'] : []),
      ];
    }
    case 'step-lost':
      return ['VB-STEP-01', 'VB-STEP-02'];
    case 'retreat':
      return ['VB-RET-01', 'VB-RET-02'];
    case 'fortress-destroyed':
      return ['VB-FORT-03'];
    default:
      return [];
  }
}
