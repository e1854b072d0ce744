import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { boardDistance, createGame, gridDistance, openStep, Random, replay, resolveStep, SECRET_BYTES, submitOrders } from '@umpire/engine';
import { hexBoard, ruleNumbers, terrainData } from '../src/data/files.js';
import { allHexes, findHex, hexesNamed, hexFacts } from '../src/base/hexes.js';
import { controller, fortressOwner, fortressStands, stackingSteps, occupancy } from '../src/base/positions.js';
import { allUnits, printedFactors, unitInfo } from '../src/base/units.js';
import { sideOfNation } from '../src/base/sides.js';
import { vernian } from '../src/index.js';
import { language } from '../src/orders/language.js';
import type { VernianState } from '../src/base/state.js';
import { zoneOf } from '../src/base/zoc.js';
import { moveWorld, reachableHexes } from '../src/movement/movement.js';
import { applyMove } from '../src/orders/move.js';
import { at, cleared, put, stepInfo, testContext, unitsWhere } from './fixtures.js';
import { enforceStacking } from '../src/turn/stacking.js';

describe('units and their counters', () => {
  it('VB-UNIT-01, VB-UNIT-02: the Germans move German units; the Allies French, British, Belgian and American units', () => {
    for (const u of allUnits()) assert.equal(u.side, u.nation === 'germany' ? 'germany' : 'allies', u.id);
    assert.deepEqual([...new Set([...allUnits()].map((u) => u.nation))].sort(), ['belgium', 'britain', 'france', 'germany', 'usa']);
    assert.equal(sideOfNation('usa'), 'allies');
  });

  it('VB-UNIT-03..05: counters print attack, defence, movement; infantry, cavalry, fortress divisions fight', () => {
    for (const u of allUnits()) {
      const f = u.type.full;
      assert.ok(f.attack >= 0 && f.defence >= 0 && f.move >= 0, u.id);
      assert.equal(u.combat, ['infantry', 'cavalry', 'fortress-infantry'].includes(u.type.class), u.id);
      assert.equal(u.infantry, u.type.class === 'infantry' || u.type.class === 'fortress-infantry', u.id);
    }
  });

  it('VB-UNIT-06..07, VB-UNIT-12, VB-STEP-01: a division shows its reduced side after a loss; cavalry: 1 step, moves 6', () => {
    const [inf] = unitsWhere((u) => u.entry.type === 'de-active-inf', 1);
    const t = unitInfo(inf!).type;
    assert.equal(t.steps, 2);
    assert.deepEqual(printedFactors(inf!, 2), t.full);
    assert.deepEqual(printedFactors(inf!, 1), t.reduced);
    for (const u of allUnits()) if (u.type.class === 'cavalry') assert.deepEqual([u.type.steps, u.type.full.move], [1, 6], u.id);
  });

  it('VB-UNIT-09..10: yellow-striped German units: one step, a crack side with better attack and movement', () => {
    const yellow = [...allUnits()].filter((u) => u.type.yellowStripe);
    assert.ok(yellow.length > 0);
    for (const u of yellow) {
      assert.equal(u.nation, 'germany');
      assert.equal(u.type.steps, 1);
      const c = u.type.crack!;
      assert.ok(c.attack > u.type.full.attack && c.move > u.type.full.move && c.defence === u.type.full.defence, u.id);
      assert.deepEqual(printedFactors(u.id, 1, true), c);
    }
  });

  it('VB-UNIT-11, VB-HQ-01, VB-HQ-02: an HQ has one step, two numbers, no combat factors and moves 3', () => {
    for (const u of allUnits()) {
      if (!u.hq) continue;
      assert.equal(u.type.steps, 1, u.id);
      assert.equal(u.type.full.move, 3, u.id);
      assert.deepEqual([u.type.full.attack, u.type.full.defence], [0, 0], u.id);
      assert.ok(u.type.guns !== undefined && u.type.kill !== undefined, u.id);
    }
  });
});

describe('the maps', () => {
  it('VB-MAP-03, VB-MAP-12: 9.5-mile hexes: Paris to Liège about 300 km is some 20 hexes; ranges count the link as one step', () => {
    const d = gridDistance(hexBoard(), at('Paris'), at('Liège'))!;
    assert.ok(d >= 18 && d <= 23, `${d} hexes`);
    const dover = at('Dover');
    assert.equal(boardDistance(hexBoard(), 'W7005', dover), 1);
  });

  it('VB-MAP-04, VB-TERR-01: every land hex belongs to one nation and has one terrain of the seven', () => {
    const kinds = ['clear', 'flood-plain', 'forest', 'rough', 'mountain', 'marsh', 'sea'];
    for (const h of allHexes()) {
      assert.ok(kinds.includes(h.terrain), h.id);
      if (h.land) assert.ok(typeof h.nation === 'string', h.id);
    }
  });

  it('VB-MAP-06: board-edge hexes are land hexes on the first or last printed column or row of their map', () => {
    for (const h of allHexes()) {
      if (!h.edge) continue;
      const map = hexBoard().map(h.map)!;
      const cell = hexBoard().cell(h.id)!;
      const onEdge = [map.firstColumn, map.lastColumn].includes(cell.column) || [map.firstRow, map.lastRow].includes(cell.row);
      assert.ok(h.land && onEdge, h.id);
    }
  });

  it('VB-MAP-08, VB-FORT-01: towns, cities, fortresses with their values, ports; Paris and the Ruhr are several city hexes', () => {
    const values = Object.fromEntries(
      ['Antwerp', 'Verdun', 'Metz', 'Liège', 'Toul', 'Maubeuge'].map((n) => [n, hexFacts(at(n))?.fortress]),
    );
    assert.deepEqual(values, { Antwerp: 3, Verdun: 3, Metz: 3, Liège: 2, Toul: 2, Maubeuge: ruleNumbers().fortresses.otherwise });
    assert.ok(hexesNamed('Ruhr').length >= 2 && hexesNamed('Ruhr').every((id) => hexFacts(id)?.city));
    assert.ok(hexFacts(at('Calais'))?.port);
  });

  it('VB-MAP-11: Munich is off the map: no hex bears its name', () => {
    assert.equal(findHex('Munich').ok, false);
  });
});

describe('control, zones and stacking', () => {
  const [french, french2] = unitsWhere((u) => u.nation === 'france' && u.entry.type === 'fr-active-inf', 2);
  const [frenchHq] = unitsWhere((u) => u.nation === 'france' && u.hq, 1);
  const [german] = unitsWhere((u) => u.nation === 'germany' && u.entry.type === 'de-active-inf', 1);

  it('VB-CTRL-04: an HQ never takes control of the hexes it enters', () => {
    const s = put(cleared(), { [frenchHq!]: 'Trier' });
    const to = hexBoard()
      .neighbours(at('Trier'))
      .find((c) => hexFacts(c.to)?.nation === 'germany' && hexFacts(c.to)?.land)!.to;
    applyMove(s, frenchHq!, [at('Trier'), to]);
    assert.equal(controller(s, to), 'germany');
  });

  it('VB-CTRL-05, VB-CTRL-06: a French city the Germans took is a German-held French city: it counts for them, it stays French', () => {
    const s = cleared();
    s.control[at('Reims')] = 'germany';
    assert.equal(controller(s, at('Reims')), 'germany');
    assert.equal(hexFacts(at('Reims'))?.nation, 'france');
  });

  it('VB-CTRL-07, VB-FORT-08: no enemy unit enters a standing fortress, which stays its owner’s', () => {
    const s = put(cleared(), {
      [german!]: hexBoard()
        .neighbours(at('Verdun'))
        .find((c) => hexFacts(c.to)?.land && !c.link)!.to,
    });
    assert.equal(fortressStands(s, at('Verdun')), true);
    assert.equal(fortressOwner(at('Verdun')), 'allies');
    assert.equal(reachableHexes(moveWorld(s, 'germany'), german!, 2).has(at('Verdun')), false);
  });

  it('VB-ZOC-02, VB-ZOC-03: a zone reaches across rivers but not into neutral hexes or across the link; weak or strong units alike', () => {
    const s = put(cleared(), { [french!]: 'W7005' });
    const zone = zoneOf(s, 'allies');
    for (const hex of zone.keys()) assert.ok(hexFacts(hex)?.map === 'W' && !hexFacts(hex)?.neutral, hex);
    const river = [...allHexes()].find(
      (h) =>
        h.land &&
        !h.neutral &&
        hexBoard()
          .neighbours(h.id)
          .some((c) => c.features.includes('river') && hexFacts(c.to)?.land),
    )!;
    const across = hexBoard()
      .neighbours(river.id)
      .find((c) => c.features.includes('river') && hexFacts(c.to)?.land)!.to;
    put(s, { [french!]: river.id });
    s.units[french!]!.steps = 1;
    assert.ok(zoneOf(s, 'allies').has(across));
  });

  it('VB-STACK-02, VB-STACK-06: each step of a combat unit counts 1, HQs apart; the limit is the same everywhere', () => {
    const s = put(cleared(), { [french!]: 'London', [french2!]: 'London', [frenchHq!]: 'London' });
    s.units[french2!]!.steps = 1;
    assert.deepEqual(stackingSteps(s, at('London'), occupancy(s)), { steps: 3, hqs: 1 });
    assert.equal(ruleNumbers().stacking.steps, 6);
  });
});

describe('counters, dice and terrain the variant reads', () => {
  it('VV-GEN-03: every ground unit has a counter of its own in the order of battle: factors, steps, a code', () => {
    for (const u of allUnits()) {
      assert.ok(u.type.full.move >= 0 && u.type.steps >= 1, u.id);
      assert.ok(u.entry.code.length > 0, u.id);
    }
  });

  it('VB-HQ-10: an HQ whose first number is 0 is an HQ all the same: no guns, but it supplies and moves', () => {
    const zero = [...allUnits()].filter((u) => u.hq && u.type.guns === 0);
    assert.ok(zero.length > 0);
    for (const u of zero) assert.deepEqual([u.type.steps, u.type.full.move, u.hq], [1, 3, true], u.id);
  });

  it('VB-TERR-07: a hex is Clear for the bombard only in clear or flood-plain terrain with no town, city or fortress', () => {
    const t = terrainData();
    assert.deepEqual(
      Object.entries(t.terrain)
        .filter(([, v]) => v.bombardClear)
        .map(([k]) => k)
        .sort(),
      ['clear', 'flood-plain'],
    );
    for (const f of ['town', 'city', 'fortress']) assert.equal(t.features[f]?.bombardClear, false, f);
  });

  it('VB-DICE-01, VB-DICE-02: every roll is one d6 from the dice stream, recorded with its purpose, and replays', () => {
    // A committed game: the set-up, Strategic Turn A, then a German move next to an Allied unit and an attack on it.
    const secrets = new Random('vernian-dice', 'secrets');
    const made = createGame<VernianState>(vernian, {
      gameId: 'dice',
      dice: { mode: 'committed' },
      seats: [
        { id: 'germany', player: 'g@example.org' },
        { id: 'allies', player: 'a@example.org' },
      ],
    });
    assert.ok(made.ok);
    let game = made.value;
    const step = (orders?: unknown) => {
      const secret = secrets.hex(SECRET_BYTES);
      const opened = openStep(vernian, game, secret);
      assert.ok(opened.ok);
      game = opened.value;
      if (orders) {
        const sent = submitOrders(vernian, game, 'germany', { json: orders });
        assert.ok(sent.ok, JSON.stringify(!sent.ok && sent.error));
        game = sent.value.game;
      }
      const r = resolveStep(vernian, game, secret);
      assert.ok(r.ok);
      game = r.value.game;
    };
    step();
    step();
    const ctx = { state: game.position.state, seat: 'germany', step: stepInfo('german', 1) };
    const draft = language.openDraft(ctx)!;
    const attack = language.specFor('attack')!;
    search: for (const id of Object.keys(ctx.state.units).sort()) {
      const u = unitInfo(id);
      if (u.side !== 'germany' || !u.combat || hexFacts(ctx.state.units[id]!.at)?.map !== 'W') continue;
      for (const r of reachableHexes(moveWorld(draft.ctx.state, 'germany'), id, 1).values()) {
        if (draft.add({ kind: 'move', units: [id], to: r.id })) continue;
        const c = attack.candidates(draft.ledger, draft.ctx, { side: 'germany', start: ctx.state, turn: 1 });
        if (c.length && !draft.add(c[0]!)) break search;
        break;
      }
    }
    assert.ok(
      draft.orders.orders.some((o) => o.kind === 'attack'),
      'an attack was found',
    );
    step(draft.orders);
    const rolls = game.record.steps.flatMap((s) => s.events).filter((e) => e.type === 'roll');
    assert.ok(rolls.length > 0);
    for (const r of rolls) {
      assert.equal(r['sides'], 6);
      assert.match(String(r['purpose']), /^combat on /);
    }
    assert.ok(replay(vernian, game.record).ok);
  });
});

describe('a hex over the stacking limit', () => {
  it('VB-STACK-05, VB-STACK-03: its owner loses steps of his choice there until it is within six steps and one HQ', () => {
    const four = unitsWhere((u) => u.nation === 'france' && u.entry.type === 'fr-active-inf', 4);
    const [hq1, hq2] = unitsWhere((u) => u.nation === 'france' && u.hq, 2);
    const s = put(cleared(), Object.fromEntries([...four, hq1!, hq2!].map((id) => [id, 'Reims'])));
    const ctx = testContext(2);
    enforceStacking(s, ctx);
    const left = stackingSteps(s, at('Reims'), occupancy(s));
    assert.deepEqual(left, { steps: 6, hqs: 1 });
    const lost = ctx.events.filter((e) => (e as { type: string }).type === 'step-lost' || (e as { type: string }).type === 'eliminated');
    assert.equal(lost.length, 3, 'two steps and one HQ');
  });
});
