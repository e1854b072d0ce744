import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { GameEvent } from '@umpire/engine';
import type { VernianState } from '../src/base/state.js';
import { assessBattle } from '../src/combat/odds.js';
import { describeEvent } from '../src/views/report.js';
import { vernianOdds } from '../src/tools/odds.js';
import { vernian } from '../src/index.js';
import { everyone, fight, jsonProblems, orders, ordersContext, position, problems, story } from './combat-helpers.js';

/** Tanks in attacks (VV-TANK-10, VV-TANK-11, VV-TANK-14 to VV-TANK-20): Allied attacks from Reims (W7820) on W7920. */

const REIMS = 'W7820';
const SIDE = 'W7821';
const TARGET = 'W7920';

/** A position with Tanks: `{ W7820: 'tank-al-1' }`, of the side named. */
function withTanks(units: Record<string, string[]>, tanks: Record<string, string>, side: 'allies' | 'germany' = 'allies'): VernianState {
  const s = position(units);
  for (const [hex, id] of Object.entries(tanks)) s.pieces[id] = { type: 'tank', side, at: hex };
  return s;
}

const attack = (s: VernianState, units: string[], double?: string[]) => {
  const b = assessBattle(s, 'allies', TARGET, units, everyone('attack'), double);
  if (!b.ok) throw new Error(b.error.message);
  return b.value;
};

const lines = (events: readonly GameEvent[]) => events.map((e) => describeEvent(e)).filter((l): l is string => l !== undefined);

describe('Tanks in attacks', () => {
  it("VV-TANK-20, VV-TANK-11, AMB-53: one infantry unit of the Tank's hex doubled, the strongest unless the order names one", () => {
    const s = withTanks({ [REIMS]: ['fr-14', 'fr-58'], [SIDE]: ['fr-41'], [TARGET]: ['de-3', 'de-4'] }, { [REIMS]: 'tank-al-1' });
    const plain = attack(position({ [REIMS]: ['fr-14', 'fr-58'], [SIDE]: ['fr-41'], [TARGET]: ['de-3', 'de-4'] }), [
      'fr-14',
      'fr-58',
      'fr-41',
    ]);
    assert.equal(plain.strengths.attack, 8);
    const byDefault = attack(s, ['fr-14', 'fr-58', 'fr-41']);
    assert.deepEqual(byDefault.doubled, ['fr-14']);
    assert.equal(byDefault.strengths.attack, 11, '3 doubled to 6, with 2 and 3');
    const named = attack(s, ['fr-14', 'fr-58', 'fr-41'], ['fr-58']);
    assert.equal(named.strengths.attack, 10);
    const elsewhere = problems(s, 'allies', `attack ${TARGET} with fr-14, fr-41 double fr-41`);
    assert.match(elsewhere[0]?.message ?? '', /no attacking infantry in the hex of a Tank of yours.*\(VV-TANK-11, VV-TANK-20\)/);
    const two = problems(s, 'allies', `attack ${TARGET} with fr-14, fr-58 double fr-14, fr-58`);
    assert.match(two[0]?.message ?? '', /one unit a Tank's stack is doubled/);
  });

  it('VV-TANK-11: a Tank helps infantry only: cavalry attacking from its hex gets nothing, and a Tank never attacks', () => {
    const s = withTanks({ [REIMS]: ['fr-14', 'fr-cav6'], [TARGET]: ['de-lw1'] }, { [REIMS]: 'tank-al-1' });
    const cav = attack(s, ['fr-cav6']);
    assert.deepEqual(cav.doubled, []);
    assert.equal(cav.tanks.stacks.length, 0);
    assert.match(problems(s, 'allies', `attack ${TARGET} with tank-al-1`)[0]?.message ?? '', /never attacks itself.*\(VV-TANK-11\)/);
  });

  it('VV-TANK-14, AMB-53: out of Attack Supply the Tank still helps; the infantry is halved first, then doubled', () => {
    const s = withTanks({ [REIMS]: ['fr-14', 'fr-58'], [TARGET]: ['de-3'] }, { [REIMS]: 'tank-al-1' });
    const b = assessBattle(s, 'allies', TARGET, ['fr-14', 'fr-58'], everyone('defense'));
    assert.ok(b.ok);
    assert.deepEqual(b.value.doubled, ['fr-14']);
    assert.equal(b.value.strengths.attack, 4, 'fr-14: 3 halved to 1.5, doubled to 3; fr-58: 2 halved to 1');
  });

  it('VV-TANK-10, AMB-54: against a hex with an enemy Tank the infantry attack without any Tank help, and the report says why', () => {
    const s = withTanks({ [REIMS]: ['fr-14', 'fr-58'], [TARGET]: ['de-3'] }, { [REIMS]: 'tank-al-1' });
    s.pieces['tank-de-1'] = { type: 'tank', side: 'germany', at: TARGET };
    const b = attack(s, ['fr-14', 'fr-58']);
    assert.deepEqual(b.doubled, []);
    assert.equal(b.strengths.attack, 5);
    assert.match(problems(s, 'allies', `attack ${TARGET} with fr-14 double fr-14`)[0]?.message ?? '', /enemy Tank.*\(VV-TANK-10\)/);
    // 5 to 4 reads 1-1; a 1 is AL1, which no Tank absorbs here.
    const { events } = fight(s, 'allies', `attack ${TARGET} with fr-14, fr-58`, [1]);
    assert.equal(story(events).filter((l) => l.startsWith('step-lost')).length, 1, 'the AL1 taken in full');
    assert.match(lines(events)[0]!, /\(W7920 holds an enemy Tank: no Tank helps an attack on it \(VV-TANK-10\)\)/);
  });

  it('VV-TANK-15: the first step the attacker loses is ignored; the report names the Tank and the unit doubled', () => {
    const s = withTanks({ [REIMS]: ['fr-14', 'fr-58'], [SIDE]: ['fr-41'], [TARGET]: ['de-3', 'de-4'] }, { [REIMS]: 'tank-al-1' });
    // 11 to 8 reads 1-1; a 1 is AL1.
    const { events } = fight(s, 'allies', `attack ${TARGET} with fr-14, fr-58, fr-41`, [1]);
    assert.deepEqual(story(events), ['combat W7920 1-1 AL1', 'tank-absorbs-hit']);
    const text = lines(events);
    assert.match(text[0]!, /French .* \(fr-14\) \(doubled by a Tank\), .*helped by Allied Tank \(tank-al-1\) attack/);
    assert.match(text[0]!, /11 to 8 \(1-1\)/);
    assert.equal(text[1], "The Tank attacking W7920 takes the attacker's first step lost: it is ignored.");
  });

  it('VV-TANK-16: one step a combat is absorbed, however many Tanks attack', () => {
    const s = withTanks(
      { [REIMS]: ['fr-58'], [SIDE]: ['fr-63'], [TARGET]: ['de-3', 'de-4', 'de-7'] },
      { [REIMS]: 'tank-al-1', [SIDE]: 'tank-al-2' },
    );
    // 4 + 4 to 12 reads 1-2; a 1 is AL2: one ignored, one lost.
    const { events } = fight(s, 'allies', `attack ${TARGET} with fr-58, fr-63`, [1]);
    const told = story(events);
    assert.equal(told[0], 'combat W7920 1-2 AL2');
    assert.equal(told.filter((l) => l === 'tank-absorbs-hit').length, 1);
    assert.equal(told.filter((l) => l.startsWith('step-lost')).length, 1);
  });

  it("VV-TANK-17, VV-TANK-18, VV-TANK-19, AMB-52: the Tank's stack advances into the hex attacked, then on into a vacant hex", () => {
    const s = withTanks({ [REIMS]: ['fr-14', 'fr-58'], [SIDE]: ['fr-41'], [TARGET]: ['de-lw1'] }, { [REIMS]: 'tank-al-1' });
    // 11 to 2 reads 5-1; a 3 is DL1 DR1: the one-step defender is eliminated.
    const { events } = fight(s, 'allies', `attack ${TARGET} with fr-14, fr-58, fr-41 advance all beyond W8020`, [3]);
    assert.deepEqual(
      ['fr-14', 'fr-58', 'fr-41'].map((id) => s.units[id]!.at),
      ['W8020', 'W8020', TARGET],
    );
    assert.equal(s.pieces['tank-al-1']!.at, 'W8020');
    const text = lines(events);
    assert.ok(text.includes('Allied Tank (tank-al-1) advances into W7920.'));
    assert.ok(text.includes('Allied Tank (tank-al-1) advances into W8020.'));
  });

  it('VV-TANK-19: the second hex must be next to the hex attacked and vacant; an advance is needed to name one', () => {
    const s = withTanks({ [REIMS]: ['fr-14', 'fr-58'], [TARGET]: ['de-lw1'], W8020: ['de-3'] }, { [REIMS]: 'tank-al-1' });
    assert.match(
      problems(s, 'allies', `attack ${TARGET} with fr-14 advance all beyond W8120`)[0]?.message ?? '',
      /not next to .*\(VV-TANK-19\)/,
    );
    assert.match(problems(s, 'allies', `attack ${TARGET} with fr-14 beyond W8020`)[0]?.message ?? '', /beyond|advance/);
    const { events } = fight(s, 'allies', `attack ${TARGET} with fr-14, fr-58 advance all beyond W8020`, [3]);
    assert.equal(s.pieces['tank-al-1']!.at, TARGET);
    assert.ok(lines(events).includes("The Tank's stack does not go on into W8020: W8020 is not vacant (VV-TANK-19)."));
  });

  it('VV-TANK-20, VV-TANK-17: the order reads and writes double and beyond in text and JSON, with located problems', () => {
    const s = withTanks({ [REIMS]: ['fr-14', 'fr-58'], [TARGET]: ['de-lw1'] }, { [REIMS]: 'tank-al-1' });
    const text = `attack ${TARGET} with fr-14, fr-58 double fr-58 advance all beyond W8020`;
    const list = orders(s, 'allies', text);
    assert.deepEqual(list.orders[0], {
      kind: 'attack',
      target: TARGET,
      units: ['fr-14', 'fr-58'],
      double: ['fr-58'],
      advance: 'all',
      beyond: 'W8020',
    });
    assert.equal(vernian.formatOrders(list, ordersContext(s, 'allies')).trim(), text);
    assert.deepEqual(jsonProblems(s, 'allies', list), []);
    const bad = jsonProblems(s, 'allies', { orders: [{ ...list.orders[0], double: ['fr-5x'], beyond: 'Nowhere' }] });
    assert.deepEqual(
      bad.map((p) => p.path),
      ['$.orders[0].double[0]', '$.orders[0].beyond'],
    );
    const located = problems(s, 'allies', `attack ${TARGET} with fr-14 double fr-1x`);
    assert.equal(located[0]?.column, `attack ${TARGET} with fr-14 double `.length + 1);
  });

  it('VV-TANK-20: `umpire odds vernian` shows the Tank and the doubled strength', () => {
    const out = String(
      vernianOdds.run({ target: TARGET, attackers: `fr-14@${REIMS}, fr-58@${REIMS}`, defenders: 'de-3', tanks: REIMS, double: '' }, false),
    );
    assert.match(out, /French .* \(fr-14\), doubled by a Tank; .* attack W7920 held by/);
    assert.match(out, /Tanks help from W7820 Reims: the attackers' first step lost is ignored/);
    assert.match(out, /Strength 8 to 4: 2-1/);
  });

  it('VV-TANK-10: legal actions never double against a Tank, and the general bot still attacks with Tanks beside it', () => {
    const s = withTanks({ [REIMS]: ['fr-14', 'fr-58'], [TARGET]: ['de-lw1'] }, { [REIMS]: 'tank-al-1' });
    const ctx = ordersContext(s, 'allies');
    const attacks = vernian.legalActions!({ orders: [] }, ctx).filter((a) => a.label.startsWith('attack'));
    assert.ok(attacks.some((a) => a.label.startsWith(`attack ${TARGET} with fr-14, fr-58`)));
  });
});
