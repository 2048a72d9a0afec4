import type { Adapter } from "../adapters.js"
import { AdapterError } from "../errors.js"
import type { LoggerInstance } from "../types.js"
import { flowMethods, missingAdapterMethods } from "./adapter-methods.js"

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
    const method = (adapter as any)[name] as (...args: unknown[]) => unknown
    wrapped[name] = async (...args: unknown[]) => {
      try {
        logger.debug(`adapter_${name}`, { args })
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
  return wrapped as Required<Adapter>
}

function methodNames(adapter: object): string[] {
  const names = new Set<string>()
  for (let o: object | null = adapter; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const name of Object.getOwnPropertyNames(o)) {
      if (name !== "constructor" && typeof (adapter as any)[name] === "function") names.add(name)
    }
  }
  return [...names]
}
