import type { Random } from '../dice.js';
import type { BattleOdds, OddsDice, OddsEnding, OddsSide, OddsState } from './odds.js';

/**
 * The battle of battleOdds played out many times with dice from a seeded stream (Monte Carlo): the same model, round
 * by round, to cross-check the exact calculator. Each group of dice at one value scores a binomial number of hits,
 * drawn by inverting its distribution with one 32-bit word of the stream (so a round costs a word a group, not a
 * word a die); the distribution is worked out here from the binomial formula, not from the calculator's convolution.
 */

/** The standard error of each figure of a sample (the standard deviation of the mean over the runs). */
export interface SampleErrors {
  readonly attackerWins: number;
  readonly defenderHolds: number;
  readonly bothEliminated: number;
  readonly stalemate: number;
  readonly attackerLosses: number;
  readonly defenderLosses: number;
  readonly expectedRounds: number;
}

export interface SampledOdds extends BattleOdds {
  readonly runs: number;
  readonly standardErrors: SampleErrors;
}

export interface SampleOptions {
  readonly runs: number;
  readonly rng: Random;
  /** The faces of the die (10 unless told). */
  readonly sides?: number;
  /** Where the battle starts (see OddsOptions.start): one state drawn for each run. */
  readonly start?: readonly OddsState[];
  /** A run still going after this many rounds is counted as a stalemate (10,000 unless told). */
  readonly maxRounds?: number;
}

const WORD = 2 ** 32;

/** A uniform number in (0, 1) from one word of the stream. */
const uniform = (rng: Random) => (rng.int(WORD) + 0.5) / WORD;

/** The number of hits `n` dice score at chance `p` each: the binomial distribution inverted at `u`. */
function binomialHits(n: number, p: number, u: number): number {
  if (p <= 0 || n <= 0) return 0;
  if (p >= 1) return n;
  const q = 1 - p;
  let pmf = q ** n;
  let cdf = pmf;
  let k = 0;
  while (u > cdf && k < n) {
    pmf = (pmf * (n - k) * p) / ((k + 1) * q);
    k++;
    cdf += pmf;
  }
  return k;
}

function hitsOf(dice: readonly OddsDice[], sides: number, rng: Random): { hits: number; canHit: boolean } {
  let hits = 0;
  let canHit = false;
  for (const d of dice) {
    const v = Math.floor(d.value);
    const n = Math.max(0, d.dice ?? 1);
    if (!(v > 0) || n === 0) continue;
    canHit = true;
    hits += binomialHits(n, Math.min(1, v / sides), uniform(rng));
  }
  return { hits, canHit };
}

/** One figure per run: its mean and the standard error of the mean. */
class Tally {
  private sum = 0;
  private squares = 0;
  add(x: number): void {
    this.sum += x;
    this.squares += x * x;
  }
  mean(runs: number): number {
    return runs ? this.sum / runs : 0;
  }
  error(runs: number): number {
    if (runs < 2) return 0;
    const m = this.sum / runs;
    return Math.sqrt(Math.max(0, (this.squares / runs - m * m) / (runs - 1)));
  }
}

/** Monte Carlo odds of the battle battleOdds computes exactly: `runs` battles played with dice from `rng`. */
export function sampleBattle(attacker: OddsSide, defender: OddsSide, opts: SampleOptions): SampledOdds {
  const sides = opts.sides ?? 10;
  const maxRounds = opts.maxRounds ?? 10_000;
  const nA = Math.max(0, Math.floor(attacker.size));
  const nD = Math.max(0, Math.floor(defender.size));
  const runs = Math.max(0, Math.floor(opts.runs));
  const fireOf = (side: OddsSide, alive: number, enemy: number) => (side.fireAgainst ? side.fireAgainst(alive, enemy) : side.fire(alive));
  const startTotal = opts.start?.reduce((s, x) => s + x.probability, 0) ?? 1;
  const tallies = { attackerWins: new Tally(), defenderHolds: new Tally(), bothEliminated: new Tally(), stalemate: new Tally(), attackerLosses: new Tally(), defenderLosses: new Tally(), expectedRounds: new Tally() };
  const attackerSurvivors = new Array<number>(nA + 1).fill(0);
  const defenderSurvivors = new Array<number>(nD + 1).fill(0);
  const joint = new Map<string, { attacker: number; defender: number; stalemate: boolean; count: number }>();
  for (let run = 0; run < runs; run++) {
    let aLeft = nA;
    let dLeft = nD;
    let absA = attacker.absorber === true;
    let absD = defender.absorber === true;
    if (opts.start) {
      let u = uniform(opts.rng) * startTotal;
      const st = opts.start.find((x) => (u -= x.probability) <= 0) ?? opts.start[opts.start.length - 1]!;
      aLeft = nA - st.attackerLosses;
      dLeft = nD - st.defenderLosses;
      absA &&= st.attackerAbsorber;
      absD &&= st.defenderAbsorber;
    }
    let rounds = 0;
    let stuck = false;
    while (aLeft > 0 && dLeft > 0) {
      if (rounds >= maxRounds) {
        stuck = true;
        break;
      }
      const byA = hitsOf(fireOf(attacker, aLeft, dLeft), sides, opts.rng);
      const byD = hitsOf(fireOf(defender, dLeft, aLeft), sides, opts.rng);
      if (!byA.canHit && !byD.canHit) {
        stuck = true;
        break;
      }
      rounds++;
      let onD = byA.hits;
      if (onD > 0 && absD) [absD, onD] = [false, onD - 1];
      let onA = byD.hits;
      if (onA > 0 && absA) [absA, onA] = [false, onA - 1];
      aLeft = Math.max(0, aLeft - onA);
      dLeft = Math.max(0, dLeft - onD);
    }
    tallies.stalemate.add(stuck ? 1 : 0);
    tallies.attackerWins.add(!stuck && aLeft > 0 && dLeft === 0 ? 1 : 0);
    tallies.defenderHolds.add(!stuck && aLeft === 0 && dLeft > 0 ? 1 : 0);
    tallies.bothEliminated.add(!stuck && aLeft === 0 && dLeft === 0 ? 1 : 0);
    tallies.attackerLosses.add(nA - aLeft);
    tallies.defenderLosses.add(nD - dLeft);
    tallies.expectedRounds.add(rounds);
    attackerSurvivors[aLeft]!++;
    defenderSurvivors[dLeft]!++;
    const key = `${aLeft}|${dLeft}|${stuck}`;
    const seen = joint.get(key);
    if (seen) seen.count++;
    else joint.set(key, { attacker: aLeft, defender: dLeft, stalemate: stuck, count: 1 });
  }
  const share = (n: number) => (runs ? n / runs : 0);
  const endings: OddsEnding[] = [...joint.values()]
    .sort((x, y) => y.attacker - x.attacker || y.defender - x.defender || Number(x.stalemate) - Number(y.stalemate))
    .map((e) => ({ attacker: e.attacker, defender: e.defender, stalemate: e.stalemate, probability: share(e.count) }));
  const mean = (t: Tally) => t.mean(runs);
  const error = (t: Tally) => t.error(runs);
  return {
    runs,
    attackerWins: mean(tallies.attackerWins),
    defenderHolds: mean(tallies.defenderHolds),
    bothEliminated: mean(tallies.bothEliminated),
    stalemate: mean(tallies.stalemate),
    attackerSurvivors: attackerSurvivors.map(share),
    defenderSurvivors: defenderSurvivors.map(share),
    attackerLosses: mean(tallies.attackerLosses),
    defenderLosses: mean(tallies.defenderLosses),
    expectedRounds: mean(tallies.expectedRounds),
    endings,
    standardErrors: {
      attackerWins: error(tallies.attackerWins),
      defenderHolds: error(tallies.defenderHolds),
      bothEliminated: error(tallies.bothEliminated),
      stalemate: error(tallies.stalemate),
      attackerLosses: error(tallies.attackerLosses),
      defenderLosses: error(tallies.defenderLosses),
      expectedRounds: error(tallies.expectedRounds),
    },
  };
}
