import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TurnReport } from '@umpire/engine';
import { api, ApiError, forgetSeat, type GameStatus, type SeatCredentials, type SeatOrders } from './api.js';
import type { ViewAnswer, ViewsAnswer } from './api.js';
import { dropDraft, keepDraft, readDraft } from './drafts.js';
import {
  appendLine,
  checkOrderText,
  exampleOrder,
  mapSvg,
  phaseLabel,
  removeLine,
  sheetsOf,
  toolsFor,
  turnTitle,
  type GameData,
} from './game-data.js';
import { AreaPanel } from './components/AreaPanel.js';
import { Charts } from './components/Charts.js';
import { ClickOrders } from './components/ClickOrders.js';
import { HistoryControl, PhaseControl } from './components/HistoryControl.js';
import { MapView } from './components/MapView.js';
import { PlanOrders, type Picking } from './components/PlanOrders.js';
import { TracksPanel } from './components/TracksPanel.js';
import { OpenTurn } from './components/OpenTurn.js';
import { OrdersEditor } from './components/OrdersEditor.js';
import { ReportView } from './components/ReportView.js';
import { SeatLink } from './components/SeatLink.js';
import { PressPanel } from './components/PressPanel.js';
import { usePress } from './press.js';

type Tab = 'area' | 'orders' | 'tracks' | 'report' | 'charts' | 'press' | 'game';

export interface GameViewProps {
  readonly gameId: string;
  readonly seat: SeatCredentials | undefined;
  /** The seat's token was refused (the host gave the seat away): the page offers the visitor's view instead. */
  readonly onSeatRefused?: (why: string) => void;
}

/** A game: the map of any turn with its areas, the turn's report, the open step, and a seat's orders. */
export function GameView({ gameId, seat, onSeatRefused }: GameViewProps) {
  const [status, setStatus] = useState<GameStatus>();
  const [game, setGame] = useState<GameData>();
  // The view the map shows (a turn, or a phase of it) as the server sent it to this seat; kept until the game moves.
  const [shown, setShown] = useState<ViewAnswer>();
  const views = useRef(new Map<string, ViewAnswer>());
  const [allViews, setAllViews] = useState<ViewsAnswer>();
  const [error, setError] = useState<string>();
  const [turn, setTurnOnly] = useState(0);
  // Within a turn, the map after one of its phases (null: the end of the turn).
  const [phase, setPhase] = useState<number | null>(null);
  const setTurn = useCallback((t: number) => {
    setTurnOnly(t);
    setPhase(null);
  }, []);
  const [sheet, setSheet] = useState<string>();
  const [selected, setSelected] = useState<string>();
  const [centreOn, setCentreOn] = useState<{ area: string }>();
  const [markNation, setMarkNation] = useState('');
  const [tab, setTab] = useState<Tab>(seat ? 'orders' : 'game');
  const press = usePress(gameId, seat);
  const [report, setReport] = useState<TurnReport | { error: string }>();
  // What the umpire holds of the seat (its accepted orders, their receipt, its ready), and the editor's text: the text
  // is the truth of the draft, typed in the editor or added to by clicking; `sent` is the text last accepted.
  const [held, setHeld] = useState<SeatOrders>();
  const [draftText, setDraftText] = useState('');
  const [sentText, setSentText] = useState('');
  const [note, setNote] = useState<string>();
  const [picking, setPicking] = useState<Picking>();
  const addLine = useCallback((line: string) => setDraftText((t) => appendLine(t, line)), []);
  const openStep = status?.open?.step;
  const dirty = !!seat && !!openStep && !!held && draftText !== sentText;
  // The latest of each, for the status poll and the handlers (which outlive a render).
  const now = useRef({ step: undefined as string | undefined, turns: -1, draft: '', sent: '', held: undefined as SeatOrders | undefined });
  now.current.draft = draftText;
  now.current.sent = sentText;
  now.current.held = held;

  /**
   * Load the game as the server has it: status, record (the map and report of the latest turn), and the seat's orders.
   * `carry`: an unsent draft from a step that has gone, kept in the editor with a note saying why.
   */
  const load = useCallback(
    async (carry?: { text?: string; why: string }) => {
      try {
        // The seat's record and its view of where the game stands: what the server shows this seat, nothing more.
        const token = seat?.token;
        const [s, record, latest] = await Promise.all([api.game(gameId), api.record(gameId, token), api.view(gameId, {}, token)]);
        const mine = seat && s.open ? await api.orders(gameId, seat.token) : undefined;
        now.current.step = s.open?.step;
        now.current.turns = s.turnsResolved;
        views.current = new Map([[`${latest.turn}|end`, latest]]);
        setStatus(s);
        const open = latest.open ? { open: { step: latest.open, state: latest.state } } : {};
        setGame({ record, lastTurn: latest.lastTurn, ...open });
        setShown(latest);
        setAllViews(undefined);
        setTurn(latest.lastTurn);
        setHeld(mine);
        if (seat && s.open && mine) {
          const heldText = mine.submitted?.text ?? '';
          const kept = readDraft(gameId, seat.seat, s.open.step);
          if (carry?.text !== undefined && carry.text !== heldText) {
            setDraftText(carry.text);
            setNote(carry.why);
          } else if (kept !== undefined && kept !== heldText) {
            setDraftText(kept);
            setNote(`Your unsent draft for ${s.open.label} was restored from this browser: it is not sent yet.`);
          } else {
            setDraftText(heldText);
            setNote(carry?.why);
          }
          setSentText(heldText);
        } else if (carry) setNote(carry.why);
      } catch (e) {
        // A seat link whose seat was given away: the page offers the visitor's view instead of a dead end.
        if (seat && onSeatRefused && seatRefused(e)) onSeatRefused((e as Error).message);
        else setError((e as Error).message);
      }
    },
    [gameId, seat, setTurn, onSeatRefused],
  );

  useEffect(() => {
    void load();
  }, [load]);

  /** The page follows the game whoever resolved it: a step changed brings the new map, report and orders. */
  const follow = useCallback(
    async (why?: string) => {
      const s = await api.game(gameId);
      if (s.open?.step === now.current.step && s.turnsResolved === now.current.turns) {
        setStatus(s);
        if (seat && s.open) {
          const mine = await api.orders(gameId, seat.token);
          const before = now.current.held;
          if (mine.submitted?.orderHash !== before?.submitted?.orderHash || mine.ready !== before?.ready) {
            // Orders sent from elsewhere (another tab, a mail): shown; the editor follows unless it holds a draft.
            const unsent = now.current.draft !== now.current.sent;
            setHeld(mine);
            setSentText(mine.submitted?.text ?? '');
            if (!unsent) setDraftText(mine.submitted?.text ?? '');
          }
        }
        return;
      }
      const unsent = now.current.draft !== now.current.sent && now.current.draft.trim() !== '';
      const gone = now.current.step;
      const what = s.result ? 'The game is over' : `Step ${gone ?? ''} was resolved`;
      await load(
        unsent
          ? { text: now.current.draft, why: `${why ? `${why} ` : ''}${what} without your draft: the umpire used the orders it held then. Your draft is kept in the editor; check it against the new turn before you send it.` }
          : why
            ? { why }
            : undefined,
      );
    },
    [gameId, seat, load],
  );

  // The status is looked at again every few seconds and whenever the page comes back into view.
  useEffect(() => {
    const look = () => void follow().catch((e: unknown) => seat && onSeatRefused && seatRefused(e) && onSeatRefused((e as Error).message));
    const timer = setInterval(look, 3000);
    const visible = () => document.visibilityState === 'visible' && look();
    window.addEventListener('focus', look);
    document.addEventListener('visibilitychange', visible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', look);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [follow, seat, onSeatRefused]);

  // An unsent draft is kept in this browser (per game, seat and step), and leaving the page while there is one asks first.
  useEffect(() => {
    if (!seat || !openStep || !held) return;
    if (draftText !== sentText) keepDraft(gameId, seat.seat, openStep, draftText);
    else dropDraft(gameId, seat.seat, openStep);
  }, [gameId, seat, openStep, held, draftText, sentText]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  useEffect(() => {
    if (!game || turn === 0) {
      setReport(undefined);
      return;
    }
    let live = true;
    api
      .report(gameId, turn, seat?.token)
      .then((r) => live && setReport(r))
      .catch((e: Error) => live && setReport({ error: e.message }));
    return () => {
      live = false;
    };
  }, [gameId, game, turn, seat]);

  // The seat's view of the turn (or of a phase of it) asked for from the server, once each; the map shows the last
  // view that came, so that it never shows one turn under another's title.
  useEffect(() => {
    if (!game) return;
    const key = `${turn}|${phase ?? 'end'}`;
    const known = views.current.get(key);
    if (known) {
      setShown(known);
      return;
    }
    let live = true;
    api
      .view(gameId, { turn, ...(phase !== null ? { phase } : {}) }, seat?.token)
      .then((v) => {
        views.current.set(key, v);
        if (live) setShown(v);
      })
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [game, gameId, seat, turn, phase]);
  const state = shown?.state;
  const shownTurn = shown?.turn ?? 0;
  const shownPhase = shown?.phase?.index ?? null;
  // The phases of the turn chosen: from its view, when that has come.
  const phases = shown && shown.turn === turn ? shown.phases : [];
  const phaseSteps = shown && shown.turn === turn ? (shown.phaseSteps ?? []) : [];
  const phaseTitle = shown?.phase ? `, after ${phaseLabel(shown.phase.name)}` : '';
  // Drawing a map takes a moment: each turn's map is drawn once a sheet, so that stepping back and forth is quick.
  const drawn = useRef(new Map<string, string>());
  const tools = useMemo(() => (game ? toolsFor(game.record) : undefined), [game]);
  const sheets = tools ? sheetsOf(tools) : [];
  const onSheet = sheet ?? sheets[0]?.id ?? '';
  const svg = useMemo(() => {
    if (!state || !game || !tools) return undefined;
    const key = `${game.record.steps.length}|${shownTurn}|${shownPhase ?? 'end'}|${onSheet}`;
    let map = drawn.current.get(key);
    if (!map) {
      const title = `${status?.title ?? gameId}: ${turnTitle(tools, state, shownTurn)}${phaseTitle}`;
      map = mapSvg(tools, state, title, onSheet, tools.map?.marks(game.record, shownTurn) ?? []);
      drawn.current.set(key, map);
    }
    return map;
  }, [state, game, tools, shownTurn, shownPhase, phaseTitle, onSheet, status?.title, gameId]);
  const board = tools?.board;
  const titles = useMemo(() => (state && board ? board.titles(state) : undefined), [state, board]);
  const areas = useMemo(() => (state && board ? board.areas(state) : []), [state, board]);
  const nations = useMemo(() => (state && board ? board.holders(state) : []), [state, board]);
  const marked = useMemo(() => (state && board && markNation ? board.holdings(state, markNation) : []), [state, board, markNation]);
  const info = state && board && selected ? board.info(state, selected) : undefined;
  const example = useMemo(() => (game?.open && seat && tools ? exampleOrder(tools, game.open, seat.seat) : undefined), [game, seat, tools]);
  // The orders from the selected area: asked of the ruleset only when an area is chosen and its panel shown; grouped
  // by unit type and count (`offer`), or planned unit by unit on a hex map (`plans`), as the ruleset's board gives them.
  const ordersFrom = useMemo(() => {
    if (!game?.open || !seat || !board || !selected || tab !== 'area' || !status?.open) return undefined;
    const ctx = { state: game.open.state, seat: seat.seat, step: game.open.step };
    return { offer: board.offer?.(draftText, ctx, selected), plans: board.plans?.(draftText, ctx, selected) };
  }, [game, seat, board, selected, tab, status?.open, draftText]);
  const offer = ordersFrom?.offer;
  const plans = ordersFrom?.plans;
  // The tracks off the map for the state shown, in the turn it stands in: within a turn's phase that turn; the latest
  // state that of the step open for orders (a turn may be under way); after an earlier turn's end the next.
  const standsIn = shownPhase !== null ? shownTurn : game?.open && shownTurn === game.lastTurn ? game.open.step.turn : shownTurn + 1;
  const tracks = useMemo(
    () => (state && board?.tracks ? board.tracks(state, seat?.seat, standsIn) : undefined),
    [state, board, seat, standsIn],
  );
  // Every turn's view, asked for once a record when the Charts tab is first opened; the charts' series from them.
  useEffect(() => {
    if (!game || tab !== 'charts' || allViews) return;
    let live = true;
    api
      .views(gameId, seat?.token)
      .then((v) => live && setAllViews(v))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [game, gameId, seat, tab, allViews]);
  const charts = useMemo(() => (game && allViews && tools?.charts ? tools.charts.series(game.record, allViews.turns) : undefined), [game, allViews, tools]);
  const check = useCallback((text: string) => (game?.open && seat && tools ? checkOrderText(tools, text, game.open, seat.seat) : []), [game, seat, tools]);

  if (error) return <main className="error" role="alert"><p><a href="/">All games</a></p><h1>Game {gameId}</h1><p>{error}</p></main>;
  if (!status || !game || !state || !svg || !tools) return <main aria-busy="true"><p>Loading game {gameId}…</p></main>;

  const select = (area: string) => {
    // While a move is being given, a click on one of its destinations gives it.
    if (picking?.targets.includes(area)) {
      picking.pick(area);
      return;
    }
    setSelected(area);
    setTab('area');
  };
  const tabs: { id: Tab; label: string }[] = [
    { id: 'area', label: 'Area' },
    ...(seat && status.open ? [{ id: 'orders' as const, label: 'Orders' }] : []),
    ...(tracks ? [{ id: 'tracks' as const, label: 'Tracks' }] : []),
    { id: 'report', label: turn ? `Report of turn ${turn}` : 'Report' },
    ...(tools?.charts ? [{ id: 'charts' as const, label: 'Charts' }] : []),
    ...(seat ? [{ id: 'press' as const, label: press.unread ? `Press (${press.unread} unread)` : 'Press' }] : []),
    { id: 'game', label: 'Open turn' },
  ];
  return (
    <div className="game">
      <header>
        <a href="/">All games</a>
        <h1>{status.title}</h1>
        {seat && (
          <p className="seat" data-testid="seat">
            You play <strong>{seat.seat}</strong>.{' '}
            <button
              type="button"
              className="link"
              onClick={() => {
                forgetSeat(gameId);
                window.location.reload();
              }}
            >
              Leave the seat
            </button>{' '}
            <SeatLink gameId={gameId} seat={seat} />
          </p>
        )}
      </header>
      <div className="columns">
        <div className="map-column">
          <div className="map-controls">
            <label>
              Sheet{' '}
              <select value={onSheet} onChange={(e) => setSheet(e.target.value)}>
                {sheets.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Go to area{' '}
              <select
                value={selected ?? ''}
                onChange={(e) => {
                  if (!e.target.value) return;
                  select(e.target.value);
                  setCentreOn({ area: e.target.value });
                }}
              >
                <option value="">choose…</option>
                {areas.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                    {a.kind === 'sea' ? ' (sea)' : ''}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Hatch the lands of{' '}
              <select value={markNation} onChange={(e) => setMarkNation(e.target.value)}>
                <option value="">nobody</option>
                {nations.map((n) => (
                  <option key={n.id} value={n.id}>
                    {n.name} ({n.abbreviation})
                  </option>
                ))}
              </select>
            </label>
          </div>
          <HistoryControl turn={turn} last={game.lastTurn} label={(t) => turnTitle(tools, state, t)} onChange={setTurn} />
          {phases.length > 0 && <PhaseControl phases={phases} steps={phaseSteps} phase={phase} label={phaseLabel} onChange={setPhase} />}
          <MapView
            key={sheet}
            focus={sheet === 'europe' ? { x: 0.36, y: 0.42, zoom: 1.9 } : undefined}
            svg={svg}
            titles={titles}
            selected={selected}
            centreOn={centreOn}
            marked={marked}
            targets={offer || plans ? picking?.targets : undefined}
            shaded={plans ? picking?.shades : undefined}
            picked={plans ? picking?.picked : undefined}
            onSelect={select}
            label={`The map: ${turnTitle(tools, state, shownTurn)}${phaseTitle}`}
          />
        </div>
        <aside className="side">
          {note && (
            <div className="turn-note" role="status" data-testid="turn-note">
              <p>{note}</p>
              <button type="button" className="link" onClick={() => setNote(undefined)}>
                Dismiss
              </button>
            </div>
          )}
          <div role="tablist" aria-label="Panels">
            {tabs.map((t) => (
              <button key={t.id} type="button" role="tab" aria-selected={tab === t.id} onClick={() => setTab(t.id)}>
                {t.label}
              </button>
            ))}
          </div>
          <div role="tabpanel">
            {tab === 'area' && <AreaPanel info={info} onClose={() => setSelected(undefined)} />}
            {tab === 'area' && offer && info && (
              <ClickOrders offer={offer} areaName={info.name} text={draftText} onAdd={addLine} onRemove={(line) => setDraftText((t) => removeLine(t, line))} onPicking={setPicking} />
            )}
            {tab === 'area' && plans && info && (
              <PlanOrders
                offer={plans}
                areaName={info.name}
                text={draftText}
                onAdd={addLine}
                onRemove={(line) => setDraftText((t) => removeLine(t, line))}
                onPicking={setPicking}
              />
            )}
            {tab === 'tracks' && tracks && <TracksPanel sections={tracks} title={`${turnTitle(tools, state, shownTurn)}${phaseTitle}`} />}
            {tab === 'orders' && seat && status.open && game.open && held && (
              <OrdersEditor
                key={status.open.step}
                seat={seat.seat}
                stepLabel={status.open.label}
                text={draftText}
                onTextChange={setDraftText}
                check={check}
                example={example}
                held={held}
                dirty={dirty}
                submit={async (text, ready) => {
                  const step = status.open!.step;
                  try {
                    const answer = await api.submit(gameId, seat.token, text, step, ready);
                    setSentText(text);
                    setHeld({ seat: seat.seat, step, ready: answer.ready, submitted: { step, text: answer.text, orderHash: answer.orderHash, orders: answer.orders } });
                    dropDraft(gameId, seat.seat, step);
                    // These orders resolved the turn: the page moves to the new one at once.
                    if (answer.resolved?.length) await load({ why: `Your orders were accepted (receipt ${answer.orderHash}) and every player was ready: ${answer.resolved.join(', ')} resolved.` });
                    else setStatus(await api.game(gameId));
                    return answer;
                  } catch (e) {
                    // The step has gone (another tab, a player, the host or the deadline resolved it): the new turn, the draft kept.
                    if (e instanceof ApiError && e.status === 409) await follow(e.refusal.error === 'wrong-step' ? `The umpire refused these orders: step ${step} is no longer open (it keeps them as refused).` : `The umpire refused these orders: ${e.refusal.message}.`);
                    throw e;
                  }
                }}
                setReady={async (ready) => {
                  const step = status.open!.step;
                  try {
                    const answer = await api.ready(gameId, seat.token, { ready, step, ...(ready && held.submitted ? { orderHash: held.submitted.orderHash } : {}) });
                    setHeld((h) => (h ? { ...h, ready: answer.ready } : h));
                    if (answer.resolved.length) await load({ why: `You were the last to be ready: ${answer.resolved.join(', ')} resolved.` });
                    else setStatus(await api.game(gameId));
                  } catch (e) {
                    if (e instanceof ApiError && e.status === 409) await follow(e.refusal.error === 'wrong-step' ? `The umpire refused the ready: step ${step} is no longer open.` : `The umpire refused the ready: ${e.refusal.message}.`);
                    throw e;
                  }
                }}
              />
            )}
            {tab === 'report' &&
              (turn === 0 ? (
                <p>The opening map: no turn has been played before it. Step forward through the history to read each turn&apos;s report.</p>
              ) : !report ? (
                <p aria-busy="true">Loading the report of turn {turn}…</p>
              ) : 'error' in report ? (
                <p role="alert">{report.error}</p>
              ) : (
                <ReportView
                  report={report}
                  onArea={(area) => {
                    setSelected(area);
                    setCentreOn({ area });
                  }}
                />
              ))}
            {tab === 'charts' &&
              (charts ? (
                <Charts set={charts} current={turn} />
              ) : (
                <p aria-busy="true">Loading the charts…</p>
              ))}
            {tab === 'press' && seat && <PressPanel press={press} seat={seat.seat} />}
            {tab === 'game' && <OpenTurn status={status} seat={seat} />}
          </div>
        </aside>
      </div>
    </div>
  );
}

/** A refusal of the seat's token: the seat was given to someone else (the token opens no seat of the game any more). */
export const seatRefused = (e: unknown): boolean => e instanceof ApiError && e.status === 403 && e.refusal.error === 'bad-token';
