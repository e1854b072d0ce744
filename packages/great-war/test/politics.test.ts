import { test } from 'node:test';
import assert from 'node:assert/strict';
import { declareWar, joinSide, makePeace, shiftUsEntry, membersOf, invariants } from '@umpire/great-war';
import { openingState, phaseContext } from './helpers.js';

// The shared changes of the politics of the war (packages/great-war/src/p01-diplomacy/politics.ts).

test('declareWar puts both nations at war once and reports it; makePeace ends it', () => {
  const s = openingState();
  const ctx = phaseContext([]);
  assert.equal(declareWar(s, ctx, 'germany', 'belgium', 'declared'), true);
  assert.equal(declareWar(s, ctx, 'germany', 'belgium', 'declared'), false, 'already at war');
  assert.ok(s.nations.find((n) => n.id === 'germany')!.atWarWith.includes('belgium'));
  assert.ok(s.minors.find((n) => n.id === 'belgium')!.atWarWith.includes('germany'));
  assert.deepEqual(invariants(s), []);
  assert.equal(makePeace(s, ctx, 'belgium', 'germany', 'test'), true);
  assert.ok(!s.minors.find((n) => n.id === 'belgium')!.atWarWith.includes('germany'));
  assert.deepEqual(ctx.events.map((e) => e.type), ['war-declared', 'us-entry', 'peace'], 'a Central Power declaring war on a neutral moves US Entry (GW-USENTRY-01)');
});

test('joinSide puts a neutral on a side at war with every member of the other side, its camp set, the invariants whole', () => {
  const s = openingState();
  const ctx = phaseContext([]);
  assert.equal(joinSide(s, ctx, 'bulgaria', 'central', 'influence'), true);
  const bulgaria = s.minors.find((m) => m.id === 'bulgaria')!;
  assert.equal(bulgaria.side, 'central');
  assert.equal(bulgaria.diplomacy, 'central-camp');
  assert.deepEqual(bulgaria.atWarWith, [...membersOf(s, 'allied')].sort());
  assert.deepEqual(invariants(s), []);
  assert.equal(ctx.events[0]!.type, 'joined-side');
});

test('shiftUsEntry moves US public opinion and reports the move', () => {
  const s = openingState();
  const ctx = phaseContext([]);
  shiftUsEntry(s, ctx, 2, 'event-6', 'Italy joins the Allies');
  shiftUsEntry(s, ctx, 0, 'event-6', 'nothing');
  assert.equal(s.politics.usEntry, 2);
  assert.deepEqual(ctx.events.map((e) => [e.type, e['change'], e['usEntry']]), [['us-entry', 2, 2]]);
  s.politics.usEntry = 0.5;
  assert.ok(invariants(s).includes('US Entry is 0.5; a whole number'));
});
