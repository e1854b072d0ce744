import type { GameStatus, listPublicGames } from '../game-status.js';

/**
 * Plain HTML pages for people who open the server in a browser: the list of games, and a game's status, its map
 * and its latest public report. The web client replaces them; they need no script.
 */

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:70rem;margin:1rem auto;padding:0 1rem;line-height:1.4}
table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2rem .5rem;text-align:left}
pre{white-space:pre-wrap;background:#f4f4f4;padding:.5rem}img{max-width:100%;border:1px solid #999}code{word-break:break-all}</style>
</head><body>${body}</body></html>`;
}

export function homePage(games: Awaited<ReturnType<typeof listPublicGames>>): string {
  const rows = games
    .map((g) => `<tr><td><a href="/games/${escape(g.id)}">${escape(g.title)}</a></td><td>${escape(g.ruleset)}</td><td>${g.turnsResolved}</td><td>${g.over ? 'over' : 'in play'}</td><td>${g.openSeats} of ${g.seats}</td></tr>`)
    .join('\n');
  return page(
    'Umpire',
    `<h1>Umpire</h1><p>A computer umpire for play-by-email wargames. The API is described at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<h2>Games</h2>${games.length ? `<table><thead><tr><th>Game</th><th>Ruleset</th><th>Turns played</th><th>State</th><th>Open seats</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No games yet.</p>'}`,
  );
}

export function gamePage(status: GameStatus, report: string | undefined): string {
  const seats = status.seats
    .map((s) => `<tr><td>${escape(s.seat)}</td><td>${s.playedBy}</td><td>${s.submitted ? 'yes' : 'no'}</td><td>${s.ready ? 'yes' : 'no'}</td></tr>`)
    .join('\n');
  const open = status.open
    ? `<p>Open: ${escape(status.open.label)} (step ${escape(status.open.step)}), orders due ${escape(status.open.deadline ?? 'when the host resolves it')}${status.paused ? ' (paused)' : ''}.<br>
Dice commitment: <code>${escape(status.open.commitment ?? 'none')}</code></p>`
    : '';
  const result = status.result ? `<p><strong>Game over:</strong> ${escape(status.result.summary)}</p>` : '';
  const map = status.turnsResolved ? `<h2>The map after turn ${status.turnsResolved}</h2><img alt="The map after turn ${status.turnsResolved}" src="/api/games/${escape(status.id)}/map/${status.turnsResolved}?sheet=europe&amp;width=1600">` : '';
  return page(
    status.title,
    `<p><a href="/">All games</a></p><h1>${escape(status.title)}</h1>${result}${open}
<p>${status.turnsResolved} turn(s) resolved. <a href="/api/games/${escape(status.id)}/record">Download the record</a> and check it with <code>umpire verify</code>.</p>
<h2>Seats</h2><table><thead><tr><th>Seat</th><th>Played by</th><th>Orders sent</th><th>Ready</th></tr></thead><tbody>${seats}</tbody></table>
${map}${report ? `<h2>The latest report</h2><pre>${escape(report)}</pre>` : ''}`,
  );
}
