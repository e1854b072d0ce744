import { hexBoard } from './dist/src/data/files.js';
import { hexFacts } from './dist/src/base/hexes.js';
const b = hexBoard();
for (const id of process.argv.slice(2)) {
  const h = hexFacts(id);
  console.log(id, h.terrain, h.nation, h.city?'city':h.town?'town':'', h.fortress||'', h.edge||'');
  for (const s of b.steps(id)) { const t = hexFacts(s.to.id); console.log('   ', s.to.id, t.terrain, t.nation, t.city?'city':t.town?'town':'', t.fortress||'', t.edge||'', s.crossing.features.join(','), s.crossing.link??''); }
}
