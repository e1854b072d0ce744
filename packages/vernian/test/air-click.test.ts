import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { AnyOrder, Json } from '@umpire/engine';
import { vernian } from '../src/index.js';
import { language } from '../src/orders/language.js';
import type { VernianState } from '../src/base/state.js';
import { controller } from '../src/base/positions.js';
import { allHexes, hexFacts, isPlayable } from '../src/base/hexes.js';
import { openingState } from '../src/arrivals/opening.js';
import { setupRefusal } from '../src/arrivals/setup-rules.js';
import { baseRefusal, basesInReach } from '../src/air/bases.js';
import { flightDistance, flightReach, mayEndFlight } from '../src/air/flight.js';
import { barredHexes, sortieRange } from '../src/air/air-rules.js';
import { sortieRefusal } from '../src/air/zeppelins.js';
import { missionReach } from '../src/air/missions.js';
import { vernianPlans } from '../src/tools/plans.js';
import { stepInfo } from './fixtures.js';
import { put } from './supply-positions.js';
import { AACHEN, AL_B, AL_CS, AL_F, LIEGE, METZ, VERDUN, ZEPS, airBoard, putPieces } from './air-helpers.js';
import { COLOGNE, PARIS, SEVEN_FROM_AACHEN, SIX_FROM_AACHEN, crackAt } from './air-moves.js';

/**
 * The air orders given by clicking a hex (each spec's `candidatesAt`, kept by the order language's `actionsAt`, and the
 * board tool's plans built on them): every order offered is legal, reads back from the line it writes exactly as typed
 * text does, goes where the rules' own reach functions say, and a destination the rules forbid is never offered.
 */

type Segment = 'setup' | 'german' | 'allied';
type Seat = 'germany' | 'allies';

const ctxOf = (state: VernianState, seat: Seat, segment: Segment) => ({ state, seat, step: stepInfo(segment, 5) });

/** The orders the language offers at a hex after a typed draft, of one kind. */
function offered(state: VernianState, seat: Seat, segment: Segment, hex: string, kind: string, draft = ''): AnyOrder[] {
  const ctx = ctxOf(state, seat, segment);
  const d = language.parseOrders(draft, ctx);
  assert.ok(d.ok, JSON.stringify(!d.ok && d.error));
  return vernian.actionsAt!(d.value, ctx, hex)
    .map((a) => a.next.orders.at(-1) as AnyOrder)
    .filter((o) => o.kind === kind);
}

/** Each order's line, typed after the draft, reads back as that very order, and its JSON passes the same check. */
function admittedAsTyped(state: VernianState, seat: Seat, segment: Segment, orders: readonly AnyOrder[], draft = ''): void {
  const ctx = ctxOf(state, seat, segment);
  for (const order of orders) {
    const line = language.specFor(order.kind)!.format(order);
    const r = language.parseOrders(`${draft}${line}\n`, ctx);
    assert.ok(r.ok, `'${line}': ${JSON.stringify(!r.ok && r.error)}`);
    assert.deepEqual(r.value.orders.at(-1), order, line);
    const j = language.checkOrders(JSON.parse(JSON.stringify(r.value)) as Json, ctx);
    assert.ok(j.ok, `JSON of '${line}'`);
  }
}

/** A French hex next to Metz, two flight hexes from Verdun. */
const NEAR_METZ = 'W8621';

const to = (orders: readonly AnyOrder[], field = 'to') => orders.map((o) => o[field] as string);

describe('air orders by clicking: changes of base and Sorties', () => {
  it('VV-SEQ-03, VV-ZEP-13, VV-ZEP-16..19: a Zeppelin is offered every base in reach and no other hex', () => {
    const s = put(airBoard({ [ZEPS[0]]: AACHEN, [ZEPS[1]]: AACHEN }), { 'fr-14': COLOGNE });
    const rebases = offered(s, 'germany', 'german', AACHEN, 'rebase');
    const mine = rebases.filter((o) => o['piece'] === ZEPS[0]);
    const barred = barredHexes(s, 'germany', 'zeppelin');
    // Exactly the bases the rules' basesInReach finds, save the hex it is in.
    assert.deepEqual(
      to(mine).sort(),
      basesInReach(s, 'germany', 'zeppelin', AACHEN, 6, barred)
        .filter((h) => h !== AACHEN)
        .sort(),
    );
    assert.deepEqual([...new Set(rebases.map((o) => o['piece']))], [ZEPS[0], ZEPS[1]]);
    for (const o of mine) {
      assert.ok((flightDistance(AACHEN, o['to'] as string, 6, barred) ?? 99) <= 6, `${o['to']} within six hexes (VV-ZEP-16)`);
      assert.equal(baseRefusal(s, 'germany', 'zeppelin', o['to'] as string), undefined, `${o['to']} is a base (VV-ZEP-17, VV-ZEP-18)`);
    }
    assert.ok(to(mine).includes(SIX_FROM_AACHEN));
    assert.ok(!to(mine).includes(SEVEN_FROM_AACHEN), 'seven hexes away: beyond reach (VV-ZEP-16)');
    assert.ok(!to(mine).includes(COLOGNE), 'a hex with an enemy unit is no base (VV-ZEP-18)');
    assert.ok(!to(mine).includes(LIEGE), 'Liège traces no German supply overland (VV-ZEP-17, VV-ZEP-19)');
    admittedAsTyped(s, 'germany', 'german', mine.slice(0, 12));
    // Once a Zeppelin has its change of base, it is not offered another (VV-ZEP-13); none in the Allied turn.
    const draft = `rebase ${ZEPS[0]} to ${SIX_FROM_AACHEN}\n`;
    assert.deepEqual([...new Set(offered(s, 'germany', 'german', AACHEN, 'rebase', draft).map((o) => o['piece']))], [ZEPS[1]]);
    assert.deepEqual(offered(s, 'germany', 'allied', AACHEN, 'rebase'), []);
  });

  it('VV-SEQ-12, VV-ETH-07..09: an Allied flyer is offered only friendly bases within six hexes', () => {
    const s = airBoard({ [AL_F[0]]: PARIS });
    const rebases = offered(s, 'allies', 'allied', PARIS, 'rebase');
    assert.ok(rebases.length > 10, `${rebases.length} bases`);
    for (const o of rebases) {
      assert.equal(controller(s, o['to'] as string), 'allies', `${o['to']} is held by the Allies (VV-ETH-08)`);
      assert.ok((flightDistance(PARIS, o['to'] as string, 6) ?? 99) <= 6, 'six hexes (VV-ETH-09)');
    }
    admittedAsTyped(s, 'allies', 'allied', rebases.slice(0, 8));
    assert.deepEqual(offered(s, 'allies', 'german', PARIS, 'rebase'), [], 'not in the German turn (VV-SEQ-12)');
  });

  it('VV-SEQ-05, VV-ZEP-15, VV-ZEP-25, VV-ZEP-26, VV-WCPD-15: a Sortie is offered every land hex in range, never a Storm', () => {
    const s = airBoard({ [ZEPS[0]]: AACHEN });
    const storm = [...flightReach(AACHEN, 2)].find(([h, d]) => d === 2 && mayEndFlight(h))![0];
    s.inventions.storms = [storm];
    const sorties = offered(s, 'germany', 'german', AACHEN, 'sortie');
    const range = sortieRange(s, ZEPS[0]);
    assert.equal(range, 6, 'a 0-3-3 sorties six hexes (VV-ZEP-26)');
    const reach = [...flightReach(AACHEN, range, new Set([storm]))].filter(([h, d]) => d > 0 && mayEndFlight(h)).map(([h]) => h);
    assert.deepEqual(to(sorties).sort(), reach.sort());
    assert.ok(!to(sorties).includes(storm), 'a Storm hex is never entered (VV-WCPD-15)');
    assert.ok(
      to(sorties).every((h) => isPlayable(hexFacts(h))),
      'over land of a warring nation only (VV-ZEP-15)',
    );
    admittedAsTyped(
      s,
      'germany',
      'german',
      sorties.filter((_, i) => i % 9 === 0),
    );
    assert.deepEqual(offered(s, 'allies', 'allied', AACHEN, 'sortie'), [], 'German Zeppelins only, in the German turn');
  });

  it('VV-ZEP-21..23, VV-ZEP-27, VV-ZEP-30: a Crack Troop is offered its hex’s Zeppelins; carried, it avoids enemy hexes', () => {
    const s = airBoard({ [ZEPS[0]]: AACHEN, [ZEPS[1]]: AACHEN });
    crackAt(s, 'de-lw1', AACHEN);
    crackAt(s, 'de-lw2', COLOGNE);
    put(s, { 'de-3': AACHEN });
    const enemyHex = [...flightReach(AACHEN, 3)].find(([h, d]) => d === 3 && mayEndFlight(h) && controller(s, h) === 'allies')![0];
    put(s, { 'fr-14': enemyHex });
    const embarks = offered(s, 'germany', 'german', AACHEN, 'embark');
    assert.deepEqual(
      embarks.map((o) => `${o['troop']} on ${o['zeppelin']}`),
      ['de-lw1 on zep-1', 'de-lw1 on zep-2'],
      'only the Crack Troop of the hex (VV-ZEP-21, VV-ZEP-23)',
    );
    admittedAsTyped(s, 'germany', 'german', embarks);
    const draft = 'embark de-lw1 on zep-1\n';
    assert.deepEqual(offered(s, 'germany', 'german', AACHEN, 'embark', draft), [], 'one troop, aboard one Zeppelin (VV-ZEP-22)');
    const sorties = offered(s, 'germany', 'german', AACHEN, 'sortie', draft);
    const carrying = to(sorties.filter((o) => o['zeppelin'] === ZEPS[0]));
    const empty = to(sorties.filter((o) => o['zeppelin'] === ZEPS[1]));
    assert.ok(!carrying.includes(enemyHex), 'not where an enemy unit is, with a passenger (VV-ZEP-30)');
    assert.ok(empty.includes(enemyHex), 'an empty Zeppelin may end there (VV-ZEP-27)');
    admittedAsTyped(s, 'germany', 'german', sorties.slice(0, 6), draft);
    for (const hex of carrying) assert.equal(sortieRefusal(s, 'germany', ZEPS[1], hex), undefined);
  });

  it('VV-ZEP-26: from any land hex, the Sorties offered are exactly those the Sortie rules admit', () => {
    const land = [...allHexes()].filter((h) => isPlayable(h)).map((h) => h.id);
    fc.assert(
      fc.property(fc.constantFrom(...land), (hex) => {
        const s = airBoard({ [ZEPS[0]]: hex });
        const got = to(offered(s, 'germany', 'german', hex, 'sortie')).sort();
        const want = [...flightReach(hex, sortieRange(s, ZEPS[0]))]
          .filter(([h, d]) => d > 0 && sortieRefusal(s, 'germany', ZEPS[0], h) === undefined)
          .map(([h]) => h)
          .sort();
        assert.deepEqual(got, want);
      }),
      { numRuns: 12, seed: 20 },
    );
  });
});

describe('air orders by clicking: the Allied missions and the interceptions', () => {
  it('VV-SEQ-13, VV-ETH-03, VV-ETH-04, VV-ETH-14, VV-ETH-24, VV-ETH-27: interdictions within six hexes, a CS never over Germans', () => {
    const s = put(airBoard({ [AL_CS[0]]: VERDUN, [AL_B[0]]: VERDUN }), { 'de-3': METZ });
    const all = offered(s, 'allies', 'allied', VERDUN, 'interdict');
    const cs = to(
      all.filter((o) => (o['flyers'] as string[])[0] === AL_CS[0]),
      'hex',
    );
    const b = to(
      all.filter((o) => (o['flyers'] as string[])[0] === AL_B[0]),
      'hex',
    );
    assert.ok(!cs.includes(METZ), 'a CS type interdicts only an empty hex (VV-ETH-03)');
    assert.ok(cs.includes(NEAR_METZ));
    assert.ok(b.includes(METZ), 'a B type any hex (VV-ETH-04)');
    assert.deepEqual([...b].sort(), [...missionReach(s, AL_B[0])].sort(), 'the B type: every hex of its mission reach');
    for (const h of b) assert.ok((flightDistance(VERDUN, h, 6) ?? 99) <= 6, 'six hexes (VV-ETH-14)');
    admittedAsTyped(
      s,
      'allies',
      'allied',
      all.filter((_, i) => i % 11 === 0),
    );
    assert.deepEqual(offered(s, 'allies', 'german', VERDUN, 'interdict'), [], 'only in the Allied turn (VV-SEQ-13)');
  });

  it('VV-ETH-20, VV-ETH-21: an escort is offered only with a flyer the orders send to interdict, and an F type flies one mission', () => {
    const s = airBoard({ [AL_CS[0]]: VERDUN, [AL_F[0]]: VERDUN, [ZEPS[0]]: METZ });
    assert.deepEqual(offered(s, 'allies', 'allied', VERDUN, 'escort'), [], 'nothing to escort yet');
    const draft = `interdict ${AL_CS[0]} at ${NEAR_METZ}\n`;
    const escorts = offered(s, 'allies', 'allied', VERDUN, 'escort', draft);
    assert.deepEqual(escorts, [{ kind: 'escort', flyers: [AL_F[0]], with: AL_CS[0] }]);
    admittedAsTyped(s, 'allies', 'allied', escorts, draft);
    const sweeps = offered(s, 'allies', 'allied', VERDUN, 'sweep', draft);
    assert.deepEqual(sweeps, [{ kind: 'sweep', flyers: [AL_F[0]], hex: METZ }], 'a sweep only over Zeppelins (VV-ETH-19)');
    const escorted = `${draft}escort ${AL_F[0]} with ${AL_CS[0]}\n`;
    assert.deepEqual(offered(s, 'allies', 'allied', VERDUN, 'sweep', escorted), [], 'an escort does not sweep too (VV-ETH-21)');
  });

  it('VV-ETH-19: no sweep is offered over a hex without Zeppelins or beyond six hexes', () => {
    const far = [...flightReach(VERDUN, 8)].find(([h, d]) => d === 8 && mayEndFlight(h))![0];
    const s = airBoard({ [AL_F[0]]: VERDUN, [ZEPS[0]]: far, [ZEPS[1]]: METZ });
    const sweeps = offered(s, 'allies', 'allied', VERDUN, 'sweep');
    assert.deepEqual(to(sweeps, 'hex'), [METZ]);
    admittedAsTyped(s, 'allies', 'allied', sweeps);
  });

  it('VV-ETH-22, VV-ETH-02: the standing order to intercept is offered at a hex with the side’s fighters, once a turn', () => {
    const s = airBoard({ [AL_F[0]]: VERDUN, [AL_F[1]]: VERDUN, [AL_CS[0]]: PARIS });
    const here = offered(s, 'allies', 'allied', VERDUN, 'intercept');
    assert.deepEqual(here, [{ kind: 'intercept', flyers: [AL_F[0], AL_F[1]] }]);
    admittedAsTyped(s, 'allies', 'allied', here);
    assert.deepEqual(offered(s, 'allies', 'allied', PARIS, 'intercept'), [], 'a CS type does not intercept (VV-ETH-02)');
    assert.deepEqual(offered(s, 'allies', 'allied', VERDUN, 'intercept', `intercept with ${AL_F[0]}\n`), [], 'one order a turn');
  });
});

describe('placing by clicking: the set-up and the Available Units box', () => {
  it('VB-REIN-15, VB-REIN-16: a Zeppelin is offered a hex of Germany, an Allied flyer a city of France', () => {
    const s = airBoard();
    s.pieces['zep-6'] = { type: 'zeppelin-0-3-4', side: 'germany', at: 'box' };
    putPieces(s, { [AL_CS[0]]: PARIS });
    s.pieces[AL_CS[0]]!.at = 'box';
    const zeps = offered(s, 'germany', 'german', COLOGNE, 'place');
    assert.ok(
      zeps.some((o) => o['unit'] === 'zep-6'),
      JSON.stringify(zeps),
    );
    admittedAsTyped(s, 'germany', 'german', zeps);
    assert.deepEqual(offered(s, 'germany', 'german', PARIS, 'place'), [], 'no German piece is placed in Paris');
    const flyers = offered(s, 'allies', 'allied', PARIS, 'place');
    assert.ok(flyers.some((o) => o['unit'] === AL_CS[0]));
    admittedAsTyped(s, 'allies', 'allied', flyers);
    assert.deepEqual(offered(s, 'allies', 'allied', VERDUN, 'place').filter((o) => o['unit'] === AL_CS[0]).length, 0, 'Verdun: no city');
  });

  it('VB-SETUP-02: in the set-up, a unit is offered only the hexes its set-up group may use', () => {
    const s = openingState();
    const hex = s.units['de-13']!.at;
    const setups = offered(s, 'germany', 'setup', hex, 'setup').filter((o) => o['unit'] === 'de-13');
    assert.ok(setups.length > 3);
    for (const o of setups) assert.equal(setupRefusal(s, 'de-13', o['hex'] as string), undefined);
    admittedAsTyped(s, 'germany', 'setup', setups);
    assert.deepEqual(offered(s, 'germany', 'german', hex, 'setup'), [], 'only in the set-up step');
  });
});

describe('the board tool’s air plans', () => {
  const plansAt = (state: VernianState, seat: Seat, segment: Segment, hex: string, text = '') =>
    vernianPlans(text, { state: state as unknown as Json, seat, step: stepInfo(segment, 5) }, hex);

  it('VV-ZEP-16, VV-ZEP-26: two Zeppelins ticked change base to a hex clicked, one line each; the lines pass the editor’s check', () => {
    const s = airBoard({ [ZEPS[0]]: AACHEN, [ZEPS[1]]: AACHEN });
    const offer = plansAt(s, 'germany', 'german', AACHEN);
    assert.deepEqual(
      offer.plans.map((p) => p.kind),
      ['rebase', 'sortie'],
    );
    assert.match(offer.units.map((u) => u.label).join(', '), /Zeppelin 0-3-3 \(zep-1\), Zeppelin 0-3-3 \(zep-2\)/);
    const rebase = offer.plans.find((p) => p.kind === 'rebase')!;
    const targets = rebase.targets!([ZEPS[0], ZEPS[1]]).map((t) => t.id);
    assert.ok(targets.includes(SIX_FROM_AACHEN) && !targets.includes(SEVEN_FROM_AACHEN) && !targets.includes(LIEGE));
    const p = rebase.preview([ZEPS[0], ZEPS[1]], COLOGNE);
    assert.equal(p.line, 'rebase zep-1 to W9106 Cologne\nrebase zep-2 to W9106 Cologne');
    assert.match(p.facts.join(' '), /zep-1\): 4 hexes of the 6 it flies \(VV-ZEP-16\)/);
    assert.ok(language.parseOrders(`${p.line!}\n`, ctxOf(s, 'germany', 'german')).ok);
    const sortie = offer.plans.find((p) => p.kind === 'sortie')!.preview([ZEPS[0]], SIX_FROM_AACHEN);
    assert.equal(sortie.line, `sortie zep-1 to ${SIX_FROM_AACHEN}`);
    assert.match(sortie.facts.join(' '), /stays in W8713 until it next moves \(VV-ZEP-31\)/);
  });

  it('VV-ETH-20, VV-ETH-24, VV-ETH-22: an interdiction clicked, then its escort by clicking its hex, then the interception order', () => {
    const s = airBoard({ [AL_CS[0]]: VERDUN, [AL_F[0]]: VERDUN, [AL_F[1]]: PARIS });
    const interdict = plansAt(s, 'allies', 'allied', VERDUN).plans.find((p) => p.kind === 'interdict')!;
    assert.deepEqual(
      interdict.units.map((u) => u.id),
      [AL_CS[0]],
    );
    assert.ok(interdict.targets!([AL_CS[0]]).some((t) => t.id === NEAR_METZ));
    const line = interdict.preview([AL_CS[0]], NEAR_METZ).line!;
    assert.equal(line, `interdict ${AL_CS[0]} at ${NEAR_METZ}`);
    const text = `${line}\n`;
    const escort = plansAt(s, 'allies', 'allied', VERDUN, text).plans.find((p) => p.kind === 'escort')!;
    assert.deepEqual(
      escort.targets!([AL_F[0]]).map((t) => t.id),
      [NEAR_METZ],
    );
    const e = escort.preview([AL_F[0]], NEAR_METZ);
    assert.equal(e.line, `escort ${AL_F[0]} with ${AL_CS[0]}`);
    const intercept = plansAt(s, 'allies', 'allied', PARIS, `${text}${e.line!}\n`).plans.find((p) => p.kind === 'intercept')!;
    assert.deepEqual(
      intercept.units.map((u) => [u.id, u.picked]),
      [
        [AL_F[0], false],
        [AL_F[1], true],
      ],
    );
    const i = intercept.preview([AL_F[1]], PARIS);
    assert.equal(i.line, `intercept with ${AL_F[1]}`);
    assert.ok(language.parseOrders(`${text}${e.line!}\n${i.line!}\n`, ctxOf(s, 'allies', 'allied')).ok);
    assert.equal(intercept.preview([], PARIS).line, 'intercept none');
  });

  it('VV-ZEP-21, VV-ZEP-22: a Zeppelin takes one Crack Troop of its hex aboard; two ticked are refused before they are added', () => {
    const s = airBoard({ [ZEPS[0]]: AACHEN });
    crackAt(s, 'de-lw1', AACHEN);
    crackAt(s, 'de-lw2', AACHEN);
    const embark = plansAt(s, 'germany', 'german', AACHEN).plans.find((p) => p.kind === 'embark')!;
    assert.equal(embark.title, 'Embark on Zeppelin 0-3-3 (zep-1)');
    assert.deepEqual(
      embark.units.map((u) => [u.id, u.picked]),
      [
        ['de-lw1', true],
        ['de-lw2', false],
      ],
    );
    assert.equal(embark.preview(['de-lw1'], AACHEN).line, 'embark de-lw1 on zep-1');
    assert.match(embark.preview(['de-lw1', 'de-lw2'], AACHEN).problem ?? '', /a Zeppelin carries one \(VV-ZEP-22\)/);
    const after = plansAt(s, 'germany', 'german', AACHEN, 'embark de-lw1 on zep-1\n');
    assert.equal(
      after.plans.find((p) => p.kind === 'embark'),
      undefined,
      'a Zeppelin with its passenger is offered no other',
    );
  });

  it('VB-REIN-15, VV-ZEP-09: pieces placed from the box, one line each; a sixth Zeppelin in a hex is refused before it is added', () => {
    const s = airBoard({ [ZEPS[0]]: COLOGNE, [ZEPS[1]]: COLOGNE, [ZEPS[2]]: COLOGNE, 'zep-4': COLOGNE });
    s.pieces['zep-6'] = { type: 'zeppelin-0-3-4', side: 'germany', at: 'box' };
    s.pieces['zep-7'] = { type: 'zeppelin-0-3-4', side: 'germany', at: 'box' };
    const place = plansAt(s, 'germany', 'german', COLOGNE).plans.find((p) => p.kind === 'place')!;
    assert.equal(place.target, COLOGNE);
    assert.deepEqual(
      place.units.map((u) => u.id),
      ['zep-6', 'zep-7'],
    );
    assert.equal(place.preview(['zep-6'], COLOGNE).line, 'place zep-6 at W9106 Cologne');
    const both = place.preview(['zep-6', 'zep-7'], COLOGNE);
    assert.equal(both.line, undefined);
    assert.match(both.problem ?? '', /five Zeppelins|5 Zeppelins/);
  });

  it('VB-SETUP-02: in the set-up a unit is set up elsewhere by clicking a hex its group may use', () => {
    const s = openingState();
    const hex = s.units['de-13']!.at;
    const setup = plansAt(s, 'germany', 'setup', hex).plans.find((p) => p.kind === 'setup')!;
    const targets = setup.targets!(['de-13']).map((t) => t.id);
    assert.ok(targets.length > 3);
    for (const t of targets) assert.equal(setupRefusal(s, 'de-13', t), undefined);
    const p = setup.preview(['de-13'], targets[0]!);
    assert.match(p.line ?? '', /^setup de-13 at /);
    assert.ok(language.parseOrders(`${p.line!}\n`, ctxOf(s, 'germany', 'setup')).ok);
  });
});
