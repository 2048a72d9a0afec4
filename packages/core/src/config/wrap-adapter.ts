import type { Adapter } from "../adapters.js"
import { AdapterError } from "../errors.js"
import type { LoggerInstance } from "../types.js"
import { flowMethods, missingAdapterMethods } from "./adapter-methods.js"
import { redactedValue } from "./redact-secrets.js"

/**
 * The adapter with every method (own or inherited from a class) wrapped: debug-logged, and a
 * throw becomes an AdapterError carrying the cause, so callers handle one error type. A method a
 * flow calls but the adapter lacks (the config check only asks for what Auth.js asks for) throws
 * MissingAdapterMethods naming it, failing that flow alone with a clear error.
 */
export function wrapAdapter(adapter: Adapter | undefined, logger: LoggerInstance): Required<Adapter> | undefined {
  if (!adapter) return undefined
  const wrapped: Record<string, unknown> = {}
  for (const name of methodNames(adapter)) {
    const method = (adapter as Record<string, unknown>)[name] as (...args: unknown[]) => unknown
    wrapped[name] = async (...args: unknown[]) => {
      try {
        logger.debug(`adapter_${name}`, { args: withSecretArgumentsRedacted(name, args) })
        return await method.apply(adapter, args)
      } catch (error) {
        const e = new AdapterError(error as Error)
        throw e
      }
    }
  }
  for (const name of flowMethods) {
    if (name in wrapped) continue
    wrapped[name] = async () => {
      throw missingAdapterMethods(adapter, [name])
    }
  }
  originals.set(wrapped, adapter)
  return wrapped as Required<Adapter>
}

const originals = new WeakMap<object, Adapter>()

/**
 * The app's adapter behind a wrapped one (itself for any other object): what per-adapter state
 * is kept by, since an app that builds its config per request wraps its one adapter anew each time.
 */
export function originalAdapter(adapter: object): object {
  return originals.get(adapter) ?? adapter
}

/**
 * Arguments that are secrets by position, not by a field name the logger could recognise
 * (redact-secrets.ts): the session token of a database session (or a JWT session's id), and the
 * refresh token a compare-and-swap expects, and a password hash being stored.
 */
const secretArguments: Record<string, number> = { getSessionAndUser: 0, deleteSession: 0, updateAccountTokens: 1, setPasswordHash: 1 }

function withSecretArgumentsRedacted(method: string, args: unknown[]): unknown[] {
  const position = secretArguments[method]
  if (position === undefined || position >= args.length) return args
  return args.map((arg, index) => (index === position ? redactedValue(arg) : arg))
}

function methodNames(adapter: object): string[] {
  const names = new Set<string>()
  for (let o: object | null = adapter; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const name of Object.getOwnPropertyNames(o)) {
      if (name !== "constructor" && typeof (adapter as Record<string, unknown>)[name] === "function") names.add(name)
    }
  }
  return [...names]
}
