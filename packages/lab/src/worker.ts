/**
 * A worker thread of the lab: puts the run's data overrides in force (through the ruleset's lab tool, when the first
 * game names the ruleset), then plays the games it is sent, one at a time, answering each with its summary.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { labOf, runGame, type GameSpec, type GameSummary } from './runner.js';

export interface WorkerData {
  /** The run's data overrides: whole parsed files by name, as its ruleset's lab tool takes them. */
  readonly files: Readonly<Record<string, unknown>>;
}
export type ToWorker = { readonly spec: GameSpec };
export type FromWorker = { readonly summary: GameSummary } | { readonly failed: string; readonly game: number };

const port = parentPort;
if (!port) throw new Error('worker.js runs as a worker thread of the lab');
const { files } = workerData as WorkerData;
/** The ruleset whose data has the overrides in force in this thread. */
let inForce: string | undefined;

function overrideFor(ruleset: string): void {
  if (inForce === ruleset) return;
  if (inForce !== undefined) labOf(inForce).lab.data.override({});
  inForce = undefined;
  const set = labOf(ruleset).lab.data.override(files);
  if (!set.ok) throw new Error(`the data overrides were refused: ${set.error.map((p) => `${p.path ?? ''} ${p.message}`).join('; ')}`);
  inForce = ruleset;
}

port.on('message', (msg: ToWorker) => {
  try {
    overrideFor(msg.spec.ruleset);
    port.postMessage({ summary: runGame(msg.spec) } satisfies FromWorker);
  } catch (e) {
    port.postMessage({ failed: (e as Error).message, game: msg.spec.game } satisfies FromWorker);
  }
});
