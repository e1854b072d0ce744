import { useState } from 'react';

/** Asks for a key (a hosting key, or a game's host token), checks it with the server, and keeps it when it works. */
export function KeyForm({
  label,
  check,
  onKey,
}: {
  readonly label: string;
  readonly check: (key: string) => Promise<unknown>;
  readonly onKey: (key: string, remember: boolean) => void;
}) {
  const [value, setValue] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <form
      className="key-form"
      onSubmit={(e) => {
        e.preventDefault();
        const key = value.trim();
        if (!key || busy) return;
        setBusy(true);
        setError(undefined);
        check(key).then(
          () => onKey(key, remember),
          (err: Error) => {
            setError(err.message);
            setBusy(false);
          },
        );
      }}
    >
      <label>
        {label} <input type="password" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} size={40} />
      </label>{' '}
      <label>
        <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Remember it in this browser
      </label>{' '}
      <button type="submit" disabled={busy || !value.trim()}>
        Open the host page
      </button>
      {error && <p role="alert">{error}</p>}
      <p className="hint">Not remembered, it is forgotten when this tab closes. Use this on your own device only.</p>
    </form>
  );
}
