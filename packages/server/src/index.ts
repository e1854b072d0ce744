export { openPglite, lockDataDirectory, DataDirectoryInUse, type Sql, type SqlTx } from './sql.js';
export { migrate, migrations, schemaVersion, type Migration } from './migrations.js';
export { createGame, loadRecord, saveRecord, keepSubmission, submissionsOf, listGames, StaleRecord, type GameSummary } from './store.js';
export { fetchNewMail, appendMail, smtpSender, MailHandlingFailed, type InboundMail, type InboundAttachment, type MailboxConfig, type OutboundMail, type SmtpConfig } from './mail/transport.js';
