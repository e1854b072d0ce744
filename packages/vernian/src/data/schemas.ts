import { z } from 'zod';

/**
 * The zod schemas of vernian's own data files: the rule book's numbers (data/rules.json), the terrain
 * (data/terrain.json), the order of battle (data/forces.json) and the variant's pieces with their schedule
 * (data/pieces.json). The board is the engine's hex board file and the combat results table the engine's results
 * table; their extra checks are in files.ts.
 */

const clauses = z.array(z.string().regex(/^V[BV]-[A-Z0-9-]+-\d+$/, 'a clause id such as VB-MOVE-03 or VV-SUP-07'));
const side = z.enum(['germany', 'allies']);
const nation = z.enum(['germany', 'france', 'britain', 'belgium', 'usa']);
const letter = z.string().regex(/^[A-T]$/, 'a Strategic Turn letter, A to T');

export const rulesFileSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  calendar: z.strictObject({
    clauses,
    /** The Strategic Turns played, in order. */
    strategicTurns: z.array(letter).min(1),
    operationalPerStrategic: z.number().int().min(1),
    /** The Monday of Operational Turn 1 (yyyy-mm-dd). */
    firstWeek: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    /** Every reinforcement letter, in order. */
    codes: z.array(letter).min(1),
  }),
  stacking: z.strictObject({ clauses, steps: z.number().int().min(1), hqs: z.number().int().min(0) }),
  supply: z.strictObject({
    clauses,
    /** The most hexes a unit's supply path enters to reach a source or a town or city. */
    pathLength: z.number().int().min(0),
    /** How far a supplied HQ supplies: its hex and the hexes this many steps away. */
    hqReach: z.number().int().min(0),
  }),
  movement: z.strictObject({
    clauses,
    firstTurnDoubled: z.strictObject({
      side,
      operationalTurn: z.number().int().min(1),
      map: z.string(),
      nations: z.array(z.string()),
    }),
  }),
  victory: z.strictObject({
    clauses,
    germany: z.strictObject({ cities: z.string(), points: z.number().int().min(1), double: z.string() }),
    allies: z.strictObject({ cities: z.string(), points: z.number().int().min(1), double: z.string() }),
    london: z.strictObject({ place: z.string() }),
  }),
  attrition: z.strictObject({ clauses, die: z.number().int().min(2) }),
  /** Where new units and the set-up's landings go, and the variant's changes to the reinforcement schedule. */
  arrivals: z.strictObject({
    clauses,
    /** The French Channel ports where British (and Belgian) units are placed (VB-REIN-08, VB-REIN-09). */
    britishPorts: z.array(z.string()).min(1),
    /** Where the German code-B units set up in England (VV-SETUP-E-08). */
    germanLanding: z.array(z.string()).min(1),
    /** The Strategic Turn each American code arrives on (VV-REIN-11, -19, -27, -35). */
    american: z.record(z.string().regex(/^\+[1-9]$/), letter),
    /** The German codes that come through the tunnel (VV-TUN-07, VV-TUN-10). */
    tunnelCodes: z.array(letter),
    /** German codes that arrive earlier than their letter (VV-REIN-06: K on B). */
    germanEarly: z.record(letter, letter),
    /** The Strategic Turn on which British units coded after G (but K) arrive (VV-REIN-02). */
    britishAfterG: letter,
    /** British codes whose units must be placed in France, never in England (VV-REIN-03: the lone A unit). */
    britishInFranceOnly: z.array(letter),
  }),
  /** Monstrous Artilleries (VV-ART): the die each gun rolls (its kill number and range are the HQ's counter). */
  artillery: z.strictObject({ clauses, die: z.number().int().min(2) }),
  /** The eleventh-hour inventions (VV-WCPD, VV-VDG): when they may be rolled for, their triggers and their effects. */
  inventions: z.strictObject({
    clauses,
    /** No build roll before this Strategic Turn (VV-WCPD-08, VV-VDG-04). */
    firstStrategicTurn: letter,
    /** The die of a build roll, and the number or less it succeeds on (VV-WCPD-05, VV-VDG-03). */
    die: z.number().int().min(2),
    succeedsOn: z.number().int().min(0),
    /** The most of each that may be built in the game (VV-WCPD-06, VV-VDG-05). */
    most: z.number().int().min(0),
    /** "Within three hexes": the largest distance of a trigger (VV-WCPD-01, VV-WCPD-02, VV-VDG-02). */
    within: z.number().int().min(0),
    /** The places whose nearness triggers each roll: London and Paris for the Allies, the Ruhr for the Germans. */
    wcpdPlaces: z.array(z.string()).min(1),
    vdgPlaces: z.array(z.string()).min(1),
    /** The city points (counted as for victory) whose control by the enemy triggers a roll (VV-WCPD-03, VV-VDG-01). */
    wcpdCityPoints: z.number().int().min(1),
    vdgCityPoints: z.number().int().min(1),
    /** A Storm's effects: left shifts for the defenders of its hex (VV-WCPD-14), the extra cost to enter it (VV-WCPD-20). */
    stormShift: z.number().int().min(0),
    stormMoveCost: z.number().int().min(0),
    /** The nations whose hexes may hold a Storm (VV-WCPD-11). */
    stormNations: z.array(z.string()).min(1),
  }),
  /** How far air pieces fly when they change base, sortie or are displaced, and a Storm's escape roll (VV-ZEP, VV-ETH, VV-WCPD). */
  airMoves: z.strictObject({
    clauses,
    /** A Zeppelin's base change is this many times its middle number (VV-ZEP-16), its sortie this many times its third (VV-ZEP-26). */
    baseChangeTimes: z.number().int().min(1),
    sortieTimes: z.number().int().min(1),
    /** An Ether Flyer's base change allowance (VV-ETH-09) and how far a displaced flyer may go (VV-ETH-11). */
    flyerBaseChange: z.number().int().min(0),
    displacement: z.number().int().min(0),
    /** The die of an escape roll from a Storm hex and the number or less it escapes on (VV-WCPD-16). */
    escapeDie: z.number().int().min(2),
    escapesOn: z.number().int().min(0),
  }),
  /** The Channel tunnel (VV-TUN): where it opens in England, and where its stacks come out in Germany after the seal. */
  tunnel: z.strictObject({
    clauses,
    /** The place of the tunnel's entrance in England (VV-TUN-01). */
    entrance: z.string(),
    /** Strategic Turns from the last Reinforcement Phase before the seal to the first reversed stack (D-AMB-21: X+3). */
    sealDelay: z.number().int().min(1),
    /** The east-edge hex at Munich's latitude: the default exit hex is the legal one nearest it (designers-choices.md). */
    exitNear: z.string(),
  }),
  /** The fortress value of each fortress by the name of its place (VB-FORT-01); any other fortress has `otherwise`. */
  fortresses: z.strictObject({
    clauses,
    values: z.record(z.string(), z.number().int().min(1).max(3)),
    otherwise: z.number().int().min(1),
    /** A fortress that rolls in the Fortress Surrender Phase surrenders on this number or less (VB-FORT-10). */
    surrender: z.number().int().min(0),
  }),
});
export type RulesFile = z.infer<typeof rulesFileSchema>;

const cost = z.union([z.number().int().min(0), z.literal('prohibited')]);

export const terrainFileSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  terrain: z.record(z.string(), z.strictObject({ move: cost, shift: z.number().int().min(0), bombardClear: z.boolean() })),
  hexsides: z.record(
    z.string(),
    z.strictObject({ move: cost, shift: z.number().int().min(0).optional(), attack: z.literal('prohibited').optional() }),
  ),
  features: z.record(
    z.string(),
    z.strictObject({
      move: z.number().int().min(0),
      shift: z.number().int().min(0),
      bombardClear: z.boolean(),
      steps: z.number().int().min(0).optional(),
      defence: z.string().optional(),
    }),
  ),
});
export type TerrainFile = z.infer<typeof terrainFileSchema>;

const factors = z.strictObject({ attack: z.number().min(0), defence: z.number().min(0), move: z.number().int().min(0) });

export const unitTypeSchema = z.strictObject({
  class: z.enum(['infantry', 'cavalry', 'fortress-infantry', 'hq']),
  steps: z.number().int().min(1).max(2),
  full: factors,
  reduced: factors.optional(),
  crack: factors.optional(),
  yellowStripe: z.boolean().optional(),
  /** An HQ's numbers: dice and kill number (in the base game: column shifts and command range). */
  guns: z.number().int().min(0).optional(),
  kill: z.number().int().min(0).optional(),
  label: z.string(),
});
export type UnitType = z.infer<typeof unitTypeSchema>;

export const unitEntrySchema = z.strictObject({
  id: z.string().regex(/^[a-z]{2}-[a-z0-9-]+$/, 'a unit id is the nation prefix and a short name: de-gd1, fr-42'),
  name: z.string().min(1),
  nation,
  type: z.string(),
  parent: z.string().optional(),
  /** 'setup', a Strategic Turn letter, or +3 to +7 for American units. */
  code: z.union([z.literal('setup'), letter, z.string().regex(/^\+[3-7]$/)]),
  setup: z.strictObject({ place: z.string() }).optional(),
  tunnelStack: z.number().int().min(1).optional(),
  source: z.array(z.string()).optional(),
  note: z.string().optional(),
});
export type UnitEntry = z.infer<typeof unitEntrySchema>;

export const forcesFileSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  version: z.number().int().optional(),
  sources: z.array(z.strictObject({ id: z.string(), title: z.string(), url: z.string().optional() })),
  codes: z.record(z.string(), z.string()).optional(),
  startsOnMap: z.record(z.string(), z.string()).optional(),
  tunnel: z.record(z.string(), z.unknown()).optional(),
  unitTypes: z.record(z.string(), unitTypeSchema),
  units: z.array(unitEntrySchema).min(1),
});
export type ForcesFile = z.infer<typeof forcesFileSchema>;

const pieceKind = z.enum(['zeppelin', 'flyer', 'tank', 'afb']);

/** A row of the variant's schedule (VV-REIN): pieces that arrive in a side's Available Units box on a Strategic Turn. */
const pieceArrivalSchema = z.strictObject({
  turn: letter,
  side,
  type: z.string(),
  count: z.number().int().min(1),
  clauses,
});

/** A row of Zeppelin flips (VB-REIN-19): the side may turn up to `flip` of its pieces of the types `from` to their improved side. */
const pieceFlipSchema = z.strictObject({
  turn: letter,
  side,
  flip: z.number().int().min(1),
  from: z.array(z.string()).min(1),
  clauses,
});

export const piecesFileSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  types: z.record(
    z.string(),
    z.strictObject({
      kind: pieceKind,
      side: side.optional(),
      role: z.enum(['F', 'CS', 'B']).optional(),
      label: z.string(),
      numbers: z.array(z.number().int().min(0)).length(3).optional(),
      improved: z.string().optional(),
      /** The movement factor a piece prints (a Tank 4, the AFB 1: VB-UNIT-14). */
      move: z.number().int().min(0).optional(),
      /** The stacking steps the piece counts (VB-STACK-02): 2 for a piece counted as a division; none: 0. */
      stacking: z.number().int().min(0).optional(),
      /** Terrain the piece may never enter (the AFB: Mountain, VV-AFB-11), beside sea hexes and all-sea hexsides. */
      barredTerrain: z.array(z.string()).optional(),
    }),
  ),
  /** The most pieces of a kind one hex may hold (a side's own, for flyers). */
  limits: z.partialRecord(pieceKind, z.strictObject({ perHex: z.number().int().min(1), clauses })),
  opening: z.array(
    z.strictObject({
      type: z.string(),
      side,
      nation: z.string().optional(),
      count: z.number().int().min(1),
      place: z.string(),
      clauses,
    }),
  ),
  /** The schedule of the variant's pieces, Strategic Turn by Strategic Turn (VV-REIN, VB-REIN-15 to VB-REIN-19). */
  schedule: z.array(z.union([pieceArrivalSchema, pieceFlipSchema])),
});
export type PiecesFile = z.infer<typeof piecesFileSchema>;
export type PieceArrival = z.infer<typeof pieceArrivalSchema>;
export type PieceFlip = z.infer<typeof pieceFlipSchema>;

const airResult = z.strictObject({
  /** Which side the roll strikes: the side rolling (`attacker`) or the one it fights (`defender`). */
  side: z.enum(['attacker', 'defender']),
  /** Destroyed (a Zeppelin with its passenger), back to base at once, or a Zeppelin's passenger eliminated. */
  effect: z.enum(['shot-down', 'aborts', 'passenger-lost']),
  clause: z.string().regex(/^VV-AIR-\d+$/),
});

const airTable = z.strictObject({
  clauses,
  title: z.string(),
  /** Who rolls, and who they fight, in words for the reports. */
  attacker: z.string(),
  defender: z.string(),
  /** The result of each face of the die, from 1 to the die's size. */
  results: z.record(z.string().regex(/^\d+$/), airResult),
  /** The modifiers, each applied every round in which its condition holds. */
  modifiers: z.array(
    z.strictObject({
      when: z.enum(['attackers-outnumber', 'defenders-outnumber', 'attackers-more-than-one']),
      value: z.number().int(),
      clause: z.string().regex(/^VV-AIR-\d+$/),
    }),
  ),
});

/** The Ether Flyers' mission ranges and the three air combat tables (data/air-war.json). */
export const airWarFileSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  missions: z.strictObject({
    clauses,
    /** How far a mission flies out, and back (VV-ETH-14). */
    missionRange: z.number().int().min(1),
    /** How far an interception flies out (VV-ETH-15). */
    interceptionRange: z.number().int().min(1),
  }),
  /** The die of every air combat roll. */
  die: z.number().int().min(2),
  tables: z.strictObject({ fighters: airTable, zeppelins: airTable, flyers: airTable }),
});
export type AirWarFile = z.infer<typeof airWarFileSchema>;
export type AirTable = z.infer<typeof airTable>;

/** A column of the combat results table, such as '2-1' (files.ts checks it names one). */
const column = z.string().regex(/^\d+-\d+$/, "a column of the combat results table, such as '2-1'");

/**
 * The general's own numbers (data/bots.json): the thresholds vernian's bot plays by. They are no rules: a player is
 * free to play otherwise; the lab may change them to see what a different general does.
 */
export const botsFileSchema = z.strictObject({
  $schema: z.string().optional(),
  note: z.string().optional(),
  general: z.strictObject({
    /** The least column (after the shifts) an attack must read for the general to make it. */
    attackColumn: column,
    ground: z.strictObject({
      /** A Tank's stack goes on into a second hex (`beyond`) only when at most this many enemy-held hexes touch it. */
      beyondMostEnemyNeighbours: z.number().int().min(0).max(6),
      /** A Tank is placed only where its infantry stands at most this many hexes from the enemy. */
      tankFrontDistance: z.number().int().min(1),
    }),
    air: z.strictObject({
      /** Air bases are chosen at least this many hexes from the nearest enemy combat unit (none is displaced at once). */
      baseFrontGap: z.number().int().min(0),
      /** The F types sent together on a sweep: more than one gives the +1 of VV-AIR-25. */
      sweepFighters: z.number().int().min(1),
      /** The F types that escort one interdiction mission when German fighters could intercept it. */
      escortsPerMission: z.number().int().min(0),
      /** A B type flies over an attack's target only when its heavy interdiction gains at least this many columns. */
      heavyGainColumns: z.number().int().min(0),
      /** A CS type flies only where its light interdiction puts at least this many German units out of supply. */
      lightGainUnits: z.number().int().min(1),
      /** A Zeppelin sorties to supply German units only when it supplies at least this many not in Attack Supply. */
      zeppelinSupplyUnits: z.number().int().min(1),
      /** How much an Allied F type that could intercept counts against a Zeppelin's landing hex, in units supplied. */
      interceptorThreat: z.number().min(0),
    }),
    standing: z.strictObject({
      /** The British ground units kept in London when England is clear (against Crack Troops landed by Zeppelin). */
      londonGuard: z.number().int().min(0),
    }),
  }),
});
export type BotsFile = z.infer<typeof botsFileSchema>;
