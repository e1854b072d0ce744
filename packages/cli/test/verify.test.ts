import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashValue, isHiddenEvent, publicRecord, seatRecord, type GameRecord } from '@umpire/engine';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'umpire.js');

function umpire(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const grab = (text: string, re: RegExp): string => {
  const m = re.exec(text)?.[1];
  assert.ok(m, `${re} in:\n${text}`);
  return m;
};
const commitmentIn = (text: string) => grab(text, /Dice commitment: ([0-9a-f]{64})/);
const receiptIn = (text: string) => grab(text, /Receipt: ([0-9a-f]{64})/);

type Sub = { seat: string; source: string };
type Rec = { header: { seats: { id: string; player?: string }[] }; headerHash: string; steps: { submissions: Sub[] }[] };

/** Two turns of a Great War game whose Germany seat is Anna's: what she was shown, and the record. */
function twoTurns() {
  const root = mkdtempSync(join(tmpdir(), 'umpire-verify-'));
  const dir = join(root, 'g');
  writeFileSync(join(root, 'seats.json'), JSON.stringify({ germany: 'anna@example.org' }));
  const created = umpire(['new', 'great-war', '--game', dir, '--seats', join(root, 'seats.json')]);
  assert.equal(created.code, 0, created.stderr);
  const commitments = [commitmentIn(created.stdout)];
  const receipts: string[] = [];
  // each turn researches something new: a research that succeeded cannot be ordered again
  for (const [turn, research, british] of [
    [1, 'research Improved Weapons', 'research radar'],
    [2, 'research chem', 'research tanks'],
  ] as const) {
    writeFileSync(join(root, `germany-${turn}.txt`), `${research}\n`);
    const sent = umpire(['orders', dir, 'germany', join(root, `germany-${turn}.txt`), '--nonce', `anna-${turn}`]);
    assert.equal(sent.code, 0, sent.stderr);
    receipts.push(receiptIn(sent.stdout));
    writeFileSync(join(root, 'britain.txt'), `${british}\n`);
    const britain = umpire(['orders', dir, 'britain', join(root, 'britain.txt')]);
    assert.equal(britain.code, 0, britain.stderr);
    const adjudicated = umpire(['adjudicate', dir, '--no-map']);
    assert.equal(adjudicated.code, 0, adjudicated.stderr);
    commitments.push(commitmentIn(adjudicated.stdout));
  }
  const path = join(dir, 'record.json');
  return { root, dir, commitments, receipts, record: JSON.parse(readFileSync(path, 'utf8')) as Rec };
}

test('verify --commitment and --receipt: the anchors a player kept, and where the record ends', () => {
  const { root, dir, commitments, receipts, record } = twoTurns();
  const [c1, c2, c3] = commitments as [string, string, string];
  const [r1, r2] = receipts as [string, string];

  const all = umpire(['verify', dir, '--commitment', c1, '--commitment', c2.toUpperCase(), '--commitment', c3, '--receipt', r1, '--receipt', r2]);
  assert.equal(all.code, 0, all.stdout + all.stderr);
  assert.match(all.stdout, /^OK: 2 steps replayed/);
  assert.ok(all.stdout.includes(`The record ends at step t3.orders (turn 3, open for orders); its last commitment is ${c3} (step t3.orders).`), all.stdout);
  assert.ok(all.stdout.includes(`Commitment ${c1}: step t1.orders (step 1), its secret revealed and checked.`), all.stdout);
  assert.ok(all.stdout.includes(`Commitment ${c3}: step t3.orders (step 3), not yet revealed.`), all.stdout);
  assert.ok(all.stdout.includes(`Receipt ${r2}: germany's orders in step t2.orders (sent by player).`), all.stdout);
  const json = JSON.parse(umpire(['verify', dir, '--receipt', r1, '--json']).stdout) as { ok: boolean; format: string; end: { last: { id: string } }; anchors: { found: boolean; matches: { step: string }[] }[] };
  assert.equal(json.ok, true);
  assert.equal(json.format, 'umpire-record/2');
  assert.equal(json.end.last.id, 't3.orders');
  assert.deepEqual(json.anchors.map((a) => [a.found, a.matches[0]!.step]), [[true, 't1.orders']]);

  // (b) a record with its last steps cut is a valid record: only what the player kept shows the cut
  const cut = join(root, 'cut.json');
  writeFileSync(cut, JSON.stringify({ ...record, steps: record.steps.slice(0, 1) }));
  const alone = umpire(['verify', cut]);
  assert.equal(alone.code, 0, alone.stdout);
  assert.ok(alone.stdout.includes(`The record ends at step t1.orders (turn 1, resolved); its last commitment is ${c1} (step t1.orders).`), alone.stdout);
  const later = umpire(['verify', cut, '--commitment', c1, '--commitment', c2]);
  assert.equal(later.code, 1, later.stdout);
  assert.ok(later.stdout.includes(`MISSING: commitment ${c2} is not in the record: the record ends at step t1.orders`), later.stdout);
  assert.match(later.stdout, /NOT VERIFIED: 1 anchor of 2 you gave is not in this record, though it checks out in itself\./);
  const receipt = umpire(['verify', cut, '--receipt', r2]);
  assert.equal(receipt.code, 1, receipt.stdout);
  assert.ok(receipt.stdout.includes(`MISSING: receipt ${r2} is not in the record`), receipt.stdout);

  // a record cut in the middle of the file is not JSON at all
  const torn = join(root, 'torn.json');
  const text = readFileSync(join(dir, 'record.json'), 'utf8');
  writeFileSync(torn, text.slice(0, Math.floor(text.length / 2)));
  const tornOut = umpire(['verify', torn]);
  assert.equal(tornOut.code, 1);
  assert.match(tornOut.stderr, /torn\.json.*not valid JSON/);

  assert.equal(umpire(['verify', dir, '--commitment', 'abc']).code, 2);
});

test('verify catches a flipped source and a header edited with its hash recomputed', () => {
  const { root, dir, commitments, receipts, record } = twoTurns();
  assert.equal(umpire(['verify', dir]).code, 0);
  const write = (name: string, edit: (r: Rec) => void): string => {
    const copy = structuredClone(record);
    edit(copy);
    const path = join(root, `${name}.json`);
    writeFileSync(path, JSON.stringify(copy));
    return path;
  };
  const flip = (seat: string) => (r: Rec) => {
    const sub = r.steps[0]!.submissions.find((s) => s.seat === seat)!;
    assert.equal(sub.source, 'player');
    sub.source = 'bot';
  };

  // (a) Anna's orders relabelled as a bot's: the header gives her the seat
  const anna = umpire(['verify', write('anna-bot', flip('germany'))]);
  assert.equal(anna.code, 1, anna.stdout);
  assert.match(anna.stdout, /MISMATCH at \$\.steps\[0\]\.submissions\[\d+\]\.source: germany is held by anna@example\.org, but the record says a bot sent its orders/);
  // (a) Britain's, whose seat the header leaves unnamed: the seed binds who sent each set of orders
  const britain = umpire(['verify', write('britain-bot', flip('britain'))]);
  assert.equal(britain.code, 1, britain.stdout);
  assert.match(britain.stdout, /MISMATCH at \$\.steps\[0\]\.seed: .*who sent each set of orders/);

  // (c) the header edited and its hash recomputed: the first commitment binds the header hash
  const edited = write('header', (r) => {
    r.header.seats.find((s) => s.id === 'germany')!.player = 'mallory@example.org';
    r.headerHash = hashValue(r.header);
  });
  const header = umpire(['verify', edited, '--commitment', commitments[0]!, '--receipt', receipts[0]!]);
  assert.equal(header.code, 1, header.stdout);
  assert.match(header.stdout, /MISMATCH at \$\.steps\[0\]\.secret: the secret of step t1\.orders does not match its commitment, which binds the secret, the header hash and everything before the step/);
});

test('verify checks a record with hidden events (the public record, a seat\'s record) as it checks the whole record', () => {
  const { root, dir } = twoTurns();
  const whole = JSON.parse(readFileSync(join(dir, 'record.json'), 'utf8')) as GameRecord;
  const write = (name: string, record: GameRecord): string => {
    const path = join(root, `${name}.json`);
    writeFileSync(path, JSON.stringify(record));
    return path;
  };
  const published = publicRecord(whole);
  const hidden = published.steps.flatMap((s) => s.events).filter(isHiddenEvent).length;
  assert.ok(hidden > 0, 'the treasuries and ledgers are hidden in the public record');
  const checked = umpire(['verify', write('public', published)]);
  assert.equal(checked.code, 0, checked.stdout);
  assert.match(checked.stdout, new RegExp(`^${hidden} hidden events \\(secrets of seats other than the reader's\\) checked`, 'm'));
  const germany = write('germany', seatRecord(whole, 'germany'));
  assert.equal(umpire(['verify', germany, '--seat', 'germany']).code, 0);
  // Germany's record checked as Britain's: it hides events Britain sees.
  const asBritain = umpire(['verify', germany, '--seat', 'britain']);
  assert.equal(asBritain.code, 1, asBritain.stdout);
  assert.match(asBritain.stdout, /MISMATCH at \$\.steps\[0\]\.events\[\d+\]: step t1\.orders: event \d+ is hidden/);
  assert.match(asBritain.stdout, /is hidden in the record, but britain sees it/);
  const unknown = umpire(['verify', germany, '--seat', 'prussia']);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /--seat: the game has no seat 'prussia'/);
  // A hidden event's hash changed: the path of the event.
  const tampered = structuredClone(published) as unknown as { steps: { events: { type: string; hash?: string }[] }[] };
  const event = tampered.steps[1]!.events.find((e) => e.type === 'hidden-event')!;
  event.hash = hashValue('something else');
  const failed = umpire(['verify', write('tampered', tampered as unknown as GameRecord), '--json']);
  assert.equal(failed.code, 1);
  const json = JSON.parse(failed.stdout) as { ok: boolean; mismatch: { path: string } };
  assert.match(json.mismatch.path, /^\$\.steps\[1\]\.events\[\d+\]\.hash$/);
});
