import type { TurnReport } from '@umpire/engine';
import { DataTable } from './DataTable.js';
import { RuleLinks } from './RuleBook.js';

/**
 * A turn's report as the server gives it (JSON): each step with its dice proof, the orders (a seat's own in full,
 * the others' receipts), every event the reader may see with its text (battles round by round, each roll), and the
 * state after the turn.
 */
export function ReportView({ report, onArea }: { readonly report: TurnReport; readonly onArea?: (area: string) => void }) {
  return (
    <article className="report" aria-labelledby="report-title">
      <h3 id="report-title">
        {report.title}
        {report.seat ? ` — the report of ${report.seat}` : ' — the public report'}
      </h3>
      {report.result && <p className="result">Game over: {report.result.summary}</p>}
      {report.steps.map((step) => (
        <section key={step.id} className="step">
          <h4>Step {step.id}</h4>
          <details>
            <summary>Dice proof and orders</summary>
            <dl className="proof">
              {step.commitment && (
                <>
                  <dt>Commitment</dt>
                  <dd>
                    <code>{step.commitment}</code>
                  </dd>
                </>
              )}
              {step.secret && (
                <>
                  <dt>Secret revealed</dt>
                  <dd>
                    <code>{step.secret}</code>
                  </dd>
                </>
              )}
            </dl>
            <ul>
              {step.orders.map((o) => (
                <li key={o.seat}>
                  {o.seat} ({o.source}): receipt <code>{o.orderHash.slice(0, 16)}…</code>
                  {o.text !== undefined && <pre>{o.text || '(no orders)'}</pre>}
                </li>
              ))}
            </ul>
          </details>
          <ol className="events">
            {step.events.map((e, i) => (
              <li key={i} className={`event ${e.type}`}>
                {e.type === 'roll' ? <span aria-label="die roll">⚄ </span> : e.type === 'battle' ? <span aria-label="battle">⚔ </span> : null}
                {e.text}
                {e.rules && e.rules.length > 0 && <RuleLinks ruleset={report.ruleset.split(' ')[0]!} ids={e.rules} />}
                {onArea && e.type === 'battle' && typeof e['area'] === 'string' && (
                  <>
                    {' '}
                    <button type="button" className="link" onClick={() => onArea(e['area'] as string)}>
                      show on the map
                    </button>
                  </>
                )}
              </li>
            ))}
          </ol>
        </section>
      ))}
      {report.sections.map((s) => (
        <section key={s.title} className="state-section">
          <h4>{s.title}</h4>
          {s.lines && (
            <ul>
              {s.lines.map((l, i) => (
                <li key={i}>{l}</li>
              ))}
            </ul>
          )}
          {s.table && <DataTable columns={s.table.columns} rows={s.table.rows} />}
        </section>
      ))}
    </article>
  );
}
