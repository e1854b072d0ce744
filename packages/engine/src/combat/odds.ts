/**
 * Exact odds of a two-sided battle fought to the end in simultaneous rounds: each side throws its dice (a hit on a
 * roll at or under a value), then each loses one unit per hit scored against it, both at once, until a side has no
 * units left. No dice are thrown here: the odds come from a dynamic programme over the states of the battle (the
 * losses of each side and the fictive units left), with each round's hits convolved exactly from the dice.
 *
 * Only +, -, * and / are used, so the same battle gives the same numbers, to the last bit, on every machine: a
 * ruleset may put them in its events.
 */

/** Dice thrown at one value: a hit on a roll at or under `value` (0 or less never hits). */
export interface OddsDice {
  readonly value: number;
  readonly dice?: number;
}

/** One side of a battle, as the calculator sees it. */
export interface OddsSide {
  /** The units that can be lost. They are lost in a fixed order, so `k` losses always leave the same units. */
  readonly size: number;
  /**
   * The dice the side throws in a round while `alive` (1..size) of its units remain: its units' dice, and any
   * dice that are never lost (supporting fire, a city), which the caller folds in.
   */
  readonly fire: (alive: number) => readonly OddsDice[];
  /** A fictive unit: the first hit against this side in the battle removes nothing. */
  readonly absorber?: boolean;
  /**
   * The dice thrown while `alive` of the side's units remain and `enemyAlive` of the other's: for fire that
   * depends on the enemy too (defenders facing aircraft alone). battleRounds and sampleBattle use it instead of
   * `fire`; battleOdds, whose states skip the rounds where nothing happens, takes `fire` alone and refuses it.
   */
  readonly fireAgainst?: (alive: number, enemyAlive: number) => readonly OddsDice[];
}

/** One way a battle can end, with the units left on each side. */
export interface OddsEnding {
  readonly attacker: number;
  readonly defender: number;
  /** Neither side could ever hit again: the battle would never end. */
  readonly stalemate: boolean;
  readonly probability: number;
}

export interface BattleOdds {
  /** The defender is eliminated and attacking units remain. */
  readonly attackerWins: number;
  /** The attacker is eliminated and defending units remain. */
  readonly defenderHolds: number;
  /** Both sides are eliminated in the same round. */
  readonly bothEliminated: number;
  /** Units remain on both sides, but neither side can ever score a hit. */
  readonly stalemate: number;
  /** The chance of each number of attacking units left at the end (index 0..size), stalemates included. */
  readonly attackerSurvivors: readonly number[];
  readonly defenderSurvivors: readonly number[];
  readonly attackerLosses: number;
  readonly defenderLosses: number;
  /** Every ending with a chance above 0: the joint distribution of the units left. */
  readonly endings: readonly OddsEnding[];
  /**
   * The expected number of rounds fought, the rounds in which nothing happens included (from a state where a
   * round changes nothing with chance `still`, the wait is geometric: 1/(1-still) rounds on average). A battle that
   * reaches a stalemate counts the rounds fought until then.
   */
  readonly expectedRounds: number;
}

/** A state of a battle: the losses each side has taken (in its loss order) and whether its fictive unit is still there. */
export interface OddsState {
  readonly attackerLosses: number;
  readonly defenderLosses: number;
  readonly attackerAbsorber: boolean;
  readonly defenderAbsorber: boolean;
  readonly probability: number;
}

export interface OddsOptions {
  /** The faces of the die (10 unless told). */
  readonly sides?: number;
  /**
   * Where the battle starts: a distribution of states (losses already taken before the first round, a fictive
   * unit already spent). Unless told, one state: no losses, each side's fictive unit as `absorber` says.
   */
  readonly start?: readonly OddsState[];
}

/** The chance of a die at `value` scoring a hit. */
function hitChance(value: number, sides: number): number {
  const v = Math.floor(value);
  if (!(v > 0)) return 0;
  return v >= sides ? 1 : v / sides;
}

/**
 * The distribution of hits a throw of `dice` scores: entry h is the chance of exactly h hits, up to the number of
 * dice that can hit, or to `cap`, whose entry is then the chance of `cap` hits or more. Exact convolution, one die at a time.
 */
export function hitDistribution(dice: readonly OddsDice[], opts: OddsOptions & { readonly cap?: number } = {}): number[] {
  const sides = opts.sides ?? 10;
  let total = 0;
  for (const d of dice) if (hitChance(d.value, sides) > 0) total += Math.max(0, d.dice ?? 1);
  const cap = Math.max(0, Math.min(opts.cap ?? total, total));
  const dist = new Array<number>(cap + 1).fill(0);
  dist[0] = 1;
  if (cap === 0) return dist;
  let top = 0; // no more than `top` hits so far
  for (const d of dice) {
    const p = hitChance(d.value, sides);
    const q = 1 - p;
    const n = Math.max(0, d.dice ?? 1);
    if (p === 0) continue;
    for (let k = 0; k < n; k++) {
      top = Math.min(top + 1, cap);
      // The cap bin keeps its mass (more hits than the cap are still the cap); the others move up with chance p.
      for (let h = top; h > 0; h--) dist[h] = (h === cap ? dist[h]! : dist[h]! * q) + dist[h - 1]! * p;
      dist[0] = dist[0]! * q;
    }
  }
  return dist;
}

/** A side's hits in a round: the chance of each number of hits (`dist`), and of each number or more (`tail`). */
interface HitTable {
  readonly dist: number[];
  readonly tail: number[];
}

/**
 * A side's hits in a round by how many of its units remain (and of the enemy's, for fire that depends on them),
 * capped at what the other side can take in all, each worked out once.
 */
function hitTables(side: OddsSide, cap: number, opts: OddsOptions): (alive: number, enemy?: number) => HitTable {
  const table = (dice: readonly OddsDice[]): HitTable => {
    const dist = hitDistribution(dice, { ...opts, cap });
    const tail = [...dist];
    for (let h = tail.length - 2; h >= 0; h--) tail[h] = tail[h]! + tail[h + 1]!;
    return { dist, tail };
  };
  const against = side.fireAgainst;
  if (!against) {
    const cache: (HitTable | undefined)[] = [];
    return (alive) => (cache[alive] ??= table(side.fire(alive)));
  }
  const cache = new Map<number, HitTable>();
  return (alive, enemy = 0) => {
    const key = alive * 100_003 + enemy;
    let entry = cache.get(key);
    if (!entry) cache.set(key, (entry = table(against(alive, enemy))));
    return entry;
  };
}

/**
 * The exact odds of a battle between `attacker` and `defender`, fought to the end. Rounds in which nothing
 * changes are skipped by conditioning on something happening (a geometric series); a state in which neither side
 * can hit is a stalemate. Hits beyond the units a side has left are wasted.
 */
export function battleOdds(attacker: OddsSide, defender: OddsSide, opts: OddsOptions = {}): BattleOdds {
  if (attacker.fireAgainst || defender.fireAgainst) throw new RangeError('battleOdds takes fire that depends on the side alone: use battleRounds for fire against the enemy');
  const nA = Math.max(0, Math.floor(attacker.size));
  const nD = Math.max(0, Math.floor(defender.size));
  const absA = attacker.absorber ? 1 : 0;
  const absD = defender.absorber ? 1 : 0;
  const hitsByA = hitTables(attacker, nD + absD, opts);
  const hitsByD = hitTables(defender, nA + absA, opts);

  // State index: losses i (attacker) and j (defender), fictive units left a and d.
  const W = nD + 1;
  const rowStride = W * 4;
  const index = (i: number, j: number, a: number, d: number) => i * rowStride + j * 4 + a * 2 + d;
  const mass = new Float64Array((nA + 1) * W * 4);
  const stalled = new Uint8Array(mass.length);
  if (opts.start) for (const st of startStates(opts.start, nA, nD, absA, absD)) mass[index(st.i, st.j, st.a, st.d)]! += st.p;
  else mass[index(0, 0, absA, absD)] = 1;
  let expectedRounds = 0;

  for (let i = 0; i < nA; i++) {
    const aliveA = nA - i;
    for (let j = 0; j < nD; j++) {
      const aliveD = nD - j;
      // Fictive units only go, never come back: (1,1) before (1,0) and (0,1), and those before (0,0).
      for (let ad = 3; ad >= 0; ad--) {
        const a = ad >> 1;
        const d = ad & 1;
        const at = index(i, j, a, d);
        const m = mass[at]!;
        if (m === 0) continue;
        const byA = hitsByA(aliveA);
        const byD = hitsByD(aliveD);
        const still = byA.dist[0]! * byD.dist[0]!;
        if (still >= 1) {
          stalled[at] = 1;
          continue;
        }
        const scale = m / (1 - still);
        expectedRounds += scale;
        // Hits past what would wipe out the other side (its units and its fictive unit) all end the same way.
        const topA = Math.min(byA.dist.length - 1, aliveD + d);
        const topD = Math.min(byD.dist.length - 1, aliveA + a);
        const distA = byA.dist;
        const distD = byD.dist;
        for (let hA = 0; hA <= topA; hA++) {
          const pA = hA === topA ? byA.tail[hA]! : distA[hA]!;
          if (pA === 0) continue;
          const sA = scale * pA;
          // Hits scored by the attacker fall on the defender: its fictive unit takes the first.
          const toD = hA > 0 ? (j + hA - d) * 4 : j * 4 + d;
          // Then the attacker's losses: none (its fictive unit kept), or hD less its fictive unit.
          if (hA > 0) mass[index(i, 0, a, 0) + toD]! += sA * distD[0]!;
          for (let hD = 1; hD <= topD; hD++) {
            const pD = hD === topD ? byD.tail[hD]! : distD[hD]!;
            if (pD !== 0) mass[(i + hD - a) * rowStride + toD]! += sA * pD;
          }
        }
        mass[at] = 0;
      }
    }
  }

  // Gather the endings: states where a side is gone, and stalemates.
  const joint = new Map<number, OddsEnding>();
  let attackerWins = 0;
  let defenderHolds = 0;
  let bothEliminated = 0;
  let stalemate = 0;
  const attackerSurvivors = new Array<number>(nA + 1).fill(0);
  const defenderSurvivors = new Array<number>(nD + 1).fill(0);
  let attackerLosses = 0;
  let defenderLosses = 0;
  for (let i = 0; i <= nA; i++) {
    for (let j = 0; j <= nD; j++) {
      for (let ad = 0; ad < 4; ad++) {
        const at = index(i, j, ad >> 1, ad & 1);
        const m = mass[at]!;
        if (m === 0) continue;
        const aLeft = nA - i;
        const dLeft = nD - j;
        const stuck = stalled[at] === 1;
        if (stuck) stalemate += m;
        else if (aLeft > 0 && dLeft === 0) attackerWins += m;
        else if (aLeft === 0 && dLeft > 0) defenderHolds += m;
        else if (aLeft === 0 && dLeft === 0) bothEliminated += m;
        else continue; // cannot happen: every living state was carried forward
        attackerSurvivors[aLeft]! += m;
        defenderSurvivors[dLeft]! += m;
        attackerLosses += i * m;
        defenderLosses += j * m;
        const key = (i * W + j) * 2 + (stuck ? 1 : 0);
        const seen = joint.get(key);
        joint.set(key, { attacker: aLeft, defender: dLeft, stalemate: stuck, probability: (seen?.probability ?? 0) + m });
      }
    }
  }
  const endings = [...joint.entries()].sort((x, y) => x[0] - y[0]).map(([, e]) => e);
  return { attackerWins, defenderHolds, bothEliminated, stalemate, attackerSurvivors, defenderSurvivors, attackerLosses, defenderLosses, endings, expectedRounds };
}

/** The start states as indices, checked: losses within the sides' sizes, a fictive unit only where the side has one. */
function startStates(start: readonly OddsState[], nA: number, nD: number, absA: number, absD: number): { i: number; j: number; a: number; d: number; p: number }[] {
  return start.map((st) => {
    const i = Math.floor(st.attackerLosses);
    const j = Math.floor(st.defenderLosses);
    if (!(i >= 0 && i <= nA && j >= 0 && j <= nD)) throw new RangeError(`a start state's losses (${st.attackerLosses}, ${st.defenderLosses}) lie outside the sides (${nA}, ${nD})`);
    if (!(st.probability >= 0)) throw new RangeError(`a start state's probability is ${st.probability}`);
    return { i, j, a: st.attackerAbsorber ? absA : 0, d: st.defenderAbsorber ? absD : 0, p: st.probability };
  });
}

/** The states of a battle after a number of rounds (battleRounds). */
export interface RoundsOdds {
  /** States where both sides still have units (those where neither can hit included: they wait). */
  readonly living: readonly OddsState[];
  /** States where a side has no units left: the battle is over. */
  readonly ended: readonly OddsState[];
  /** The expected number of rounds fought among these, each round of a living state counted. */
  readonly expectedRounds: number;
}

/**
 * Exactly `rounds` rounds of a battle, every one counted (none skipped: for battles whose sides change after a
 * number of rounds, such as aircraft that must fly home), from `opts.start` or the opening state. Fire may depend
 * on both sides (`fireAgainst`). Returns the states the battle can be in after them, with their chances.
 */
export function battleRounds(attacker: OddsSide, defender: OddsSide, rounds: number, opts: OddsOptions = {}): RoundsOdds {
  const nA = Math.max(0, Math.floor(attacker.size));
  const nD = Math.max(0, Math.floor(defender.size));
  const absA = attacker.absorber ? 1 : 0;
  const absD = defender.absorber ? 1 : 0;
  const W = nD + 1;
  const index = (i: number, j: number, a: number, d: number) => (i * W + j) * 4 + a * 2 + d;
  let mass = new Float64Array((nA + 1) * W * 4);
  if (opts.start) for (const st of startStates(opts.start, nA, nD, absA, absD)) mass[index(st.i, st.j, st.a, st.d)]! += st.p;
  else mass[index(0, 0, absA, absD)] = 1;
  const hitsByA = hitTables(attacker, nD + absD, opts);
  const hitsByD = hitTables(defender, nA + absA, opts);
  let expectedRounds = 0;
  const rowStride = W * 4;
  for (let r = 0; r < rounds; r++) {
    const next = new Float64Array(mass.length);
    for (let i = 0; i <= nA; i++) {
      for (let j = 0; j <= nD; j++) {
        const base = i * rowStride + j * 4;
        if (mass[base] === 0 && mass[base + 1] === 0 && mass[base + 2] === 0 && mass[base + 3] === 0) continue;
        if (i === nA || j === nD) {
          for (let ad = 0; ad < 4; ad++) next[base + ad]! += mass[base + ad]!;
          continue;
        }
        const byA = hitsByA(nA - i, nD - j);
        const byD = hitsByD(nD - j, nA - i);
        for (let ad = 0; ad < 4; ad++) {
          const m = mass[base + ad]!;
          if (m === 0) continue;
          const a = ad >> 1;
          const d = ad & 1;
          expectedRounds += m;
          // Hits past what would wipe out the other side all end the same way: their chances are summed once.
          const topA = Math.min(byA.dist.length - 1, nD - j + d);
          const topD = Math.min(byD.dist.length - 1, nA - i + a);
          for (let hA = 0; hA <= topA; hA++) {
            const pA = hA === topA ? byA.tail[hA]! : byA.dist[hA]!;
            if (pA === 0) continue;
            const mA = m * pA;
            // The defender's losses after its fictive unit, and what is left of it.
            const to = (hA > 0 ? Math.min(nD, j + hA - d) : j) * 4 + (hA > 0 ? 0 : d);
            // No hit on the attacker: its fictive unit kept.
            const p0 = byD.dist[0]!;
            if (topD === 0) next[i * rowStride + to + a * 2]! += mA * byD.tail[0]!;
            else if (p0 !== 0) next[i * rowStride + to + a * 2]! += mA * p0;
            for (let hD = 1; hD <= topD; hD++) {
              const pD = hD === topD ? byD.tail[hD]! : byD.dist[hD]!;
              if (pD === 0) continue;
              next[Math.min(nA, i + hD - a) * rowStride + to]! += mA * pD;
            }
          }
        }
      }
    }
    mass = next;
  }
  const living: OddsState[] = [];
  const ended: OddsState[] = [];
  for (let i = 0; i <= nA; i++) {
    for (let j = 0; j <= nD; j++) {
      for (let ad = 0; ad < 4; ad++) {
        const m = mass[index(i, j, ad >> 1, ad & 1)]!;
        if (m === 0) continue;
        const st = { attackerLosses: i, defenderLosses: j, attackerAbsorber: ad >> 1 === 1, defenderAbsorber: (ad & 1) === 1, probability: m };
        (i === nA || j === nD ? ended : living).push(st);
      }
    }
  }
  return { living, ended, expectedRounds };
}
