import assert from 'node:assert/strict';
import { test } from 'node:test';
import { greatWar, type GreatWarState } from '../src/index.js';
import { nation, newGame, openingState, playTurn } from './helpers.js';

const describe = (e: Record<string, unknown>) => greatWar.describeEvent!(e as never);

test('describeEvent gives one line for each technology event', () => {
  assert.equal(
    describe({ type: 'research', nation: 'germany', tech: 'improved-weapons', advance: 1, roll: 9, success: true, newLevel: 1, cost: 10 }),
    'Germany researches Improved Weapons (advance 1 of 1) and rolls 9: success, Improved Weapons is now at level 1.',
  );
  assert.equal(
    describe({ type: 'research', nation: 'austria-hungary', tech: 'tanks', advance: 2, roll: 4, success: false, newLevel: 1, cost: 10 }),
    'Austria-Hungary researches Tanks (advance 2 of 4) and rolls 4: no advance.',
  );
  assert.equal(
    describe({ type: 'treasury', nation: 'serbia', change: -10, reason: 'research', attempts: 1, treasury: 0, visibleTo: ['serbia'] }),
    'Serbia pays 10 for 1 research attempt; treasury now 0.',
  );
  assert.equal(
    describe({ type: 'research-refused', nation: 'usa', tech: 'radar', code: 'not-enough-resources', reason: '2 research attempts at 10 each cost 20, and USA has 15' }),
    "USA's research of Radar is not made: 2 research attempts at 10 each cost 20, and USA has 15.",
  );
  assert.equal(describe({ type: 'phase', phase: 'technology' }), undefined);
  const { events } = playTurn(newGame([9]), { japan: { text: 'research carriers' } });
  for (const e of events.filter((x) => x.type !== 'roll' && x.type !== 'phase')) assert.ok(greatWar.describeEvent!(e), e.type);
});

test('describeState shows every nation its own treasury and technology in detail, and nobody else’s treasury', () => {
  const { game } = playTurn(newGame([10]), { germany: { text: 'research tanks' } });
  const state = game.position.state;
  const pub = greatWar.describeState!(state, undefined);
  assert.deepEqual(pub.map((s) => s.title).slice(0, 2), ['Nations', 'Technology levels']);
  assert.ok(!JSON.stringify(pub).includes('Treasury'));
  const levels = pub[1]!.table!;
  assert.deepEqual(levels.columns.slice(0, 4), ['Technology', 'Advances', 'GER', 'AH']);
  assert.deepEqual(levels.rows.find((r) => r[0] === 'Tanks'), ['Tanks', 4, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  assert.deepEqual(pub[0]!.table!.rows.find((r) => r[0] === 'Japan'), ['Japan', 'Neutral', 'Germany']);

  const own = greatWar.describeState!(state, 'germany');
  assert.deepEqual(own.map((s) => s.title), ['Nations', 'Technology levels', 'Germany', 'Germany: technology', 'Germany: economy', 'Germany: manpower', 'US Entry', 'The United States', 'The Ottoman Empire', 'Italy']);
  assert.ok(own[2]!.lines!.includes('Treasury: 168'), '85 - 10 for research + 85 collected in phase 14 + 8 of US trade in phase 15');
  assert.ok(!JSON.stringify(own).includes('Treasury: 50'), 'not Austria-Hungary’s');
  const tech = own[3]!.table!.rows;
  assert.deepEqual(tech.find((r) => r[0] === 'Tanks'), ['Tanks', '1/4', '2: +1 attack, +1 move, +1 cost']);
  assert.deepEqual(tech.find((r) => r[0] === 'Improved Weapons'), ['Improved Weapons', '0/1', '1: +1 attack, +1 defense, +1 cost']);

  const fr = greatWar.describeState!(openingState(), 'france')[3]!.table!.rows;
  const gb = greatWar.describeState!(openingState(), 'britain')[3]!.table!.rows;
  assert.equal(fr.find((r) => r[0] === 'Tanks')![2], '1: developed tanks: may build tanks');
  assert.equal(gb.find((r) => r[0] === 'Tanks')![2], '1: -2 cost, +1 attack', 'the prototype holders get the stat change instead');
  const ottoman = greatWar.describeState!(openingState(), 'ottoman-empire')[2]!.lines!;
  assert.ok(ottoman.includes('Collects at most 24 per turn while neutral'));
});

test('invariants hold at the start and name each broken rule', () => {
  assert.deepEqual(greatWar.invariants!(openingState()), []);
  const broken: GreatWarState = openingState();
  nation(broken, 'serbia').treasury = -10;
  nation(broken, 'italy').tech['improved-bombers'] = 5;
  delete nation(broken, 'china').tech['radar'];
  nation(broken, 'usa').tech['death-ray'] = 1;
  nation(broken, 'japan').atWarWith = ['austria-hungary', 'germany'];
  nation(broken, 'france').atWarWith.push('russia');
  nation(broken, 'russia').atWarWith.push('france');
  assert.deepEqual(greatWar.invariants!(broken), [
    "Serbia's treasury is -10; it is a whole number, never negative",
    'Italy is at level 5 of Improved Bombers, which has 4 advance(s)',
    'China has no level in Radar',
    "USA has a level in unknown technology 'death-ray'",
    'Russia and France are on the same side and at war',
    'France and Russia are on the same side and at war',
    'Japan is at war with Austria-Hungary, but not Austria-Hungary with Japan',
  ]);
});
