import type { PoolClient } from "pg"

/** A kind of row that stops migration 2 from adding its constraints, with how many and which. */
export interface MigrationBlocker {
  kind: "duplicate-email" | "duplicate-provider-account" | "duplicate-session-token" | "orphaned-session" | "orphaned-account"
  /** How many groups (duplicates) or rows (orphans) there are. */
  count: number
  /** Up to ten of them, as `value (ids …)` for duplicates and row ids for orphans. */
  examples: string[]
  /** What it means, in a sentence. */
  description: string
}

/**
 * migrate() found rows that the constraints it would add forbid. Nothing was changed (the whole
 * migration is one transaction, rolled back); the adapter keeps working on the schema as it is,
 * refusing new duplicates itself. Resolve the rows listed in `blockers` and run migrate() again.
 */
export class MigrationBlockedError extends Error {
  readonly blockers: MigrationBlocker[]

  constructor(blockers: MigrationBlocker[]) {
    super(
      `@gatehouse/adapter-pg: migrate() changed nothing: existing rows prevent the constraints of schema version 2.\n` +
        blockers
          .map((b) => `  - ${b.count} ${b.description}: ${b.examples.join("; ")}${b.count > b.examples.length ? "; …" : ""}`)
          .join("\n") +
        `\nResolve them (see "Moving from Auth.js" in the adapter's README) and run migrate() again.`,
    )
    this.name = "MigrationBlockedError"
    this.blockers = blockers
  }
}

const exampleLimit = 10

/** Each check: its kind, what it means, and SQL returning (total, examples[]) over the offending groups or rows. */
const checks: { kind: MigrationBlocker["kind"]; description: string; sql: string }[] = [
  {
    kind: "duplicate-email",
    description: "e-mail address(es) held by several users (users.email would become UNIQUE)",
    sql: `SELECT email || ' (users ' || string_agg(id::text, ', ' ORDER BY id) || ')' AS example
          FROM users WHERE email IS NOT NULL GROUP BY email HAVING count(*) > 1`,
  },
  {
    kind: "duplicate-provider-account",
    description: `provider account(s) linked more than once (accounts (provider, "providerAccountId") would become UNIQUE)`,
    sql: `SELECT provider || ':' || "providerAccountId" || ' (accounts ' || string_agg(id::text, ', ' ORDER BY id) || ')' AS example
          FROM accounts GROUP BY provider, "providerAccountId" HAVING count(*) > 1`,
  },
  {
    kind: "duplicate-session-token",
    description: `session token(s) held by several sessions (sessions."sessionToken" would become UNIQUE)`,
    sql: `SELECT 'sessions ' || string_agg(id::text, ', ' ORDER BY id) AS example
          FROM sessions GROUP BY "sessionToken" HAVING count(*) > 1`,
  },
  {
    kind: "orphaned-session",
    description: "session(s) whose user does not exist (sessions would reference users)",
    sql: `SELECT 'session ' || s.id::text || ' (user ' || s."userId"::text || ')' AS example
          FROM sessions s WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = s."userId")`,
  },
  {
    kind: "orphaned-account",
    description: "account(s) whose user does not exist (accounts would reference users)",
    sql: `SELECT 'account ' || a.id::text || ' (user ' || a."userId"::text || ')' AS example
          FROM accounts a WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = a."userId")`,
  },
]

/** Every row that would stop migration 2, found before anything is changed. */
export async function findMigrationBlockers(client: PoolClient): Promise<MigrationBlocker[]> {
  const blockers: MigrationBlocker[] = []
  for (const check of checks) {
    const { rows } = await client.query<{ total: string; examples: string[] | null }>(
      `WITH offending AS (${check.sql})
       SELECT count(*) AS total, (SELECT array_agg(example) FROM (SELECT example FROM offending LIMIT ${exampleLimit}) e) AS examples
       FROM offending`,
    )
    const count = Number(rows[0]?.total ?? 0)
    if (count > 0) blockers.push({ kind: check.kind, count, examples: rows[0]?.examples ?? [], description: check.description })
  }
  return blockers
}
