import { useMemo, useRef, useState, type UIEvent } from 'react';
import type { Problem } from '@umpire/engine';
import { ApiError, type SeatOrders, type SubmitAnswer } from '../api.js';

export interface OrdersEditorProps {
  readonly seat: string;
  /** The step open for orders, e.g. "turn 2, 1914 autumn: orders". */
  readonly stepLabel: string;
  /** The ruleset's check of order text in the browser (the same parser the server runs). */
  readonly check: (text: string) => readonly Problem[];
  /** Send the editor's text for the open step; with `ready`, orders and readiness in one request. */
  readonly submit: (text: string, ready?: boolean) => Promise<SubmitAnswer>;
  /** Ready (or not) of the orders the umpire holds. */
  readonly setReady: (ready: boolean) => Promise<void>;
  /** What the umpire holds of the seat: its accepted orders for the step and their receipt, and its ready. */
  readonly held: SeatOrders;
  /** The editor's text differs from the orders last accepted: a draft not sent. */
  readonly dirty: boolean;
  /** A legal order, shown in the empty editor as an example. */
  readonly example?: string | undefined;
  readonly text: string;
  readonly onTextChange: (text: string) => void;
}

const where = (p: Problem) => (p.line !== undefined ? `line ${p.line}:${p.column ?? 1}` : (p.path ?? ''));

/** The start and end offsets of a line (1-based) in a text. */
function lineRange(text: string, line: number): [number, number] {
  const lines = text.split('\n');
  let start = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) start += lines[i]!.length + 1;
  return [start, start + (lines[line - 1]?.length ?? 0)];
}

/**
 * The orders of a seat in the order language: checked as they are typed, with each problem located (line and
 * column, the closest valid name), then sent to the server, which checks them again and answers with the orders as
 * it read them and their receipt hash, or its own located problems. Beside the editor, what the umpire holds: the
 * accepted orders, their receipt and whether the seat is ready of them. Ready sends what the editor shows: with
 * unsent changes, the orders and the ready go in one request. One request at a time: Submit and Ready wait while one
 * is in flight, so a double click sends once.
 */
export function OrdersEditor({ seat, stepLabel, check, submit, setReady, held, dirty, example, text, onTextChange: setText }: OrdersEditorProps) {
  const [sending, setSending] = useState<'submit' | 'ready' | undefined>(undefined);
  const inFlight = useRef(false);
  const [answer, setAnswer] = useState<{ ok: true; value: SubmitAnswer } | { ok: false; message: string; problems: readonly Problem[] } | undefined>(undefined);
  const area = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLDivElement>(null);
  const problems = useMemo(() => check(text), [check, text]);
  const badLines = new Set(problems.map((p) => p.line).filter((l): l is number => l !== undefined));
  const lineCount = text.split('\n').length;
  const nothing = !held.submitted && !dirty;

  const showLine = (line: number | undefined) => {
    const el = area.current;
    if (!el || line === undefined) return;
    const [start, end] = lineRange(text, line);
    el.focus();
    el.setSelectionRange(start, end);
  };
  /** One request at a time, whatever the clicks: a second click while one is in flight does nothing. */
  const once = async (what: 'submit' | 'ready', work: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(what);
    try {
      await work();
    } catch (e) {
      const refusal = e instanceof ApiError ? e.refusal : { message: (e as Error).message, problems: [] };
      setAnswer({ ok: false, message: refusal.message, problems: refusal.problems ?? [] });
    } finally {
      inFlight.current = false;
      setSending(undefined);
    }
  };
  const send = () => once('submit', async () => setAnswer({ ok: true, value: await submit(text) }));
  const ready = (want: boolean) =>
    once('ready', async () => {
      // Ready with changes not yet sent: the editor's orders and the ready in one request.
      if (want && dirty) setAnswer({ ok: true, value: await submit(text, true) });
      else await setReady(want);
    });

  return (
    <section className="orders" aria-labelledby="orders-title">
      <h3 id="orders-title">Your orders for {stepLabel}</h3>
      <div className="editor">
        <div className="gutter" ref={gutter} aria-hidden="true">
          {Array.from({ length: lineCount }, (_, i) => (
            <div key={i} className={badLines.has(i + 1) ? 'bad' : undefined}>
              {badLines.has(i + 1) ? '⚠ ' : ''}
              {i + 1}
            </div>
          ))}
        </div>
        <label className="sr-only" htmlFor="orders-text">
          Orders of {seat}, one order a line
        </label>
        <textarea
          id="orders-text"
          ref={area}
          value={text}
          spellCheck={false}
          placeholder={`One order a line; # starts a comment.${example ? `\nFor example:\n${example}` : ''}`}
          rows={Math.max(8, Math.min(24, lineCount + 1))}
          aria-invalid={problems.length > 0}
          aria-describedby="orders-check"
          onChange={(e) => {
            setText(e.target.value);
            if (answer?.ok) setAnswer(undefined);
          }}
          onScroll={(e: UIEvent<HTMLTextAreaElement>) => {
            if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
          }}
        />
      </div>
      <div id="orders-check" className={problems.length ? 'check bad' : 'check good'} role="status" aria-live="polite">
        {problems.length === 0 ? (
          <p>✔ The orders read correctly.</p>
        ) : (
          <>
            <p>
              ✖ {problems.length} problem{problems.length > 1 ? 's' : ''} (checked in your browser with the rules):
            </p>
            <ProblemList problems={problems} showLine={showLine} />
          </>
        )}
      </div>
      <div className="actions">
        <button type="button" onClick={() => void send()} disabled={sending !== undefined}>
          {sending === 'submit' ? 'Sending…' : 'Submit orders'}
        </button>
        <label className="ready">
          <input type="checkbox" checked={held.ready} disabled={sending !== undefined || nothing} aria-describedby="ready-why" onChange={(e) => void ready(e.target.checked)} /> Ready: resolve the turn as soon as every player is
          ready{dirty ? ' (sends the orders in the editor)' : ''}
        </label>
        {sending === 'ready' && <span aria-busy="true">Sending…</span>}
      </div>
      <p id="ready-why" className="hint" data-testid="ready-why">
        {nothing
          ? 'Ready is for orders the umpire holds: write your orders (or none) and submit them first.'
          : held.ready && dirty
            ? 'You are ready of the orders the umpire holds, not of the changes in the editor: submit them (that unsets ready) or tick Ready again once sent.'
            : dirty
              ? 'The editor holds changes the umpire does not have yet: Submit sends them; Ready sends them and says you are done.'
              : ''}
      </p>
      <div className="held" data-testid="held" aria-labelledby="held-title">
        <h4 id="held-title">What the umpire holds for {seat}</h4>
        {held.submitted ? (
          <>
            <p>
              Orders accepted for step {held.submitted.step}, receipt <code data-testid="held-receipt">{held.submitted.orderHash}</code>.{' '}
              <strong data-testid="held-ready">{held.ready ? '✔ You are ready.' : 'Not ready.'}</strong>
            </p>
            <pre data-testid="held-text">{held.submitted.text || '(no orders)'}</pre>
          </>
        ) : (
          <p data-testid="held-none">No orders of yours for this step yet: at the deadline, {seat} stands.</p>
        )}
        <p data-testid="draft-state" className={dirty ? 'unsent' : undefined}>
          {dirty ? '✎ The editor holds changes that are not sent.' : '✔ The editor shows the orders the umpire holds.'}
        </p>
      </div>
      {answer && (
        <div className={answer.ok ? 'answer good' : 'answer bad'} role="status" data-testid="submit-answer">
          {answer.ok ? (
            <>
              <p>
                ✔ Accepted for step {answer.value.step}. Receipt: <code>{answer.value.orderHash}</code>
              </p>
              <p>The orders as the umpire read them:</p>
              <pre>{answer.value.text || '(no orders)'}</pre>
            </>
          ) : (
            <>
              <p>✖ Refused by the server: {answer.message}</p>
              <ProblemList problems={answer.problems} showLine={showLine} />
            </>
          )}
        </div>
      )}
    </section>
  );
}

function ProblemList({ problems, showLine }: { readonly problems: readonly Problem[]; readonly showLine: (line: number | undefined) => void }) {
  return (
    <ul className="problems">
      {problems.map((p, i) => (
        <li key={i}>
          <button type="button" className="link" onClick={() => showLine(p.line)} disabled={p.line === undefined}>
            {where(p) || 'orders'}
          </button>
          : {p.message}
          {p.suggestion && (
            <>
              {' '}
              — did you mean <strong>{p.suggestion}</strong>?
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
