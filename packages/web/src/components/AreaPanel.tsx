import type { AreaFacts } from '../game-data.js';

/** What an area holds, as the ruleset's board tool tells it: its facts (holder, value, terrain...) and the units there. */
export function AreaPanel({ info, onClose }: { readonly info: AreaFacts | undefined; readonly onClose?: () => void }) {
  if (!info) return <p className="muted">Click an area on the map, or choose one in the list, to see what is there.</p>;
  return (
    <section className="area-panel" aria-labelledby="area-title">
      <h3 id="area-title">
        {info.name} <span className="muted">({info.kind})</span>
        {onClose && (
          <button type="button" className="close" onClick={onClose} aria-label="Close the area panel">
            ×
          </button>
        )}
      </h3>
      <dl>
        {info.facts.map((f) => (
          <div key={f.label} className="fact">
            <dt>{f.label}</dt>
            <dd {...(f.testId ? { 'data-testid': f.testId } : {})}>
              {typeof f.value === 'string' ? (
                f.value
              ) : (
                <ul>
                  {f.value.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <h4>Units</h4>
      {info.units.length ? (
        <table className="units">
          <thead>
            <tr>
              <th scope="col">Held by</th>
              <th scope="col">Units</th>
            </tr>
          </thead>
          <tbody>
            {info.units.map((n) => (
              <tr key={n.holder}>
                <th scope="row">
                  {n.holderName} ({n.abbreviation})
                </th>
                <td>
                  {n.single ? (
                    <ul className="unit-list">
                      {n.types.map((t) => (
                        <li key={t.type}>{t.name}</li>
                      ))}
                    </ul>
                  ) : (
                    n.types.map((t) => `${t.count} ${t.name}${t.damaged ? ` (${t.damaged} damaged)` : ''}`).join(', ')
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>No units.</p>
      )}
    </section>
  );
}
