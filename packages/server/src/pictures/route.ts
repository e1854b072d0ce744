import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolvedRecord } from '@umpire/engine';
import { openingPosition } from '../game-status.js';
import { isHostToken, seatOfToken } from '../seat-acts.js';
import { positionsReady } from '../positions.js';
import type { Host } from '../host.js';
import { hasMap } from '../maps.js';
import { rulesets } from '../rulesets.js';
import { loadRecord } from '../storage/store.js';
import { DEFAULT_MAP_WIDTH, MAP_WIDTHS, type MapFormat, type MapPictures } from './pictures.js';
import { DrawingQueueFull } from './threads.js';

/** What `GET /api/games/:id/map/:turn` asks for. */
export interface MapQuery {
  readonly gameId: string;
  readonly turn: number;
  readonly format?: MapFormat;
  readonly sheet?: string;
  readonly width?: number;
}

export type MapAnswer =
  | { readonly ok: true; readonly type: string; readonly body: string | Buffer }
  | { readonly ok: false; readonly status: number; readonly error: string; readonly message: string; readonly retryAfter?: number };

const widthList = `${MAP_WIDTHS.slice(0, -1).join(', ')} or ${MAP_WIDTHS.at(-1)}`;

/** The map a request asks for, drawn by `pictures` (off the event loop), or why not. */
export async function mapAnswer(host: Host, pictures: MapPictures, q: MapQuery): Promise<MapAnswer> {
  const width = q.width ?? DEFAULT_MAP_WIDTH;
  if (!(MAP_WIDTHS as readonly number[]).includes(width)) {
    return { ok: false, status: 400, error: 'bad-width', message: `the server draws maps ${widthList} pixels wide, not ${width}` };
  }
  const format = q.format ?? 'svg';
  const type = format === 'png' ? 'image/png' : 'image/svg+xml';
  // A map kept in the cache is found by the state hash after the turn alone, without loading the record.
  const [after] = await host.sql.query<{ hash: string | null }>(
    q.turn === 0
      ? 'SELECT initial_state_hash AS hash FROM games WHERE id = $1'
      : "SELECT record->>'stateHash' AS hash FROM steps WHERE game_id = $1 AND turn = $2 AND status = 'resolved' ORDER BY idx DESC LIMIT 1",
    q.turn === 0 ? [q.gameId] : [q.gameId, q.turn],
  );
  const kept = after?.hash ? pictures.kept({ gameId: q.gameId, stateHash: after.hash, turn: q.turn, ...(q.sheet ? { sheet: q.sheet } : {}), width, format }) : undefined;
  if (kept !== undefined) return { ok: true, type, body: kept };
  const record = await loadRecord(host.sql, q.gameId);
  if (!record) return { ok: false, status: 404, error: 'unknown-game', message: `no game '${q.gameId}'` };
  if (!hasMap(record.header.ruleset.id)) return { ok: false, status: 404, error: 'no-map', message: `the server draws no map for ${record.header.ruleset.id}` };
  const resolved = resolvedRecord(record);
  const ruleset = rulesets[record.header.ruleset.id]!;
  const position = q.turn === 0 ? openingPosition(ruleset, resolved) : (await positionsReady(ruleset, resolved)).afterTurn.get(q.turn);
  if (!position) return { ok: false, status: 404, error: 'no-map', message: `turn ${q.turn} of game ${q.gameId} has not been resolved` };
  try {
    const body = await pictures.draw({ record: resolved, position, turn: q.turn, ...(q.sheet ? { sheet: q.sheet } : {}), width, format });
    return { ok: true, type, body };
  } catch (e) {
    if (e instanceof DrawingQueueFull) return { ok: false, status: 503, error: 'busy', message: e.message, retryAfter: 5 };
    throw e;
  }
}

const bearerToken = (req: FastifyRequest): string | undefined => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];

/**
 * A hook for the map route that holds anonymous clients to `max` maps a minute each (a map may take seconds to draw);
 * a request whose token opens a seat of the game, or is its host token, counts against the general limit only.
 * Over the limit, it fails with a 429 and Retry-After.
 */
export function anonymousMapLimit(app: FastifyInstance, host: Host, max: number) {
  const limit = app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: (req) => `maps:${req.ip}` });
  return async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply): Promise<void> => {
    const token = bearerToken(req);
    if (token && ((await seatOfToken(host.sql, req.params.id, token)) || (await isHostToken(host.sql, req.params.id, token)))) return;
    const counted = await limit(req);
    if (counted.isAllowed || !counted.isExceeded) return;
    reply.header('retry-after', String(counted.ttlInSeconds));
    throw Object.assign(new Error(`a client without a seat's token may ask for ${max} maps a minute; try again in ${counted.ttlInSeconds} s`), { statusCode: 429 });
  };
}
