import type { Pool, QueryResultRow } from "pg"
import type { Query } from "./queries.js"

/**
 * Session lookups that arrive together share one round trip. Every GET /session of a database
 * session is one lookup by token; on a busy server many are in flight at once, and each round
 * trip costs both processes a socket write and a wake-up whatever the query does (on a loaded
 * machine that, not the index scan, is most of a lookup's price). Lookups made in the same turn
 * of the event loop are therefore sent as one statement, `token = ANY($1)`, run after the I/O
 * callbacks of that turn (setImmediate); a lookup alone in its turn runs the single-token
 * statement as before, so a quiet server sees no difference.
 *
 * Each caller gets exactly the answer its own lookup would have given: rows are matched back by
 * token, a token nobody has gets undefined. A token the batch could fail on is looked up alone,
 * so one client's cookie can never fail another client's lookup: PostgreSQL text cannot hold
 * NUL, and unusually long tokens (real ones are UUIDs) are kept out of the shared statement. A
 * failed batch (the database is down) fails each of its lookups with that error, as they would
 * have failed one by one.
 */
export function sessionLookups<Row extends QueryResultRow & { sessionToken: string }>(
  pool: Pool,
  single: Query,
): (sessionToken: string) => Promise<Row | undefined> {
  const many = batchedStatement(single)
  let pending: Lookup<Row>[] = []

  function flush() {
    const lookups = pending
    pending = []
    if (lookups.length === 1) {
      runSingle(lookups[0]!)
      return
    }
    for (let start = 0; start < lookups.length; start += maxBatch) runBatch(lookups.slice(start, start + maxBatch))
  }

  function runSingle(lookup: Lookup<Row>) {
    pool.query<Row>({ ...single, values: [lookup.token] }).then(
      (result) => lookup.resolve(result.rows[0]),
      (error) => lookup.reject(error),
    )
  }

  function runBatch(lookups: Lookup<Row>[]) {
    const tokens = [...new Set(lookups.map((lookup) => lookup.token))]
    pool.query<Row>({ ...many, values: [tokens] }).then(
      (result) => {
        // The first row per token, as the single statement's first row (tokens are unique where
        // migrate() ran; the schema Auth.js documents does not enforce it).
        const byToken = new Map<string, Row>()
        for (const row of result.rows) if (!byToken.has(row.sessionToken)) byToken.set(row.sessionToken, row)
        for (const lookup of lookups) lookup.resolve(byToken.get(lookup.token))
      },
      (error) => {
        for (const lookup of lookups) lookup.reject(error)
      },
    )
  }

  return (sessionToken) =>
    new Promise<Row | undefined>((resolve, reject) => {
      const lookup = { token: sessionToken, resolve, reject }
      if (!shareable(sessionToken)) return runSingle(lookup)
      if (pending.push(lookup) === 1) setImmediate(flush)
    })
}

interface Lookup<Row> {
  token: string
  resolve: (row: Row | undefined) => void
  reject: (error: unknown) => void
}

/** At most this many tokens per statement: bounds its parameter and its answer. */
const maxBatch = 100
/** Real session tokens are UUIDs (36 characters); anything far longer is looked up alone. */
const maxShareableLength = 512

function shareable(token: string): boolean {
  return token.length <= maxShareableLength && !token.includes("\u0000")
}

const tokenCondition = `sessions."sessionToken" = $1`

/** The single-token statement with its condition turned into `= ANY($1::text[])`, under its own name. */
function batchedStatement(single: Query): Query {
  if (!single.text.includes(tokenCondition)) throw new Error(`${single.name} has no ${tokenCondition} to batch`)
  return { name: `${single.name}_batch`, text: single.text.replace(tokenCondition, `sessions."sessionToken" = ANY($1::text[])`) }
}
