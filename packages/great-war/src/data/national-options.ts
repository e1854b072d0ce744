import { z } from 'zod';
import optionsJson from '../../data/national-options.json' with { type: 'json' };

/** The numbers of the national options (data/national-options.json), checked when the ruleset loads. */
const count = z.number().int().min(0);
const die = z.number().int().min(2);
const faces = z.array(z.number().int().min(1)).min(1);
const nation = z.string().min(1);
const clauses = z.array(z.string().regex(/^GW-[A-Z0-9-]+-\d+$/));
const usEntryEvent = z.string().regex(/^(event-\d+b?|option)$/);

export const optionsFileSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  /** The US Entry roll of a blockade of US trade (British option 1, German option 2; D-OPT-1, D-OPT-2). */
  blockades: z.array(
    z.strictObject({
      /** The blockading nation. */
      nation,
      /** The receivers of US trade whose blockade by this nation's ships brings the roll. */
      receivers: z.array(nation).min(1),
      die,
      /** The shift happens on a roll at or under this. */
      chance: count,
      shift: z.number().int(),
      event: usEntryEvent,
      clauses,
    }),
  ),
  /** Propaganda in the USA (British option 4, German option 3; D-OPT-3). */
  propaganda: z.array(
    z.strictObject({
      nation,
      cost: count,
      /** Dice rolled and added: 2D10. */
      dice: z.number().int().min(1),
      die,
      /** The campaign sways opinion on a total at or over `atLeast`. */
      sway: z.strictObject({ atLeast: z.number().int(), shift: z.number().int() }),
      /** The campaign is found out on a total of `on`. */
      discovered: z.strictObject({ on: z.number().int(), shift: z.number().int(), event: usEntryEvent }),
      clauses,
    }),
  ),
  /** German option 4 (D-OPT-4). */
  unrestrictedSubmarineWarfare: z.strictObject({
    nation,
    /** The nation whose colonial shipping is sunk (1D10 a turn). */
    victim: nation,
    declareShift: z.number().int(),
    declareEvent: usEntryEvent,
    die,
    /** Each further turn in force: the shift on a roll at or under this. */
    furtherTurnChance: count,
    furtherTurnShift: z.number().int(),
    shippingLossDie: die,
    retractCost: count,
    clauses,
  }),
  /** German option 5 (D-OPT-6, D-OPT-7). */
  irishRebellion: z.strictObject({
    nation,
    cost: count,
    /** A Central Power's ship or submarine must be in this sea zone. */
    zone: z.string().min(1),
    die,
    rebellionOn: faces,
    backBritainOn: faces,
    /** The later nation of the scenario the rebels belong to. */
    rebels: nation,
    against: nation,
    infantryDie: die,
    artillery: count,
    /** The Irish territories, the first taking the larger half of the rebels and the artillery. */
    territories: z.array(z.string().min(1)).min(1),
    manpowerRegion: z.string().min(1),
    manpowerRaise: count,
    clauses,
  }),
  /** German option 6 (D-OPT-8). */
  zimmermannNote: z.strictObject({
    nation,
    cost: count,
    die,
    target: nation,
    side: z.enum(['allied', 'central']),
    joinOn: faces,
    discoveredOn: faces,
    shift: z.number().int(),
    event: usEntryEvent,
    clauses,
  }),
  /** Russian option 1 (D-OPT-9). */
  serbianAid: z.strictObject({ nation, to: nation, cost: count, gift: count, clauses }),
  /** French option 2 (D-OPT-14): the Foreign Legion in Russia's cities. */
  foreignLegion: z.strictObject({
    nation,
    /** The nation whose cities take the Legion and whose manpower it uses. */
    host: nation,
    unit: z.string().min(1),
    perTurn: z.number().int().min(1),
    clauses,
  }),
  /** German option 7 (D-OPT-13): supplies smuggled to German East Africa. */
  eastAfricaSupplies: z.strictObject({
    nation,
    /** The colony (map colony id) the units are raised in. */
    colony: z.string().min(1),
    cost: count,
    /** Units bought at normal cost with the option, at most. */
    extraUnits: z.number().int().min(1),
    /** What an artillery unit costs on top of its price, with no industrial complex there (GW-OPT-GER-27). */
    artilleryWithoutFactory: count,
    /** The unit types the option raises. */
    units: z.array(z.string().min(1)).min(1),
    clauses,
  }),
  /** German option 9 (D-OPT-12): a submarine built in a German port and sent to the Adriatic. */
  adriaticSubmarine: z.strictObject({
    nation,
    unit: z.string().min(1),
    zone: z.string().min(1),
    /** No strategic movement from or to this territory the turn it is done (GW-OPT-GER-30). */
    noRailTerritory: z.string().min(1),
    /** Strategic-movement capacity the building port loses that turn (GW-OPT-GER-31). */
    railDeduction: count,
    clauses,
  }),
  /** Austrian option 1 (D-OPT-10). */
  serbianPeace: z.strictObject({ nation, to: nation, cost: count, die, acceptOn: faces, clauses }),
});
export type OptionsFile = z.infer<typeof optionsFileSchema>;

export const optionNumbers: OptionsFile = optionsFileSchema.parse(optionsJson);
