/** What `--dry-run` prints for each migration not yet applied: its number, what it does, its SQL. */
export function printPending(pending: readonly { version: number; description: string; sql: string }[]): void {
  for (const migration of pending) {
    process.stdout.write(`-- migration ${migration.version}: ${migration.description}\n${dedent(migration.sql)}\n\n`)
  }
}

function dedent(sql: string): string {
  const lines = sql.replace(/^\n+|\s+$/g, "").split("\n")
  const indent = Math.min(...lines.filter((line) => line.trim()).map((line) => line.match(/^ */)![0].length))
  return lines.map((line) => line.slice(indent)).join("\n")
}
