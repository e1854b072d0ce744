/**
 * A worker thread of the lab: sets the run's data overrides once, then plays the games it is sent, one at a time,
 * answering each with its summary.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { setDataOverrides } from '@umpire/great-war';
import { runGame, type GameSpec, type GameSummary } from './runner.js';

export interface WorkerData {
  readonly files: Readonly<Record<string, unknown>>;
}
export type ToWorker = { readonly spec: GameSpec };
export type FromWorker = { readonly summary: GameSummary } | { readonly failed: string; readonly game: number };

const port = parentPort;
if (!port) throw new Error('worker.js runs as a worker thread of the lab');
const set = setDataOverrides((workerData as WorkerData).files);
if (!set.ok) throw new Error(`the data overrides were refused: ${set.error.map((p) => `${p.path ?? ''} ${p.message}`).join('; ')}`);
port.on('message', (msg: ToWorker) => {
  try {
    port.postMessage({ summary: runGame(msg.spec) } satisfies FromWorker);
  } catch (e) {
    port.postMessage({ failed: (e as Error).message, game: msg.spec.game } satisfies FromWorker);
  }
});
