import type { GameEvent } from '@umpire/engine';
import { hexLabel } from '../base/hexes.js';

/**
 * Clauses: VV-AIR-05, VV-ETH-13.
 * What reports say of the air war, one line of plain words an event: the missions flown, the interceptions, every
 * round of air combat (the die, each modifier with its reason, the row read and what it did), the flyers' returns to
 * base and the hexes interdicted.
 */

const MISSIONS: Readonly<Record<string, string>> = {
  sweep: 'a Sweep over',
  escort: 'as escort over',
  interdict: 'to interdict',
};

const MODIFIER_WHY: Readonly<Record<string, string>> = {
  'attackers-outnumber': 'more interceptors than escorts',
  'defenders-outnumber': 'more escorts than interceptors',
  'attackers-more-than-one': 'more than one fighter',
};

const EFFECTS: Readonly<Record<string, string>> = {
  'shot-down': 'is shot down',
  aborts: 'aborts and returns to base at once',
  'passenger-lost': 'survives, but its passenger is lost',
};

const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

function roundLine(e: GameEvent): string {
  const mods = (e['modifiers'] as { value: number; when: string; clause: string }[]) ?? [];
  const roll = Number(e['roll']);
  const total = mods.reduce((s, m) => s + m.value, 0);
  const modText = mods.length
    ? ` ${mods.map((m) => `${signed(m.value)} (${MODIFIER_WHY[m.when] ?? m.when}, ${m.clause})`).join(' ')} = ${roll + total}`
    : '';
  const beyond = roll + total !== Number(e['row']) ? `, read as ${String(e['row'])}` : '';
  const roller = e['table'] === 'fighters' ? 'the interceptors roll' : 'the fighters roll';
  let what = `${String(e['label'])} ${EFFECTS[String(e['effect'])] ?? String(e['effect'])}`;
  if (e['effect'] === 'passenger-lost' && !e['passenger']) what = `${String(e['label'])} carries no passenger: no effect`;
  else if (e['passenger'])
    what +=
      e['effect'] === 'shot-down' ? `, and its passenger ${String(e['passengerLabel'])} with it` : ` (${String(e['passengerLabel'])})`;
  const left = `${String(e['attackers'])} attacking, ${String(e['defenders'])} defending left`;
  const head = `Air combat over ${hexLabel(String(e['hex']))}, ${String(e['title'])}, round ${String(e['round'])}`;
  return `${head}: ${roller} ${roll}${modText}${beyond}: ${what} (${String(e['clause'])}); ${left}.`;
}

/** The report line of an air event, or undefined for an event of another kind. */
export function describeAirEvent(e: GameEvent): string | undefined {
  const place = hexLabel(String(e['hex']));
  switch (e.type) {
    case 'mission': {
      const level = e['level'] === 'heavy' ? ' heavily' : e['level'] === 'light' ? ' lightly' : '';
      const escort = e['escorts'] ? ` with ${String(e['escortedLabel'])}` : '';
      const mission = e['mission'] === 'interdict' ? `to${level} interdict` : (MISSIONS[String(e['mission'])] ?? String(e['mission']));
      return `${String(e['label'])} flies ${mission} ${place}${escort}.`;
    }
    case 'mission-cancelled':
      return `${String(e['label'])} flies no mission: ${String(e['why'])}.`;
    case 'interception':
      return `${String(e['label'])} intercepts over ${place}.`;
    case 'air-combat-round':
      return roundLine(e);
    case 'air-return':
      return `${String(e['label'])} returns to base at ${hexLabel(String(e['to']))}.`;
    case 'air-return-lost':
      return `${String(e['label'])} finds no base within ${String(e['range'])} hexes of ${hexLabel(String(e['from']))} and is lost.`;
    case 'interdiction': {
      const heavy = e['level'] === 'heavy';
      const blocked = 'no German supply is traced from, into or through it';
      return `${place} is ${heavy ? 'heavily' : 'lightly'} interdicted until the flyers return to base: ${blocked}${
        heavy ? ', and German units in it are Out of Supply' : ''
      }.`;
    }
    default:
      return undefined;
  }
}
