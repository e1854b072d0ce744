import type { AreaInfo } from '../game-data.js';

/** What an area holds: its owner, units by nation and type, trenches, buildings. */
export function AreaPanel({ info, onClose }: { readonly info: AreaInfo | undefined; readonly onClose?: () => void }) {
  if (!info) return <p className="muted">Click a territory or sea zone on the map, or choose one in the list, to see what is there.</p>;
  return (
    <section className="area-panel" aria-labelledby="area-title">
      <h3 id="area-title">
        {info.name} <span className="muted">({info.kind === 'sea' ? 'sea zone' : 'territory'})</span>
        {onClose && (
          <button type="button" className="close" onClick={onClose} aria-label="Close the area panel">
            ×
          </button>
        )}
      </h3>
      <dl>
        {info.owner && (
          <>
            <dt>Owner</dt>
            <dd data-testid="area-owner">
              {info.owner.name} ({info.owner.abbreviation})
              {info.originalOwner && <> — conquered from {info.originalOwner.name}{info.incorporated ? '' : ', not yet incorporated'}</>}
            </dd>
          </>
        )}
        {info.value !== undefined && (
          <>
            <dt>Value</dt>
            <dd>{info.value}</dd>
          </>
        )}
        {info.kind === 'land' && (
          <>
            <dt>Buildings</dt>
            <dd>{info.features.length ? info.features.join(', ') : 'none'}</dd>
          </>
        )}
        {info.terrain.length > 0 && (
          <>
            <dt>Terrain</dt>
            <dd>{info.terrain.join(', ')}</dd>
          </>
        )}
        <dt>Trenches</dt>
        <dd>
          {info.trenches.length ? (
            <ul>
              {info.trenches.map((t) => (
                <li key={`${t.nation}-${t.facing}`}>
                  {t.super ? 'Super trench' : 'Trench'} of {t.nation} facing {t.facingName}
                </li>
              ))}
            </ul>
          ) : (
            'none'
          )}
        </dd>
      </dl>
      <h4>Units</h4>
      {info.units.length ? (
        <table className="units">
          <thead>
            <tr>
              <th scope="col">Nation</th>
              <th scope="col">Units</th>
            </tr>
          </thead>
          <tbody>
            {info.units.map((n) => (
              <tr key={n.nation}>
                <th scope="row">
                  {n.nationName} ({n.abbreviation})
                </th>
                <td>
                  {n.types.map((t) => `${t.count} ${t.name}${t.damaged ? ` (${t.damaged} damaged)` : ''}`).join(', ')}
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
