import { useMemo, useRef, useState, type UIEvent } from 'react';
import type { Problem } from '@umpire/engine';
import { ApiError, type SubmitAnswer } from '../api.js';

export interface OrdersEditorProps {
  readonly seat: string;
  /** The step open for orders, e.g. "turn 2, 1914 autumn: orders". */
  readonly stepLabel: string;
  readonly initialText: string;
  /** The ruleset's check of order text in the browser (the same parser the server runs). */
  readonly check: (text: string) => readonly Problem[];
  readonly submit: (text: string) => Promise<SubmitAnswer>;
  readonly ready: boolean;
  readonly setReady: (ready: boolean) => Promise<void>;
  /** A legal order, shown in the empty editor as an example. */
  readonly example?: string | undefined;
  /** The text, when it is kept outside (orders given by clicking add lines to it); else the editor keeps it. */
  readonly text?: string;
  readonly onTextChange?: (text: string) => void;
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
 * it read them and their receipt hash, or its own located problems.
 */
export function OrdersEditor({ seat, stepLabel, initialText, check, submit, ready, setReady, example, text: outerText, onTextChange }: OrdersEditorProps) {
  const [innerText, setInnerText] = useState(initialText);
  const text = outerText ?? innerText;
  const setText = (t: string) => {
    setInnerText(t);
    onTextChange?.(t);
  };
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ ok: true; value: SubmitAnswer } | { ok: false; message: string; problems: readonly Problem[] } | undefined>(undefined);
  const area = useRef<HTMLTextAreaElement>(null);
  const gutter = useRef<HTMLDivElement>(null);
  const problems = useMemo(() => check(text), [check, text]);
  const badLines = new Set(problems.map((p) => p.line).filter((l): l is number => l !== undefined));
  const lineCount = text.split('\n').length;

  const showLine = (line: number | undefined) => {
    const el = area.current;
    if (!el || line === undefined) return;
    const [start, end] = lineRange(text, line);
    el.focus();
    el.setSelectionRange(start, end);
  };
  const send = async () => {
    setSending(true);
    try {
      setAnswer({ ok: true, value: await submit(text) });
    } catch (e) {
      const refusal = e instanceof ApiError ? e.refusal : { message: (e as Error).message, problems: [] };
      setAnswer({ ok: false, message: refusal.message, problems: refusal.problems ?? [] });
    } finally {
      setSending(false);
    }
  };

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
            setAnswer(undefined);
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
        <button type="button" onClick={() => void send()} disabled={sending}>
          {sending ? 'Sending…' : 'Submit orders'}
        </button>
        <label className="ready">
          <input type="checkbox" checked={ready} onChange={(e) => void setReady(e.target.checked)} /> Ready: resolve the turn as soon as every player is ready
        </label>
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
