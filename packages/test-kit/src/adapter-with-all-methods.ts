import type { Adapter } from "../../core/src/adapters.js"
import { databaseSessionMethods, webauthnMethods } from "../../core/src/config/adapter-methods.js"

/** An adapter object with exactly the methods `names`, each answering "nothing found": the shape is what is checked. */
export function adapterWithMethods(names: Iterable<string>): Adapter {
  return Object.fromEntries([...names].map((name) => [name, async () => null])) as Adapter
}

/**
 * An adapter object that has every method a WebAuthn config needs (minus `without`), each
 * answering "nothing found". For config checks and page rendering, which never store anything.
 * No verification-token methods: with them core would keep passkey challenges in the adapter.
 */
export function adapterWithAllMethods(without: string[] = []): Adapter {
  const methods = new Set([...databaseSessionMethods, ...webauthnMethods])
  return adapterWithMethods([...methods].filter((name) => !without.includes(name)))
}
