import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TurnReport } from '@umpire/engine';
import type { GreatWarState } from '@umpire/great-war';
import { api, forgetSeat, type GameStatus, type SeatCredentials } from './api.js';
import { appendLine, phaseLabel, phaseNames, phasesOfTurn, areaInfo, areaList, areaTitles, exampleOrder, ordersAt, removeLine, warCharts, landsOf, nationList, battlesOf, checkOrderText, mapSvg, replayRecord, SHEETS, turnTitle, type ReplayedGame, type SheetId } from './game-data.js';
import { AreaPanel } from './components/AreaPanel.js';
import { Charts } from './components/Charts.js';
import { ClickOrders } from './components/ClickOrders.js';
import { HistoryControl } from './components/HistoryControl.js';
import { MapView } from './components/MapView.js';
import { OpenTurn } from './components/OpenTurn.js';
import { OrdersEditor } from './components/OrdersEditor.js';
import { ReportView } from './components/ReportView.js';

type Tab = 'area' | 'orders' | 'report' | 'charts' | 'game';

/** A game: the map of any turn with its areas, the turn's report, the open step, and a seat's orders. */
export function GameView({ gameId, seat }: { readonly gameId: string; readonly seat: SeatCredentials | undefined }) {
  const [status, setStatus] = useState<GameStatus>();
  const [game, setGame] = useState<ReplayedGame>();
  const [error, setError] = useState<string>();
  const [turn, setTurnOnly] = useState(0);
  // Within a turn, the map after one of its phases (null: the end of the turn).
  const [phase, setPhase] = useState<number | null>(null);
  const setTurn = useCallback((t: number) => {
    setTurnOnly(t);
    setPhase(null);
  }, []);
  const [sheet, setSheet] = useState<SheetId>('europe');
  const [selected, setSelected] = useState<string>();
  const [centreOn, setCentreOn] = useState<{ area: string }>();
  const [markNation, setMarkNation] = useState('');
  const [tab, setTab] = useState<Tab>(seat ? 'orders' : 'game');
  const [report, setReport] = useState<TurnReport | { error: string }>();
  const [orders, setOrders] = useState<{ text: string; ready: boolean; step: string }>();
  // The orders text is the truth: typed in the editor or added to by clicking; both read it.
  const [draftText, setDraftText] = useState('');
  const [picking, setPicking] = useState<{ readonly targets: readonly string[]; readonly pick: (area: string) => void }>();
  const addLine = useCallback((line: string) => setDraftText((t) => appendLine(t, line)), []);

  const load = useCallback(async () => {
    try {
      const [s, record] = await Promise.all([api.game(gameId), api.record(gameId)]);
      const replayed = replayRecord(record);
      setStatus(s);
      setGame(replayed);
      setTurn(replayed.lastTurn);
      if (seat && s.open) {
        const mine = await api.orders(gameId, seat.token);
        setOrders({ text: mine.submitted?.text ?? '', ready: mine.ready, step: s.open.step });
        setDraftText(mine.submitted?.text ?? '');
      } else setOrders(undefined);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [gameId, seat]);

  useEffect(() => {
    void load();
  }, [load]);

  // The status is looked at again every few seconds; a turn resolved meanwhile brings the new map and report.
  useEffect(() => {
    const timer = setInterval(() => {
      void api
        .game(gameId)
        .then((s) => {
          if (status && (s.turnsResolved !== status.turnsResolved || s.open?.step !== status.open?.step)) void load();
          else setStatus(s);
        })
        .catch(() => undefined);
    }, 5000);
    return () => clearInterval(timer);
  }, [gameId, status, load]);

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

  const phases = useMemo(() => (game ? phaseNames(game, turn) : []), [game, turn]);
  // The states of the turn's phases are worked out (its step run again) only when a phase is asked for.
  const wantPhases = phase !== null;
  const phaseStates = useMemo(() => (game && wantPhases ? phasesOfTurn(game, turn) : []), [game, turn, wantPhases]);
  const turnState = game?.positions.get(turn)?.state as GreatWarState | undefined;
  const state = phase !== null ? (phaseStates[phase]?.state ?? turnState) : turnState;
  const phaseTitle = phase !== null && phases[phase] ? `, after ${phaseLabel(phases[phase])}` : '';
  // Drawing a map takes a moment: each turn's map is drawn once a sheet, so that stepping back and forth is quick.
  const drawn = useRef(new Map<string, string>());
  const svg = useMemo(() => {
    if (!state || !game) return undefined;
    const key = `${game.record.steps.length}|${turn}|${phase ?? 'end'}|${sheet}`;
    let map = drawn.current.get(key);
    if (!map) {
      map = mapSvg(state, `${status?.title ?? gameId}: ${turnTitle(state, turn)}${phaseTitle}`, sheet, battlesOf(game.record, turn));
      drawn.current.set(key, map);
    }
    return map;
  }, [state, game, turn, phase, phaseTitle, sheet, status?.title, gameId]);
  const titles = useMemo(() => (state ? areaTitles(state) : undefined), [state]);
  const areas = useMemo(() => (state ? areaList(state.scenario) : []), [state]);
  const nations = useMemo(() => (state ? nationList(state) : []), [state]);
  const marked = useMemo(() => (state && markNation ? landsOf(state, markNation) : []), [state, markNation]);
  const info = state && selected ? areaInfo(state, selected) : undefined;
  const example = useMemo(() => (game?.open && seat ? exampleOrder(game.open, seat.seat) : undefined), [game, seat]);
  // The orders from the selected area: asked of the ruleset only when an area is chosen and its panel shown.
  const offer = useMemo(
    () => (game?.open && seat && selected && tab === 'area' && status?.open ? ordersAt(draftText, game.open, seat.seat, selected) : undefined),
    [game, seat, selected, tab, status?.open, draftText],
  );
  // The charts' series: worked out once a record, when the Charts tab is first opened.
  const charts = useMemo(() => (game && tab === 'charts' ? warCharts(game) : undefined), [game, tab]);
  const check = useCallback((text: string) => (game?.open && seat ? checkOrderText(text, game.open, seat.seat) : []), [game, seat]);

  if (error) return <main className="error" role="alert"><p><a href="/">All games</a></p><h1>Game {gameId}</h1><p>{error}</p></main>;
  if (!status || !game || !state || !svg) return <main aria-busy="true"><p>Loading game {gameId}: replaying its record…</p></main>;

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
    { id: 'report', label: turn ? `Report of turn ${turn}` : 'Report' },
    { id: 'charts', label: 'Charts' },
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
            </button>
          </p>
        )}
      </header>
      <div className="columns">
        <div className="map-column">
          <div className="map-controls">
            <label>
              Sheet{' '}
              <select value={sheet} onChange={(e) => setSheet(e.target.value as SheetId)}>
                {SHEETS.map((s) => (
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
          <HistoryControl turn={turn} last={game.lastTurn} label={(t) => turnTitle(state, t)} onChange={setTurn} />
          {phases.length > 0 && (
            <div className="phases">
              <label>
                Phase{' '}
                <select data-testid="phase" value={phase ?? ''} onChange={(e) => setPhase(e.target.value === '' ? null : Number(e.target.value))}>
                  <option value="">the end of the turn</option>
                  {phases.map((p, i) => (
                    <option key={`${i}-${p}`} value={i}>
                      after {i + 1}. {phaseLabel(p)}
                    </option>
                  ))}
                </select>
              </label>
              <button type="button" onClick={() => setPhase((p) => (p === null ? phases.length - 1 : Math.max(0, p - 1)))} disabled={phase === 0}>
                ◀ Phase
              </button>
              <button type="button" onClick={() => setPhase((p) => (p === null || p >= phases.length - 1 ? null : p + 1))} disabled={phase === null}>
                Phase ▶
              </button>
            </div>
          )}
          <MapView key={sheet} focus={sheet === 'europe' ? { x: 0.36, y: 0.42, zoom: 1.9 } : undefined} svg={svg} titles={titles} selected={selected} centreOn={centreOn} marked={marked} targets={offer ? picking?.targets : undefined} onSelect={select} label={`The map: ${turnTitle(state, turn)}${phaseTitle}`} />
        </div>
        <aside className="side">
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
            {tab === 'orders' && seat && status.open && game.open && orders && (
              <OrdersEditor
                key={orders.step}
                seat={seat.seat}
                stepLabel={status.open.label}
                initialText={orders.text}
                text={draftText}
                onTextChange={setDraftText}
                check={check}
                example={example}
                ready={orders.ready}
                submit={async (text) => {
                  const answer = await api.submit(gameId, seat.token, text);
                  void api.game(gameId).then(setStatus);
                  return answer;
                }}
                setReady={async (ready) => {
                  const answer = await api.ready(gameId, seat.token, ready);
                  setOrders((o) => (o ? { ...o, ready: answer.ready } : o));
                  if (answer.resolved.length) await load();
                  else setStatus(await api.game(gameId));
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
            {tab === 'charts' && charts && <Charts series={charts.series} majors={charts.majors} current={turn} />}
            {tab === 'game' && <OpenTurn status={status} />}
          </div>
        </aside>
      </div>
    </div>
  );
}
