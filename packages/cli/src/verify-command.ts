import { join } from 'node:path';
import type { Command } from 'commander';
import { bindsHistory, checkAnchors, formatProblems, hashPosition, parseRecord, replay, type AnchorCheck, type AnchorReport, type GameRecord, type VerifyReport } from '@umpire/engine';
import { collect, CliError, getRuleset } from './rulesets.js';
import { readJsonFile } from './store.js';

/**
 * `umpire verify DIR|FILE [--commitment HEX]... [--receipt HEX]...`: replay a record and check everything it can tell
 * about itself, then the anchors a player kept (the commitments published before orders were due, the receipts given
 * for orders): each must be in the record. The umpire holds the secrets and could rewrite a record consistently; it
 * cannot make a rewrite hold what a player was shown before (docs/dice.md).
 */

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function hexAnchor(flag: string) {
  return (value: string, previous: string[]): string[] => {
    const hex = value.trim().toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(hex)) throw new CliError(`${flag} takes a SHA-256 hash in hex (64 characters), not '${value}'`, 2);
    return collect(hex, previous);
  };
}

function recordText(report: VerifyReport, record: GameRecord): string[] {
  const lines: string[] = [];
  if (report.ok) {
    const resolved = record.steps.filter((s) => s.status === 'resolved').length;
    lines.push(`OK: ${plural(report.stepsChecked, 'step')} replayed, ${plural(report.rollsChecked, 'roll')} and every state hash checked.`);
    if (report.hiddenChecked) {
      const hidden = plural(report.hiddenChecked, 'hidden event');
      lines.push(`${hidden} (secrets of seats other than the reader's) checked: each matches the hash of the event replay produces.`);
    }
    if (report.scripted) lines.push('Scripted dice: the rolls of this game were fixed in advance by its dice script, not drawn from committed secrets.');
    else {
      lines.push(
        `${plural(resolved, 'commitment')} matched ${resolved === 1 ? 'its' : 'their'} revealed secret${resolved === 1 ? '' : 's'}; every seed was derived from the secret, the order hashes and the nonces` +
          (bindsHistory(record) ? ', and who sent each set of orders. Each commitment binds the header and the history before its step.' : '.'),
      );
    }
  } else {
    lines.push(`MISMATCH at ${report.mismatch?.path}: ${report.mismatch?.message}`);
    lines.push(`${report.stepsChecked} step(s) checked out before it.`);
  }
  for (const note of report.notes) lines.push(`Note: ${note}`);
  return lines;
}

function endText(anchors: AnchorReport): string {
  const { last, lastCommitment, over } = anchors.end;
  if (!last) return 'The record has no steps yet.';
  const status = last.status === 'open' ? 'open for orders' : last.status === 'paused' ? 'paused for a decision' : 'resolved';
  return (
    `The record ends at step ${last.id} (turn ${last.turn}, ${status})${over ? ', with the end of the game' : ''}` +
    (lastCommitment ? `; its last commitment is ${lastCommitment.commitment} (step ${lastCommitment.step}). A later commitment in a mail from the umpire means the record is cut short.` : '.')
  );
}

function anchorText(check: AnchorCheck): string {
  if (!check.found) return `MISSING: ${check.message}`;
  if (check.kind === 'commitment') return `Commitment ${check.value}: step ${check.step} (step ${check.index + 1}), ${check.revealed ? 'its secret revealed and checked' : 'not yet revealed'}.`;
  const where = check.matches.map((m) => `${m.seat}'s orders in step ${m.step} (sent by ${m.source})`).join('; ');
  return check.as === 'receipt'
    ? `Receipt ${check.value}: ${where}.`
    : `Order hash ${check.value}: ${where}. An order hash binds the orders alone; a receipt of a format 2 record binds who sent them too.`;
}

export function addVerifyCommand(program: Command, out: (text: string) => void): void {
  program
    .command('verify')
    .description('replay a game record and check every roll, commitment and state hash, and that it holds the commitments and receipts you were given; exit 0 only if it all checks out')
    .argument('<dir>', 'the game directory (or a record.json file)')
    .option('--commitment <hex>', 'a dice commitment you were shown (a turn mail, the status): the record must hold it (repeatable)', hexAnchor('--commitment'), [])
    .option('--receipt <hex>', 'a receipt you were given for your orders (or their order hash): the record must hold it (repeatable)', hexAnchor('--receipt'), [])
    .option('--seat <seat>', "the record is this seat's (GET /api/games/:id/record with its token): it may hide no event of that seat")
    .option('--json', 'print the result as JSON')
    .action((dir: string, o: { commitment: string[]; receipt: string[]; seat?: string; json?: boolean }) => {
      const path = dir.endsWith('.json') ? dir : join(dir, 'record.json');
      const parsed = parseRecord(readJsonFile(path, 'the game record'));
      if (!parsed.ok) {
        if (o.json) out(JSON.stringify({ ok: false, mismatch: parsed.error[0] }, null, 2));
        else out(`MISMATCH: the record is malformed:\n${formatProblems(parsed.error, path)}`);
        process.exitCode = 1;
        return;
      }
      const record = parsed.value;
      const seats = record.header.seats.map((s) => s.id);
      if (o.seat !== undefined && !seats.includes(o.seat)) {
        throw new CliError(`--seat: the game has no seat '${o.seat}'; its seats are ${seats.join(', ')}`, 2);
      }
      const report = replay(getRuleset(record.header.ruleset.id), record, o.seat !== undefined ? { seat: o.seat } : {});
      const anchors = checkAnchors(record, { commitments: o.commitment, receipts: o.receipt });
      const ok = report.ok && anchors.ok;
      if (o.json) {
        const { game, ...rest } = report;
        out(JSON.stringify({ ...rest, ok, format: record.format, ...(game ? { stateHash: hashPosition(game.position) } : {}), end: anchors.end, anchors: anchors.checks }, null, 2));
      } else {
        const lines = [...recordText(report, record), endText(anchors), ...anchors.checks.map(anchorText)];
        const missing = anchors.checks.filter((c) => !c.found).length;
        if (missing) lines.push(`NOT VERIFIED: ${plural(missing, 'anchor')} of ${anchors.checks.length} you gave ${missing === 1 ? 'is' : 'are'} not in this record${report.ok ? ', though it checks out in itself' : ''}.`);
        out(lines.join('\n'));
      }
      if (!ok) process.exitCode = 1;
    });
}
