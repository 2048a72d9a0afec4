import { afterAll, beforeAll } from "vitest"

/**
 * Starts a resource (a server, a database) before the enclosing suite's tests and stops it after them.
 * The returned function gives the started resource: call it inside tests and hooks, not while the suite is collected.
 */
export function useSuiteResource<T>(start: () => Promise<T>, stop: (resource: T) => Promise<void>): () => T {
  let resource: T | undefined
  let started = false
  beforeAll(async () => {
    resource = await start()
    started = true
  })
  afterAll(async () => {
    if (started) await stop(resource as T)
  })
  return () => {
    if (!started) throw new Error("the suite's resource is not started yet: read it inside a test or hook")
    return resource as T
  }
}
