import { useEffect, useMemo, useState } from 'react';
import { countRules, findRules, RULE_STATUSES, statusWords, type BookRule, type RuleBook, type RuleStatus } from '@umpire/engine';
import { api } from '../api.js';

/**
 * A game's rule book (/rules/:ruleset): every rule with its status, the decisions that decide or read it and the tests
 * that play it, grouped by part. The search box and the status filter narrow it (kept in the address, ?q= and
 * ?status=, so that a search can be linked); every rule, part and decision has its id as its anchor (#GW-P10-LAND-06),
 * which the reports link to.
 */
export function RuleBookPage({ ruleset }: { readonly ruleset: string }) {
  const [book, setBook] = useState<RuleBook>();
  const [error, setError] = useState<string>();
  const params = new URLSearchParams(window.location.search);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const asked = params.get('status') as RuleStatus;
  const [status, setStatus] = useState<RuleStatus | ''>(RULE_STATUSES.includes(asked) ? asked : '');
  useEffect(() => {
    api.ruleBook(ruleset).then(setBook, (e: Error) => setError(e.message));
  }, [ruleset]);
  // The address keeps the search, so that it can be linked; the anchor stays.
  useEffect(() => {
    const q = new URLSearchParams();
    if (search) q.set('q', search);
    if (status) q.set('status', status);
    const query = q.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`);
  }, [search, status]);
  const rules = useMemo(() => (book ? findRules(book, { search, ...(status ? { status } : {}) }) : []), [book, search, status]);
  // A link to one rule (#ID) shows it, even when the search would hide it, and scrolls to it once the book is here.
  const anchor = decodeURIComponent(window.location.hash.slice(1));
  useEffect(() => {
    if (book && anchor) document.getElementById(anchor)?.scrollIntoView();
  }, [book, anchor]);
  if (error) return <main role="alert">The rule book of {ruleset} cannot be shown: {error}</main>;
  if (!book) return <main aria-busy="true">Loading the rule book…</main>;
  const counts = countRules(rules);
  const all = book.counts;
  return (
    <main className="rule-book">
      <p>
        <a href="/">Umpire</a>
      </p>
      <h1>{book.title}: the rule book</h1>
      <p>
        {all.total} rules: {all.tested} played out by tests, {all.decided} decided in the docs, {all.open + all.failing} open.
        Statuses from {book.statusFrom}.
      </p>
      <form className="rule-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <label>
          Search the rules{' '}
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="artillery, trench, GW-P10-LAND-06, D-AIR-4…"
            size={40}
          />
        </label>{' '}
        <label>
          Status{' '}
          <select value={status} onChange={(e) => setStatus(e.target.value as RuleStatus | '')}>
            <option value="">any</option>
            {RULE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </form>
      <p aria-live="polite" data-testid="rule-count">
        {search || status ? `${counts.total} of ${all.total} rules match.` : `${all.total} rules.`}
      </p>
      {book.parts.map((part) => {
        const list = rules.filter((r) => r.part === part.id);
        if (!list.length) return null;
        return (
          <section key={part.id} id={part.id} className="rule-part">
            <h2>
              <a href={`#${part.id}`}>{part.id}</a> — {part.title}
            </h2>
            {list.map((r) => (
              <Rule key={r.id} rule={r} book={book} target={r.id === anchor} />
            ))}
          </section>
        );
      })}
      {!rules.length && <p>No rule matches.</p>}
    </main>
  );
}

function Rule({ rule, book, target }: { readonly rule: BookRule; readonly book: RuleBook; readonly target: boolean }) {
  const decision = (id: string) => book.decisions.find((d) => d.id === id);
  const readOnly = rule.readBy.filter((id) => !rule.decidedBy.includes(id));
  const named = [...rule.decidedBy.map((id) => ['Decided by', id] as const), ...readOnly.map((id) => ['Read by', id] as const)];
  return (
    <article id={rule.id} className={`rule ${rule.status}${target ? ' target' : ''}`}>
      <p>
        <a href={`#${rule.id}`} className="rule-id">
          {rule.id}
        </a>{' '}
        <span className={`status ${rule.status}`} title={statusWords(rule.status)}>
          {rule.status}
        </span>{' '}
        {rule.text}
      </p>
      {(rule.decidedBy.length > 0 || readOnly.length > 0 || rule.tests.length > 0) && (
        <ul>
          {named.map(([how, id]) => {
            const d = decision(id);
            return (
              <li key={`${how}${id}`}>
                {how} <strong>{id}</strong> {d?.title} <span className="muted">({d?.doc ?? 'docs'})</span>
              </li>
            );
          })}
          {rule.tests.length > 0 && (
            <li>
              <details>
                <summary>
                  {rule.tests.length} test{rule.tests.length === 1 ? '' : 's'} ({rule.tests.filter((t) => t.passed).length} passed)
                </summary>
                <ul>
                  {rule.tests.map((t) => (
                    <li key={t.title}>
                      {t.passed ? '✔' : '✖'} {t.title}
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          )}
        </ul>
      )}
    </article>
  );
}

/** The rule ids a report line applied, each a link to the rule in the game's rule book. */
export function RuleLinks({ ruleset, ids }: { readonly ruleset: string; readonly ids: readonly string[] }) {
  return (
    <span className="rule-links">
      {' '}
      rules:{' '}
      {ids.map((id, i) => (
        <span key={id}>
          {i > 0 && ', '}
          <a href={`/rules/${encodeURIComponent(ruleset)}#${id}`} target="_blank" rel="noreferrer">
            {id}
          </a>
        </span>
      ))}
    </span>
  );
}
