/**
 * Rule cases of the duel (test/fixtures/duel.ts), as a case file would hold them: one that passes, and copies of it
 * broken on purpose.
 */

/** Red bids 2 and wins the bid on 2 + 3 against 0 + 4, walks to the hill and fires from it with two dice. */
export const passing = {
  $schema: '../../schemas/rule-case.schema.json',
  title: 'DUEL-BID-01 DUEL-FIRE-02: the higher bid total scores 2; fire from the hill hits on 4 or less',
  ruleset: 'duel',
  start: { scenario: 'meeting', options: { pace: 'calm' }, edits: [{ set: '/side/red/points', value: 1 }] },
  dice: [3, 4, 4, 5],
  steps: [
    { step: 't1.upkeep', expect: { events: [{ type: 'upkeep', turn: 1 }], state: [{ at: '/side/red/points', equals: 3 }] } },
    {
      step: 't1.bids',
      orders: { red: 'bid 2', blue: { json: { bid: 0 } } },
      refused: [
        { seat: 'red', orders: 'bid 4', code: 'bid-too-high', line: 1 },
        { seat: 'blue', orders: { json: { bid: 1, bet: 2 } }, code: 'unknown-field', path: '$.bet' },
      ],
      expect: {
        events: [{ type: 'bid', red: 5, blue: 4, winner: 'red' }, { type: 'roll', purpose: 'red bid', value: 3 }, { type: 'note' }, { type: 'note' }],
        eventCounts: [{ match: { type: 'roll' }, count: 2 }],
        noEvents: [{ type: 'bid', winner: 'blue' }],
        state: [
          { at: '/side/red', equals: { score: 2, points: 1, tokens: 2, at: 'red-home' } },
          { at: '/side', count: 2 },
        ],
      },
    },
    { step: 't1.red-move', orders: { red: ['# up the road', 'move ford hill'] }, expect: { state: [{ at: '/side/red/at', equals: 'hill' }] } },
    { step: 't1.red-fire', orders: { red: 'fire consolidate' }, expect: { events: [{ type: 'fire', seat: 'red', hits: 1, gain: 1 }] } },
  ],
};

/** The passing case with four expectations the game does not meet. */
export const failing = {
  ...passing,
  steps: [
    passing.steps[0],
    {
      ...passing.steps[1],
      refused: [{ seat: 'red', orders: 'bid 1', code: 'bid-too-high' }],
      expect: {
        events: [{ type: 'bid', red: 5, blue: 4, winner: 'blue' }, { type: 'bids' }],
        eventCounts: [{ match: { type: 'note', visibleTo: ['red'] }, count: 2 }],
        noEvents: [{ type: 'roll', purpose: 'blue bid' }],
        state: [{ at: '/side/red/score', equals: 3 }],
      },
    },
    passing.steps[2],
    passing.steps[3],
  ],
};
