import type { Json } from './canonical.js';
import type { Problem } from './problems.js';
import type { GameRecord } from './record.js';
import type { Result } from './result.js';
import type { AnyRuleset, OrdersContext, ReportSection } from './ruleset.js';
import type { Position } from './step-run.js';
import type { RuleBook } from './rule-book.js';

/**
 * What a ruleset gives the programs around it besides its rules: the picture of its map, its data files, its odds
 * calculator, what the balance lab follows in its games, the charts of a game. The CLI, the server, the web client and
 * the lab know no ruleset by name: they take these from the registry of installed rulesets (`@umpire/rulesets`), and
 * offer a tool only for the rulesets that have it. Everything here is pure, like the rules; reading files is the
 * caller's business (`DataFiles`).
 */
export interface RulesetTools {
  readonly ruleset: AnyRuleset;
  readonly map?: MapTool;
  readonly data?: DataTool;
  readonly odds?: OddsTool;
  readonly lab?: LabTool;
  readonly charts?: ChartsTool;
  readonly board?: BoardTool;
  /**
   * The game's rule book (rule-book.ts): loaded when asked for, as it is large, so that a client that never shows it
   * never loads it.
   */
  readonly ruleBook?: () => Promise<RuleBook>;
}

/** An area of the board as a list shows it. */
export interface AreaEntry {
  readonly id: string;
  readonly name: string;
  /** What the area is, in words ('territory', 'sea zone', 'hex'). */
  readonly kind: string;
}

/** Everything a reader's view tells of one area, for the area panel: facts as labelled lines, and the units there. */
export interface AreaFacts extends AreaEntry {
  /** Labelled facts in the order shown ('Owner', 'Value', 'Terrain', 'Trenches'); a value of several lines is a list. */
  readonly facts: readonly { readonly label: string; readonly value: string | readonly string[]; readonly testId?: string }[];
  /** The units there by holder, each with its counts by type. */
  readonly units: readonly {
    readonly holder: string;
    readonly holderName: string;
    readonly abbreviation: string;
    /** Each type is one unit named in full (a hex-and-counter game's divisions): listed one a line, without counts. */
    readonly single?: boolean;
    readonly types: readonly { readonly type: string; readonly name: string; readonly count: number; readonly damaged: number }[];
  }[];
}

/** The orders a seat may give from one area, grouped for giving orders by clicking. */
export interface ClickOffer {
  readonly area: string;
  /** The seat's own units there, by type. */
  readonly units: readonly { readonly type: string; readonly name: string; readonly count: number }[];
  /** Each stack moved, with the areas it may reach. */
  readonly moves: readonly {
    /** The order word ('move', 'sail'). */
    readonly kind: string;
    readonly what: string;
    /** How many the order moves at most: the whole stack. */
    readonly max: number;
    readonly destinations: readonly { readonly id: string; readonly name: string; readonly label: string }[];
    /** The odds of the attack a move into enemy-held `to` makes with `count` units (none for a move that is no attack). */
    readonly odds?: (to: string, count: number) => { readonly attacker: number; readonly defender: number; readonly none: number } | undefined;
  }[];
  /** One of each unit the seat may build here. */
  readonly builds: readonly { readonly what: string; readonly label: string }[];
  /** The orders text did not read: the offer counts none of its orders. */
  readonly draftUnread: boolean;
}

/** What a client shows of the board besides the picture: the areas, their panel, who holds what, orders by clicking. */
export interface BoardTool {
  /** Every area, sorted by name, for choosing one with the keyboard. */
  areas(state: Json): readonly AreaEntry[];
  /** What the pointer shows over each area: its name and its holder in words. */
  titles(state: Json): ReadonlyMap<string, string>;
  /** The panel of one area; undefined for an id that is no area. */
  info(state: Json, id: string): AreaFacts | undefined;
  /** Those who hold areas, for marking their areas on the map. */
  holders(state: Json): readonly { readonly id: string; readonly name: string; readonly abbreviation: string }[];
  /** The areas one holder holds. */
  holdings(state: Json, holder: string): readonly string[];
  /**
   * The legal orders starting at an area given the orders text so far (the ruleset's `actionsAt`), grouped by unit type
   * and count: for a game of counted units in areas (the Great War). A game of single units offers `plans` instead.
   */
  offer?(text: string, ctx: OrdersContext<Json>, area: string): ClickOffer;
  /**
   * The orders a seat may give by clicking one place of a board of single units (a hex of a hex-and-counter game),
   * given the orders text so far: each kind of order with the units that may take part and where it may go, and what
   * it would do before it is given (the odds of an attack). A client lists them as they come, whatever their kind.
   */
  plans?(text: string, ctx: OrdersContext<Json>, area: string): PlanOffer;
  /**
   * The game's tracks, boxes and markers off the map (a turn record track with what arrives when, the units waiting
   * to enter, markers in play), as the reader's view holds them. `turn`: the turn the state stands in (the one being
   * played, or the next after a turn's end).
   */
  tracks?(state: Json, seat: string | undefined, turn: number): readonly ReportSection[];
}

/** A unit a plan may give an order to: its id, how a player reads it, and where it stands. */
export interface PlanUnit {
  readonly id: string;
  readonly label: string;
  readonly at: string;
}

/** What an order would do, shown before it is given: its line, or why it cannot be given; facts and a table of chances. */
export interface PlanPreview {
  /**
   * The order as a line of the orders text (several lines, one an order, when the plan gives each unit ticked an order
   * of its own: a change of base of two Zeppelins); none when it cannot be given as it stands.
   */
  readonly line?: string;
  /** Why not, in the ruleset's words. */
  readonly problem?: string;
  /** What the order does or risks, a sentence a line ('Strength 12 to 4: 3-1'). */
  readonly facts: readonly string[];
  /** The results and their exact chances. */
  readonly table?: { readonly caption: string; readonly columns: readonly string[]; readonly rows: readonly (readonly string[])[] };
}

/** One kind of order from a place: moving its units, attacking a hex, bombarding, or any other the ruleset offers. */
export interface Plan {
  /** Unique in its offer ('move', 'attack W8508'). */
  readonly id: string;
  /** The order word ('move'). */
  readonly kind: string;
  /** What the button says ('Move from Liège', 'Attack Liège'). */
  readonly title: string;
  /** What the player does next ('tick the units, then click a hex outlined on the map'). */
  readonly hint: string;
  /** The units that may take part, and which of them are ticked at first. */
  readonly units: readonly (PlanUnit & { readonly picked: boolean })[];
  /** The place the order goes to when it is fixed (the hex attacked); none: the player picks it from `targets`. */
  readonly target?: string;
  /** The places the order may go with these units, to click on the map (a move's hexes in reach). */
  targets?(units: readonly string[]): readonly { readonly id: string; readonly name: string }[];
  /** Places shaded on the map while the plan is open, with what they are ('enemy zones of control'). */
  readonly shades?: { readonly label: string; readonly areas: readonly string[] };
  /** The order these units would make at this target, and what it would do. */
  preview(units: readonly string[], target: string): PlanPreview;
}

/** The orders by clicking from one place of a board of single units. */
export interface PlanOffer {
  readonly area: string;
  /** The seat's own units there. */
  readonly units: readonly PlanUnit[];
  readonly plans: readonly Plan[];
  /** The orders text did not read: the offer counts none of its orders. */
  readonly draftUnread: boolean;
}

/** A user's mistake in a tool's input (a misspelled table, a scenario that is not shipped), said to the user as it is. */
export class ToolError extends Error {
  constructor(
    message: string,
    /** The command was used wrongly (a usage error: exit code 2) rather than the data being wrong (exit code 1). */
    readonly usage = false,
  ) {
    super(message);
  }
}

/** One sheet (a part of the map) that a picture can show. */
export interface MapSheet {
  readonly id: string;
  readonly label: string;
}

export interface MapDrawing {
  readonly title: string;
  readonly subtitle?: string;
  /** Areas to mark, e.g. where a turn's battles were fought. */
  readonly marks?: readonly string[];
  readonly width?: number;
  /** A sheet id of `sheets`; none: `defaultSheet`. */
  readonly sheet?: string;
}

/** The picture of a game's map, as SVG text. */
export interface MapTool {
  /** The sheets a reader may choose, in the order a client offers them. */
  readonly sheets: readonly MapSheet[];
  /** The sheet printed maps (CLI, mail) show. */
  readonly defaultSheet: string;
  /**
   * The sheets a turn report mailed to players attaches, one PNG each (default: the default sheet alone): a board of
   * maps apart, none holding the others, needs each of them.
   */
  readonly reportSheets?: readonly string[];
  /** A state (or a seat's view of it) drawn; problems when the map data does not check out. */
  draw(state: Json, drawing: MapDrawing): Result<string, Problem[]>;
  /** The areas a turn's map marks, from the record (its battles). */
  marks(record: GameRecord, turn: number): string[];
  /** The opening position of the default scenario, with the tool's own title. */
  opening(drawing: Omit<MapDrawing, 'title' | 'subtitle' | 'marks'>): Result<string, Problem[]>;
}

/** The data files of a ruleset, as the caller reads them (the CLI from the package's data folder). */
export interface DataFiles {
  /** A JSON file: a path relative to the data folder, or an absolute path (a host's own scenario file). */
  read(path: string, what: string): unknown;
  exists(path: string): boolean;
  /** The names of the JSON files directly in a folder of the data folder. */
  list(folder: string): string[];
  /** Whether a path (absolute, or relative to the working folder) lies in the data folder, and its path there. */
  shipped(path: string): string | undefined;
}

/** Checking and showing the data files (`umpire data check|show|schema`). */
export interface DataTool {
  /** The npm package whose `data/` folder holds the shipped files. */
  readonly package: string;
  /** The tables `show` prints. */
  readonly tables: readonly string[];
  /** Every check of the data, with located problems; text for people or JSON. */
  check(files: DataFiles, opts: { readonly scenario?: string; readonly json?: boolean }): { readonly ok: boolean; readonly text: string };
  /** A table of the data as a player reads it; throws ToolError for a table or scenario that does not exist. */
  show(files: DataFiles, table: string, opts: { readonly section?: string; readonly scenario?: string; readonly json?: boolean }): string;
  /** The JSON Schemas of the data files, by name. */
  schemas(): Readonly<Record<string, Json>>;
}

/** A command-line flag of a tool: commander's form ('--attacker <units>', '--city'), what it is for. */
export interface ToolFlag {
  readonly flags: string;
  readonly description: string;
  readonly required?: boolean;
  readonly choices?: readonly string[];
  /** A whole number from 0 up. */
  readonly count?: boolean;
  readonly default?: string;
}

/** The odds of a battle that is not on the board (`umpire odds`). */
export interface OddsTool {
  readonly description: string;
  readonly flags: readonly ToolFlag[];
  /** The answer for the flags given (camel-cased names, as commander gives them); a usage problem as a ToolError. */
  run(values: Readonly<Record<string, string | number | boolean | undefined>>, json: boolean): string;
}

/**
 * Something the lab follows in each game: the turn it happened and which way it went (the side a neutral joined); a
 * game in which it never happened has null instead.
 */
export interface LabMilestone {
  readonly turn: number;
  /** A key of its group's `ways`; none for a group of one way (the key ''). */
  readonly way?: string;
}

/** One way a milestone can go: the side a neutral joins. */
export interface LabWay {
  /** After a member's name, in the present ('joins the Allies': Italy joins the Allies; 'begins'): the chart's legend, the table's column, the comparison's rows. */
  readonly label: string;
  readonly colour: string;
  /** Short, in a chart panel's title ('Allies': USA: Allies 4, Central Powers 0, never 6); default `label`. */
  readonly name?: string;
  /** In the past, for a group of one member and one way ('began': Began in 3 of 10 games); default `label`. */
  readonly past?: string;
}

/**
 * Milestones the report shows together, in one chart file (`<id>.svg`: a histogram of their turns, one panel per
 * member, stacked by way) and one section: when each neutral entered the war and on which side; when the revolution
 * began. The section is a table (a row per member: each way's share, never, the mean turn) or, for a group of one
 * member with one way, a sentence.
 */
export interface LabMilestoneGroup {
  /** The chart's file name without '.svg' (and, capitalised, its alt text). */
  readonly id: string;
  /** The report's section heading ('Entries into the war'). */
  readonly heading: string;
  /** The chart's title. */
  readonly title: string;
  /** The chart's x axis ('turn of entry'). */
  readonly xLabel: string;
  /** The milestones, named by the tool's `names`: keys of `LabFacts.milestones`, unique over every group. */
  readonly members: readonly string[];
  /** What the members are, as the table's first column ('nation'). */
  readonly memberHeading: string;
  /** The ways a milestone can go, in the order the chart stacks them and the table lists them; one way uses the key ''. */
  readonly ways: Readonly<Record<string, LabWay>>;
  /** The name of 'never' ('never enters'). */
  readonly never: string;
  /** What the turn is called ('entry turn'): the table's 'mean entry turn' and the comparison's 'entry turn of Italy'; none: the report compares no mean turns. */
  readonly turn?: string;
}

/** The series kept per game, per id (nation) and turn, averaged over the games: production by nation. */
export interface LabSeries {
  /** The chart's file name without '.svg' (and, capitalised, its alt text). */
  readonly id: string;
  /** The report's section heading ('Production'). */
  readonly heading: string;
  /** The chart's title and y axis. */
  readonly title: string;
  readonly yLabel: string;
  /** What the ids are, as the table's first column ('nation'). */
  readonly memberHeading: string;
  /** What is summed over the turns in the comparison's rows ('production': production of Germany, all turns). */
  readonly total: string;
}

/**
 * What the balance lab (`umpire lab`, packages/lab) reports of a ruleset's games, by the ruleset's own names, and the
 * data files a run may change. The lab plays the games; this turns one game into its facts.
 */
export interface LabTool {
  /** The camps a game can be won by, with names and colours ('allied' → Allies), in the order reports list them. */
  readonly camps: Readonly<Record<string, { readonly name: string; readonly colour: string }>>;
  readonly milestones: readonly LabMilestoneGroup[];
  readonly series: LabSeries;
  /** Names for people of the ids a scenario uses (nations, milestones: 'revolution' → 'the revolution'); an id it does not know as it is. */
  names(scenario: string): (id: string) => string;
  /** One game's facts, from its record, its opening and the position after each turn. Pure. */
  summarise(game: LabGame): LabFacts;
  readonly data: LabData;
}

/** One game played by the lab's bots. */
export interface LabGame {
  readonly record: GameRecord;
  readonly scenario: string;
  readonly opening: Position;
  /** The position after each turn resolved, by turn. */
  readonly afterTurn: ReadonlyMap<number, Position>;
  readonly final: Position;
}

export interface LabFacts {
  /**
   * Who won, as the report counts it: a camp's key, a nation winning alone by its id, 'nobody'; 'unfinished' when the
   * record has no result (play stopped at the lab's turn limit).
   */
  readonly winner: string;
  /** Who would win had the game ended after the last turn played, counted as `winner`; the winner of a finished game. */
  readonly standing: string;
  /** Every member of every milestone group: when it happened, or null for never. */
  readonly milestones: Readonly<Record<string, LabMilestone | null>>;
  /** The series' values per id (nation), turn by turn from turn 1. */
  readonly series: Readonly<Record<string, readonly number[]>>;
}

/** The data files a lab run may change with `--set`, in force in each process that plays its games. */
export interface LabData {
  /** The files a `--set` may change, by its prefix ('units' → 'data/units.json'), for a scenario. */
  files(scenario: string): Readonly<Record<string, string>>;
  /** A `--set` the lab's messages give as an example ('rules:landCombat.artilleryPerAttacker=2'). */
  readonly example: string;
  /** Values the ruleset copies once when it loads, by file, as dotted paths: an override of them would not reach the games, so it is refused. */
  readonly fixed?: Readonly<Record<string, readonly string[]>>;
  /** A shipped file, parsed (a copy to change freely); undefined for a file the games do not read. */
  shipped(file: string): Json | undefined;
  /** Everything shipped that decides a game besides the code (the data files, the bots' numbers): the lab hashes it into the build fingerprint. */
  decides(): Json;
  /**
   * Use these files (whole, parsed, by the names of `files`) instead of the shipped ones for every game set up
   * afterwards in this process, each checked as at load; `{}` restores the shipped data. On problems the shipped data
   * stays in force.
   */
  override(files: Readonly<Record<string, unknown>>): Result<void, Problem[]>;
}

/** The charts of a game the web client draws, as plain series. */
export interface ChartsTool {
  /**
   * The charts of a game from its record and a reader's views of the opening (turn 0) and of the state after each turn
   * resolved: only what the reader's views hold (a seat's own money, nobody else's).
   */
  series(record: GameRecord, views: readonly { readonly turn: number; readonly state: Json }[]): ChartSet;
}

export interface ChartSet {
  /** The turn of each point (0: the opening) and its label. */
  readonly turns: readonly number[];
  readonly labels: readonly string[];
  readonly charts: readonly Chart[];
  /** Sentences under the charts (why a chart is missing: money is each nation's secret). */
  readonly notes: readonly string[];
}

export interface Chart {
  /** Stable, for tests and anchors. */
  readonly id: string;
  readonly title: string;
  readonly yLabel: string;
  readonly lines: readonly { readonly name: string; readonly values: readonly number[] }[];
  /** Horizontal reference lines with labels (a track's thresholds). */
  readonly rules?: readonly { readonly value: number; readonly label: string }[];
}

/** A data problem for people: 'data/map/europe.json: message' at '$.territories[3]' reads 'data/map/europe.json $.territories[3]: message'. */
export function formatDataProblem(p: Problem): string {
  const m = /^(\S+\.json): (.*)$/s.exec(p.message);
  const hint = p.suggestion ? ` (did you mean '${p.suggestion}'?)` : '';
  return m ? `${m[1]} ${p.path ?? '$'}: ${m[2]}${hint}` : `${p.path ?? '$'}: ${p.message}${hint}`;
}
