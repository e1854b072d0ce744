/**
 * A thread that draws maps: the SVG of a game's map after a turn, and the PNG when asked for. Drawing a big map takes
 * seconds of CPU, so the server does it here, off its event loop (./threads.ts starts these threads).
 */
import { parentPort, threadId } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import type { GameRecord, Position } from '@umpire/engine';
import { svgToPng, turnMapSvg } from '../maps.js';

export interface MapJob {
  /** The published record (its header and the battles of the turn are drawn). */
  readonly record: GameRecord;
  /** The position after the turn. */
  readonly position: Position;
  readonly turn: number;
  readonly sheet: string;
  readonly width: number;
  readonly format: 'svg' | 'png';
}

export interface Drawn {
  /** The SVG text, or the PNG's bytes. */
  readonly body: string | Uint8Array;
  /** How long the thread drew, in ms. */
  readonly ms: number;
  readonly threadId: number;
}

export type ToThread = { readonly id: number; readonly job: MapJob };
export type FromThread = { readonly id: number; readonly drawn: Drawn } | { readonly id: number; readonly failed: string };

/** Draw one map: what the thread does for each job (exported for the thread alone). */
export async function drawMap(job: MapJob): Promise<Drawn> {
  const start = performance.now();
  const svg = turnMapSvg(job.record, job.position, job.turn, { sheet: job.sheet, width: job.width });
  if (svg === undefined) throw new Error(`the server draws no map for ${job.record.header.ruleset.id}`);
  const body = job.format === 'png' ? new Uint8Array(await svgToPng(svg)) : svg;
  return { body, ms: performance.now() - start, threadId };
}

const port = parentPort;
if (port) {
  port.on('message', (msg: ToThread) => {
    drawMap(msg.job).then(
      (drawn) => port.postMessage({ id: msg.id, drawn } satisfies FromThread, typeof drawn.body === 'string' ? [] : [drawn.body.buffer as ArrayBuffer]),
      (e: unknown) => port.postMessage({ id: msg.id, failed: (e as Error).message } satisfies FromThread),
    );
  });
}
