/**
 * Names for people: what a nation is called in reports and messages.
 */
import { scenarioData, scenarioFiles } from '../data/load.js';

/** A nation's display name, major, minor or later (Bolsheviks...), from the shipped scenarios. */
export function politicalName(id: unknown): string {
  for (const scenario of Object.keys(scenarioFiles)) {
    const data = scenarioData(scenario);
    const n = [...data.nations, ...data.laterNations].find((x) => x.id === id);
    if (n) return n.name;
    // A later nation raised for one nation ('mutineers-france', D-MUT-5): 'Mutineers of France'.
    const later = data.laterNations.find((x) => String(id).startsWith(`${x.id}-`));
    const home = later && data.nations.find((x) => `${later.id}-${x.id}` === id);
    if (later && home) return `${later.name} of ${home.name}`;
  }
  return String(id);
}
