import { clonePlain, type Json } from '../canonical.js';
import type { Problem } from '../problems.js';
import { err, ok } from '../result.js';
import type { Ruleset } from '../ruleset.js';
import { applyEdit, type Edit } from './pointer.js';

/**
 * The ruleset with an opening of its own: its `setup` makes the scenario's opening state, then the edits, in order (a
 * unit placed, a treasury set, a war declared by hand). `createGame` takes it like any ruleset, so a case plays from a
 * chosen position through the same kernel as a real game. The record names the ruleset as usual; it replays only with
 * the same edits. `at(i)` is the JSON path of edit i, for the problems of an edit that does not fit the state.
 */
export function withOpeningEdits<S extends Json, O extends Json>(
  ruleset: Ruleset<S, O>,
  edits: readonly Edit[],
  at: (index: number) => string = (i) => `$.edits[${i}]`,
): Ruleset<S, O> {
  if (edits.length === 0) return ruleset;
  return {
    ...ruleset,
    setup(scenario, options) {
      const opening = ruleset.setup(scenario, options);
      if (!opening.ok) return opening;
      let state: Json = clonePlain(opening.value);
      const problems: Problem[] = [];
      edits.forEach((edit, i) => {
        const done = applyEdit(state, edit);
        if (done.ok) state = done.value;
        else {
          const op = 'set' in edit ? 'set' : 'add' in edit ? 'add' : 'remove';
          problems.push({ code: 'bad-edit', message: done.error.message, path: `${at(i)}.${op}`, ...(done.error.suggestion !== undefined ? { suggestion: done.error.suggestion } : {}) });
        }
      });
      return problems.length ? err(problems) : ok(state as S);
    },
  };
}
