import { hostApi, when, type HostMail, type HostView } from './host-api.js';

const MAIL_KINDS: Readonly<Record<string, string>> = {
  invitation: 'invitation',
  hosted: 'your host token',
  'turn-opened': 'turn open',
  reminder: 'reminder',
  report: 'turn report',
  'game-over': 'game over',
  'orders-reply': 'answer to orders',
  'game-stopped': 'game stopped',
};

const mailState = (m: HostMail): string =>
  m.state === 'sent'
    ? `sent ${when(m.sentAt)}`
    : m.state === 'failed'
      ? `failed ${m.attempts} time(s): ${m.error ?? ''}`
      : `waiting since ${when(m.queuedAt)}`;

/**
 * What the server did in a game, for its host: the steps it resolved and why, the host's own acts, and every mail,
 * sent or waiting (never its text, which may hold a player's token), each of which may be sent again.
 */
export function HostActivity({
  gameId,
  view,
  hostKey,
  act,
}: {
  readonly gameId: string;
  readonly view: HostView;
  readonly hostKey: string;
  readonly act: (what: () => Promise<string | undefined>) => Promise<void>;
}) {
  return (
    <section aria-labelledby="activity-title">
      <h2 id="activity-title">What the server did</h2>
      <h3>Resolutions</h3>
      {view.resolutions.length === 0 ? (
        <p>No step resolved yet.</p>
      ) : (
        <ul data-testid="resolutions">
          {view.resolutions.map((r) => (
            <li key={`${r.step}-${r.at}`}>
              {when(r.at)}: {r.label}, step {r.step}, resolved: {r.why}.
            </li>
          ))}
        </ul>
      )}
      {view.acts.length > 0 && (
        <>
          <h3>Your acts</h3>
          <ul>
            {view.acts.map((a, i) => (
              <li key={i}>
                {when(a.at)}: {a.seat ? `${a.seat}: ` : ''}
                {a.detail ?? a.act}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>Mail</h3>
      {!view.mailOut && (
        <p className="hint">This server sends no mail: everything below waits in its outbox until its owner sets UMPIRE_SMTP_URL.</p>
      )}
      {view.mail.length === 0 ? (
        <p>No mail.</p>
      ) : (
        <table className="mail" data-testid="mail">
          <thead>
            <tr>
              <th scope="col">Mail</th>
              <th scope="col">To</th>
              <th scope="col">State</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {view.mail.map((m) => (
              <tr key={m.id} data-state={m.state}>
                <td>
                  {MAIL_KINDS[m.kind] ?? m.kind}
                  {m.seat ? ` (${m.seat})` : ''}
                </td>
                <td>{m.to}</td>
                <td>{mailState(m)}</td>
                <td>
                  {m.kind !== 'hosted' && (
                    <button
                      type="button"
                      aria-label={`Send mail ${m.id} again`}
                      onClick={() => void act(async () => `Mail ${m.id}: ${(await hostApi.resend(gameId, hostKey, m.id)).what}.`)}
                    >
                      {m.state === 'sent' ? 'Send again' : 'Try again now'}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
