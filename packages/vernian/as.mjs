import { hexBoard } from './dist/src/data/files.js';
import { hexFacts } from './dist/src/base/hexes.js';
const b = hexBoard();
for (const s of b.data.hexsides) if (s.features.includes('all-sea')) { const [x,y]=s.hexes; console.log(x, hexFacts(x).nation, hexFacts(x).terrain, y, hexFacts(y).nation, hexFacts(y).terrain); }
const mr = b.data.hexsides.filter(s => s.features.includes('major-river')).filter(s => s.hexes.every(h => ['france','belgium','germany'].includes(hexFacts(h).nation) && hexFacts(h).terrain==='clear' && !hexFacts(h).city && !hexFacts(h).town));
console.log(mr.slice(0,10).map(s=>s.hexes.join('|')+' '+s.hexes.map(h=>hexFacts(h).nation).join(',')).join('\n'));
