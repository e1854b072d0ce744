import { z } from 'zod';
import type { Json } from '../canonical.js';
import type { Problem } from '../problems.js';
import { err, ok, type Result } from '../result.js';
import { schemaProblems } from '../data/data-file.js';
import { parsePointer } from './pointer.js';

/**
 * A rule case: one rule of a ruleset checked by playing steps of a game from a chosen opening with fixed dice, kept
 * as data (JSON) like the test cases of the Diplomacy Adjudicator Test Cases. The format is described in
 * docs/engine/rule-cases.md; `runCase` (run-case.ts) plays one and reports every expectation it finds unmet.
 */

/** A clause id: capital letters and digits in parts joined by hyphens, such as GW-P10-LAND-06 or D-MUT-4. */
const CLAUSE_ID = /[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+(?:\.\.\d+)?/g;

/** The clause ids a case's title names before its first ': ' ("GW-TECH-02..05" stays one name, as test titles say it). */
export function clausesOf(title: string): string[] {
  const head = title.split(': ')[0] ?? '';
  return [...head.matchAll(CLAUSE_ID)].map((m) => m[0]);
}

const json: z.ZodType<Json> = z.json();

const pointer = z.string().superRefine((text, ctx) => {
  const parsed = parsePointer(text);
  if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error, params: { code: 'bad-pointer' } });
});

/** A seat's orders: text (one string, or a list of lines), or the ruleset's JSON orders as { "json": ... }. */
const seatOrders = z.union([z.string(), z.array(z.string()), z.object({ json }).strict()], {
  error: 'orders are text (a string, or a list of lines) or JSON orders written { "json": ... }',
});

const edit = z
  .object({
    set: pointer.optional().describe('Replace the value at this pointer, which must be there.'),
    add: pointer.optional().describe('Add a key to an object, or insert into a list at an index ("-" appends).'),
    remove: pointer.optional().describe('Remove a key or an element; a final [field=value]* segment removes every element that fits.'),
    value: json.optional().describe('The value set or added.'),
  })
  .strict()
  .superRefine((e, ctx) => {
    const ops = (['set', 'add', 'remove'] as const).filter((k) => e[k] !== undefined);
    if (ops.length !== 1) ctx.addIssue({ code: 'custom', message: `an edit is one of set, add or remove${ops.length ? `, not ${ops.join(' and ')}` : ''}`, params: { code: 'bad-edit' } });
    else if (ops[0] !== 'remove' && e.value === undefined) ctx.addIssue({ code: 'custom', message: `${ops[0]} needs a value`, path: ['value'], params: { code: 'bad-edit' } });
    else if (ops[0] === 'remove' && e.value !== undefined) ctx.addIssue({ code: 'custom', message: 'remove takes no value', path: ['value'], params: { code: 'bad-edit' } });
  });

/** An event expected (or forbidden): its type and any of its fields; objects inside match by the fields given. */
const eventPattern = z.object({ type: z.string().min(1) }).catchall(json);

const stateCheck = z
  .object({
    at: pointer.describe('A JSON pointer into the state after the step; [field=value] segments pick list elements.'),
    equals: json.optional().describe('The value there, exactly (with [field=value] segments: the list of values found).'),
    count: z.number().int().min(0).optional().describe('How many values the pointer finds (with [field=value] segments).'),
  })
  .strict()
  .refine((c) => c.equals !== undefined || c.count !== undefined, { message: 'a state check says what it expects: equals, count or both', params: { code: 'bad-expectation' } });

const refusal = z
  .object({
    seat: z.string(),
    orders: seatOrders,
    code: z.string().min(1).describe('The code of a problem the refusal must give.'),
    line: z.number().int().min(1).optional(),
    column: z.number().int().min(1).optional(),
    path: z.string().optional().describe('The JSON path of the problem, for JSON orders.'),
  })
  .strict();

const answer = z
  .object({
    seat: z.string(),
    decision: z.string().optional().describe('The id of the decision answered; checked when given.'),
    answer: json,
  })
  .strict();

const step = z
  .object({
    step: z.string().optional().describe('The id of the step the game must be at, such as t1.orders: checked.'),
    note: z.string().optional(),
    orders: z.record(z.string(), seatOrders).optional().describe('Orders by seat; a seat left out sends nothing (its empty orders).'),
    refused: z.array(refusal).optional().describe('Orders that must be refused at this step, each with a problem code.'),
    answers: z.array(answer).optional().describe('Answers to the decisions the step asks, in order (decisions: ask).'),
    expect: z
      .object({
        events: z.array(eventPattern).optional().describe('Events the step must emit; each pattern matches an event of its own.'),
        inOrder: z.boolean().optional().describe('The events expected come in the order listed (other events may come between them).'),
        noEvents: z.array(eventPattern).optional().describe('Events the step must not emit.'),
        eventCounts: z
          .array(z.object({ match: eventPattern, count: z.number().int().min(0) }).strict())
          .optional()
          .describe('How many events matching a pattern the step emits, exactly.'),
        state: z.array(stateCheck).optional().describe('Values in the state after the step.'),
      })
      .strict()
      .optional(),
  })
  .strict();

export const ruleCaseSchema = z
  .object({
    $schema: z.string().optional(),
    title: z
      .string()
      .regex(/^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+[^:]*: \S/, { message: "a case's title starts with the clause ids it checks and a colon: \"GW-P10-LAND-06: ...\"" })
      .describe('The clause ids the case checks, a colon and what it shows; the test is named by it.'),
    description: z.string().optional(),
    ruleset: z.string().min(1).describe("The ruleset's id."),
    start: z
      .object({
        scenario: z.string().optional(),
        options: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
        decisions: z.enum(['standing', 'ask']).optional().describe('standing (the default): standing orders and defaults answer; ask: the case answers.'),
        edits: z.array(edit).optional().describe('Changes to the opening state, in order: place units, set treasuries...'),
      })
      .strict()
      .optional(),
    dice: z.array(z.number().int().min(1)).optional().describe('Every die the case rolls, in order; each must be rolled.'),
    invariants: z.boolean().optional().describe("Check the ruleset's invariants after every step (the default)."),
    replay: z.boolean().optional().describe("Replay the game's record at the end and check every hash (the default)."),
    steps: z.array(step).min(1),
  })
  .strict();

export type RuleCase = z.infer<typeof ruleCaseSchema>;
export type CaseStep = RuleCase['steps'][number];
export type SeatOrders = z.infer<typeof seatOrders>;
export type EventPattern = z.infer<typeof eventPattern>;

/** The JSON Schema of rule case files, generated from the zod schema (engine/schemas/rule-case.schema.json). */
export function ruleCaseJsonSchema(): Record<string, unknown> {
  return {
    ...(z.toJSONSchema(ruleCaseSchema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>),
    title: 'Umpire: a rule case (a rule checked by steps played with fixed dice)',
    description: "Applies to a ruleset's test/cases/*.json. Generated from the engine's zod schema; do not edit by hand.",
  };
}

// Located problems (the JSON path of each, the closest field name for a misspelled one) come from the data kit.

/** A case file read from its JSON, or every problem with it, each located by its JSON path. */
export function parseRuleCase(data: unknown): Result<RuleCase, Problem[]> {
  const parsed = ruleCaseSchema.safeParse(data);
  if (parsed.success) return ok(parsed.data);
  return err(schemaProblems(parsed.error.issues, { schema: ruleCaseSchema, data, code: 'bad-case' }));
}
