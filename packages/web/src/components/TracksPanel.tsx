import type { ReportSection } from '@umpire/engine';
import { DataTable } from './DataTable.js';

/** The game's tracks, boxes and markers off the map, as the ruleset's board tool tells them: headed lists and tables. */
export function TracksPanel({ sections, title }: { readonly sections: readonly ReportSection[]; readonly title: string }) {
  return (
    <section className="tracks" aria-labelledby="tracks-title" data-testid="tracks">
      <h3 id="tracks-title">{title}</h3>
      {sections.map((s) => (
        <div key={s.title} className="track">
          <h4>{s.title}</h4>
          {s.lines && (
            <ul>
              {s.lines.map((l, i) => (
                <li key={`${i}-${l}`}>{l}</li>
              ))}
            </ul>
          )}
          {s.table && <DataTable columns={s.table.columns} rows={s.table.rows} rowHeaders />}
        </div>
      ))}
    </section>
  );
}
