import { availableParallelism } from 'node:os';
import { LRUCache } from 'lru-cache';
import type { GameRecord, Position } from '@umpire/engine';
import { installed } from '@umpire/rulesets';
import { DrawingThreads } from './threads.js';
import type { MapJob } from './worker.js';

/**
 * The server's maps: drawn on threads of their own (./threads.ts), each drawn once and kept in a cache of bounded size,
 * for the API and for the report mails alike. A map of a resolved turn never changes, so it is kept under the game,
 * the state hash after the turn, the sheet, the width and the format; maps asked for while the same map is being drawn
 * wait for that drawing.
 */

/** The widths the server draws maps at, in pixels. Few, so that the cache serves most requests. */
export const MAP_WIDTHS = [800, 1600, 2400] as const;
export const DEFAULT_MAP_WIDTH = 1600;
/** Every sheet an installed ruleset's map offers (a game's own ruleset draws its default for one it lacks). */
export const MAP_SHEETS: readonly string[] = [...new Set(installed.flatMap((t) => t.map?.sheets.map((s) => s.id) ?? []))];

export type MapFormat = 'svg' | 'png';

export interface MapPicturesOptions {
  /** Drawing threads (default: one fewer than the cores, at least 1). */
  readonly threads?: number;
  /** The cache's size in megabytes (MiB; default 64; 0: no cache). */
  readonly cacheMegabytes?: number;
  /** Maps that may wait for a thread (default 32). */
  readonly maxWaiting?: number;
}

export interface MapPicturesStats {
  /** Maps drawn by the threads. */
  readonly drawn: number;
  /** Maps served from the cache. */
  readonly fromCache: number;
  /** Maps that waited for the same map's drawing under way. */
  readonly joined: number;
  /** Bytes the cache holds. */
  readonly cachedBytes: number;
  /** Milliseconds the threads spent drawing. */
  readonly drawingMs: number;
  readonly waiting: number;
  readonly drawing: number;
}

export interface MapOrder {
  readonly record: GameRecord;
  readonly position: Position;
  readonly turn: number;
  readonly sheet?: string;
  readonly width?: number;
  readonly format: MapFormat;
}

export type Picture = string | Buffer;

export const defaultMapThreads = (): number => Math.max(1, availableParallelism() - 1);

/** Where the turn's map stands in the record: the state hash after the turn (the opening's for turn 0). */
function stateAfter(record: GameRecord, turn: number): string {
  if (turn === 0) return record.initialStateHash;
  const last = record.steps.filter((s) => s.turn === turn && s.status === 'resolved').at(-1);
  return last?.stateHash ?? `unresolved-${record.steps.length}`;
}

/** What names a map in the cache. */
export interface MapKey {
  readonly gameId: string;
  /** The state hash after the turn (the opening's for turn 0). */
  readonly stateHash: string;
  readonly turn: number;
  readonly sheet?: string;
  readonly width?: number;
  readonly format: MapFormat;
}

const keyOf = (k: MapKey) => [k.gameId, k.stateHash, k.turn, k.sheet ?? 'all', k.width ?? DEFAULT_MAP_WIDTH, k.format].join('/');

export class MapPictures {
  private readonly threads: DrawingThreads;
  private readonly cache: LRUCache<string, Picture> | undefined;
  private readonly underWay = new Map<string, Promise<Picture>>();
  private counts = { drawn: 0, fromCache: 0, joined: 0, drawingMs: 0 };

  constructor(opts: MapPicturesOptions = {}) {
    this.threads = new DrawingThreads({ threads: opts.threads ?? defaultMapThreads(), ...(opts.maxWaiting !== undefined ? { maxWaiting: opts.maxWaiting } : {}) });
    const bytes = Math.floor((opts.cacheMegabytes ?? 64) * 1024 * 1024);
    this.cache = bytes > 0 ? new LRUCache<string, Picture>({ maxSize: bytes, sizeCalculation: (p) => Math.max(1, typeof p === 'string' ? Buffer.byteLength(p) : p.length) }) : undefined;
  }

  /** The map (SVG text or PNG bytes): from the cache, from the drawing under way, or drawn on a thread. */
  async draw(order: MapOrder): Promise<Picture> {
    const sheet = order.sheet ?? 'all';
    const width = order.width ?? DEFAULT_MAP_WIDTH;
    const key = keyOf({ gameId: order.record.header.gameId, stateHash: stateAfter(order.record, order.turn), turn: order.turn, sheet, width, format: order.format });
    const kept = this.cache?.get(key);
    if (kept !== undefined) {
      this.counts.fromCache++;
      return kept;
    }
    const going = this.underWay.get(key);
    if (going) {
      this.counts.joined++;
      return going;
    }
    const job: MapJob = { record: order.record, position: order.position, turn: order.turn, sheet, width, format: order.format };
    const drawing = this.threads.draw(job).then((drawn) => {
      this.counts.drawn++;
      this.counts.drawingMs += drawn.ms;
      const picture = typeof drawn.body === 'string' ? drawn.body : Buffer.from(drawn.body.buffer, drawn.body.byteOffset, drawn.body.byteLength);
      this.cache?.set(key, picture);
      return picture;
    });
    this.underWay.set(key, drawing);
    try {
      return await drawing;
    } finally {
      this.underWay.delete(key);
    }
  }

  /** The map when the cache holds it: no record to load, nothing to draw. */
  kept(key: MapKey): Picture | undefined {
    const kept = this.cache?.get(keyOf(key));
    if (kept !== undefined) this.counts.fromCache++;
    return kept;
  }

  stats(): MapPicturesStats {
    return { ...this.counts, cachedBytes: this.cache?.calculatedSize ?? 0, ...this.threads.load };
  }

  close(): Promise<void> {
    this.cache?.clear();
    return this.threads.close();
  }
}

let shared: MapPictures | undefined;

/** The process's maps, for callers given none (the mails of a test, say): made when first asked for. */
export function sharedMapPictures(): MapPictures {
  return (shared ??= new MapPictures());
}
