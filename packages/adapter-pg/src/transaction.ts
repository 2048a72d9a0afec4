import type { Pool, PoolClient } from "pg"

/**
 * Runs `work` in one transaction on one connection: committed when it returns, rolled back when
 * it throws (so a refused write leaves no row). A connection lost meanwhile (the server restarted)
 * is reported on the checked-out client, where an unheard "error" event would end the process;
 * it is heard here, and the broken connection is destroyed rather than returned to the pool.
 */
export async function inTransaction<Result>(pool: Pool, work: (client: PoolClient) => Promise<Result>): Promise<Result> {
  const client = await pool.connect()
  let lost: Error | undefined
  const onError = (error: Error) => {
    lost = error
  }
  client.on("error", onError)
  const release = (error?: Error) => {
    client.removeListener("error", onError)
    client.release(error ?? lost)
  }
  try {
    await client.query("BEGIN")
    const result = await work(client)
    await client.query("COMMIT")
    release()
    return result
  } catch (error) {
    try {
      await client.query("ROLLBACK")
      release()
    } catch (rollbackError) {
      release(rollbackError as Error)
    }
    throw error
  }
}

/** Namespaces of the transaction-scoped advisory locks the adapter takes (first half of the key). */
export const lockSpace = {
  /** One user per e-mail address, on schemas without UNIQUE (users.email). */
  email: 0x6768_0001,
  /** One owner per provider account, on schemas without UNIQUE (provider, "providerAccountId"). */
  providerAccount: 0x6768_0002,
} as const

/**
 * Waits for the lock on `key` in `space` until the transaction ends. Every instance of the app
 * writing the same key queues here, so a check-then-insert under it is as good as a constraint.
 */
export async function lockKey(client: PoolClient, space: number, key: string): Promise<void> {
  await client.query({ name: "gatehouse_advisory_lock", text: "SELECT pg_advisory_xact_lock($1::int, hashtext($2))", values: [space, key] })
}

/** The e-mail address as the lock knows it: every spelling of one address takes the same lock. */
export function emailLockKey(email: string): string {
  return email.trim().toLowerCase()
}
