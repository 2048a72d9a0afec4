import type { Pool } from "pg"

/**
 * node-postgres emits "error" on the pool when an idle connection dies (the server restarted,
 * a network blip). With no listener, Node turns that event into an uncaught exception and the
 * whole app exits. The pool already discards the dead connection and opens a new one on the
 * next query, so logging is all that is needed, and the app recovers on its own once the
 * database is back. An application that listens itself keeps full control.
 */
export function keepPoolAlive(pool: Pool): void {
  if (pool.listenerCount("error") > 0) return
  pool.on("error", (error: Error & { code?: string }) => {
    console.error(`[gatehouse][adapter-pg] idle database connection lost (${error.code ?? error.message}); the pool will reconnect`)
  })
}
