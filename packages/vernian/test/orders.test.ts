import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hexesWithin } from '@umpire/engine';
import { hexBoard } from '../src/data/files.js';
import { hexFacts, isPlayable } from '../src/base/hexes.js';
import { occupancy } from '../src/base/positions.js';
import { language } from '../src/orders/language.js';
import { openingState } from '../src/arrivals/opening.js';
import { unitInfo } from '../src/base/units.js';
import type { VernianState } from '../src/base/state.js';
import { at, cleared, newGame, playStep, put, stepInfo, unitsWhere } from './fixtures.js';

const ctxFor = (state: VernianState, seat: 'germany' | 'allies', segment: 'setup' | 'german' | 'allied', turn = 2) => ({
  state,
  seat,
  step: stepInfo(segment, turn),
});
const [french, french2] = unitsWhere((u) => u.nation === 'france' && u.entry.type === 'fr-active-inf', 2);
const [german] = unitsWhere((u) => u.nation === 'germany' && u.entry.type === 'de-active-inf', 1);

describe('the order language: text and JSON admitted alike', () => {
  it('reads a move by unit ids or designations and place names, and writes it back', () => {
    const s = put(cleared(), { [french!]: 'Reims', [french2!]: 'Reims' });
    const ctx = ctxFor(s, 'allies', 'allied');
    const r = language.parseOrders(`move ${french}, ${unitInfo(french2!).name} to Épernay`, ctx);
    assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
    assert.deepEqual(r.value.orders[0], { kind: 'move', units: [french, french2], to: at('Épernay') });
    assert.match(language.formatOrders(r.value), new RegExp(`^move ${french}, ${french2} to ${at('Épernay')} Épernay`));
    const again = language.checkOrders(r.value, ctx);
    assert.ok(again.ok);
    assert.deepEqual(again.value, r.value);
  });

  it('locates a misspelt unit and place by line and column, with the closest names', () => {
    const s = put(cleared(), { [french!]: 'Reims' });
    const r = language.parseOrders(`# the 1st of June\nmove ${french}x to Epernai`, ctxFor(s, 'allies', 'allied'));
    assert.ok(!r.ok);
    const byCode = Object.fromEntries(r.error.map((p) => [p.code, p]));
    assert.equal(byCode['unknown-unit']?.line, 2);
    assert.equal(byCode['unknown-unit']?.column, 6);
    assert.equal(byCode['unknown-unit']?.suggestion, french);
    assert.equal(byCode['unknown-hex']?.suggestion, 'Épernay');
    assert.equal(byCode['unknown-hex']?.column, 6 + `${french}x to `.length);
  });

  it('locates JSON problems by path, with unknown fields and the closest names', () => {
    const s = put(cleared(), { [french!]: 'Reims' });
    const bad: unknown = { orders: [{ kind: 'move', units: [`${french}x`], to: 'Reimz', speed: 2 }] };
    const r = language.checkOrders(bad, ctxFor(s, 'allies', 'allied'));
    assert.ok(!r.ok);
    const paths = Object.fromEntries(r.error.map((p) => [p.path, p]));
    assert.equal(paths['$.orders[0].units[0]']?.suggestion, french);
    assert.equal(paths['$.orders[0].to']?.suggestion, 'Reims');
    assert.equal(paths['$.orders[0].speed']?.code, 'unknown-field');
  });

  it("VB-MOVE-01, VB-MOVE-03: a unit moves once a phase; refusals say why and name the order's field", () => {
    const s = put(cleared(), { [french!]: 'Reims', [german!]: 'Cologne' });
    const ctx = ctxFor(s, 'allies', 'allied');
    const twice = language.parseOrders(`move ${french} to Épernay\nmove ${french} to Reims`, ctx);
    assert.ok(!twice.ok);
    assert.equal(twice.error[0]!.code, 'moved');
    assert.equal(twice.error[0]!.line, 2);
    const theirs = language.parseOrders(`move ${german} to Bonn`, ctx);
    assert.ok(!theirs.ok);
    assert.equal(theirs.error[0]!.code, 'not-yours');
    const far = language.parseOrders(`move ${french} to Paris`, ctx);
    assert.ok(!far.ok);
    assert.equal(far.error[0]!.code, 'unreachable');
    const wrongTurn = language.parseOrders(`move ${french} to Épernay`, ctxFor(s, 'allies', 'german'));
    assert.ok(!wrongTurn.ok);
    assert.equal(wrongTurn.error[0]!.code, 'not-now');
  });

  it('VB-STACK-01, VB-STACK-04: a move that would leave more than six steps in a hex is refused', () => {
    const four = unitsWhere((u) => u.nation === 'france' && u.entry.type === 'fr-active-inf', 4);
    const s = put(cleared(), { [four[0]!]: 'Épernay', [four[1]!]: 'Épernay', [four[2]!]: 'Épernay', [four[3]!]: 'Reims' });
    const r = language.parseOrders(`move ${four[3]} to Épernay`, ctxFor(s, 'allies', 'allied'));
    assert.ok(!r.ok);
    assert.equal(r.error[0]!.code, 'full');
    assert.match(r.error[0]!.message, /VB-STACK-04/);
  });

  it('legal actions: every action offered is admitted when sent', () => {
    const s = openingState();
    const ctx = ctxFor(s, 'germany', 'german');
    const actions = language.legalActions({ orders: [] }, ctx);
    assert.ok(actions.length > 5);
    for (const a of actions.slice(0, 10)) assert.ok(language.checkOrders(a.next, ctx).ok, a.label);
  });
});

describe('set-up orders', () => {
  it('VB-SETUP-02, VB-SETUP-03: a unit sets up within 2 hexes of its listed place, not farther; both sides in one step', () => {
    const game = newGame();
    const opening = game.position.state;
    const occ = occupancy(opening);
    const unit = Object.keys(opening.units).find(
      (id) => unitInfo(id).nation === 'germany' && unitInfo(id).entry.type === 'de-active-inf' && opening.units[id]!.at !== 'due',
    )!;
    const listed = at(unitInfo(unit).entry.setup!.place);
    const near = [...hexesWithin(hexBoard(), listed, 2)].find(
      ([id, d]) => d === 2 && hexFacts(id)?.nation === hexFacts(listed)?.nation && isPlayable(hexFacts(id)) && !occ.has(id),
    )![0];
    const far = [...hexesWithin(hexBoard(), listed, 4)].find(([id, d]) => d === 4 && isPlayable(hexFacts(id)) && !occ.has(id))![0];
    const ctx = ctxFor(opening, 'germany', 'setup', 1);
    const refused = language.parseOrders(`setup ${unit} at ${far}`, ctx);
    assert.ok(!refused.ok);
    assert.match(refused.error[0]!.message, /VB-SETUP-0[24]/);
    const given = language.parseOrders(`setup ${unit} at ${near}`, ctx);
    assert.ok(given.ok, JSON.stringify(!given.ok && given.error));
    const after = playStep(game, { germany: language.formatOrders(given.value) });
    assert.equal(after.record.steps[0]!.id, 't1.setup');
    assert.equal(after.position.state.units[unit]!.at, near);
  });

  it('VV-SETUP-W-05: a French unit may not set up in Belgium', () => {
    const s = openingState();
    const frenchUnit = Object.keys(s.units).find(
      (id) => unitInfo(id).nation === 'france' && unitInfo(id).entry.type === 'fr-active-inf' && s.units[id]!.at !== 'due',
    )!;
    const r = language.parseOrders(`setup ${frenchUnit} at Mons`, ctxFor(s, 'allies', 'setup', 1));
    assert.ok(!r.ok);
    assert.match(r.error[0]!.message, /Belgium|VB-SETUP-02/);
  });
});
