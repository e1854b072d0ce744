import { closestName, type GameRecord } from '@umpire/engine';
import { toolsOf } from '@umpire/rulesets';
import { rulesetById } from '../rulesets.js';

/**
 * The seats of a game in plain words, as the ruleset's board names the holders of its map (France, the Allies), and
 * the seats a player means by the words of a mail (`press to france, austria hungary`). A seat the board does not name
 * is called by its id in words ('ottoman-empire' → 'Ottoman Empire'). No ruleset is named here.
 */

/** An id in words, for a seat the ruleset's board does not name. */
export const idInWords = (id: string): string =>
  id
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** The names of the holders of a game's opening map, by id, kept per ruleset, scenario and options (a few games' worth). */
const kept = new Map<string, ReadonlyMap<string, string>>();
const KEPT_MAX = 64;

function holderNames(header: GameRecord['header']): ReadonlyMap<string, string> {
  const key = JSON.stringify([header.ruleset.id, header.scenario, header.options]);
  const known = kept.get(key);
  if (known) return known;
  const names = new Map<string, string>();
  const found = rulesetById(header.ruleset.id);
  const board = toolsOf(header.ruleset.id)?.board;
  if (found.ok && board) {
    const setup = found.ruleset.setup(header.scenario, header.options);
    if (setup.ok) {
      // The public view: what a visitor may see names every holder without showing anyone's secrets.
      const state = found.ruleset.view ? found.ruleset.view(setup.value, undefined) : setup.value;
      for (const h of board.holders(state)) names.set(h.id, h.name);
    }
  }
  if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!);
  kept.set(key, names);
  return names;
}

/** Each seat's name for people, in the order given. */
export function seatNames(header: GameRecord['header'], seats: readonly string[]): Map<string, string> {
  const names = holderNames(header);
  return new Map(seats.map((s) => [s, names.get(s) ?? idInWords(s)]));
}

/** Words as a player writes a seat: lower case, without a leading 'the', hyphens and underscores as spaces. */
const plain = (words: string): string =>
  words
    .toLowerCase()
    .replace(/[-_\s]+/g, ' ')
    .trim()
    .replace(/^the /, '');

/** The seat a player's words name (its id or its name, in any case, with or without 'the'), or the closest seat's name. */
export function seatNamed(names: ReadonlyMap<string, string>, words: string): { seat: string } | { suggestion?: string } {
  const wanted = plain(words);
  for (const [seat, name] of names) if (plain(seat) === wanted || plain(name) === wanted) return { seat };
  const closest = closestName(wanted, [...names.values()].map(plain));
  const suggestion = closest === undefined ? undefined : [...names.values()].find((n) => plain(n) === closest);
  return suggestion === undefined ? {} : { suggestion };
}

/** Names listed for people: 'France', 'France and Russia', 'France, Russia and Germany'. */
export function listOfNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}
