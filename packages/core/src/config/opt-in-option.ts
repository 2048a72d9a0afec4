import { AuthError } from "../errors.js"

/**
 * An option that brings its own code from its own entry point (`backchannelLogout: BackchannelLogout()`
 * from `@gatehouse/core/backchannel-logout`, …), so that apps without it bundle none of that code.
 */
export interface OptInOption {
  /** The config key: `backchannelLogout`. */
  name: string
  /** The factory that makes its value: `BackchannelLogout`. */
  factory: string
  /** The entry point it comes from, under `@gatehouse/core/`: `backchannel-logout`. */
  entry: string
}

/** How to turn the option on, for every error that asks for it: the import and the setting. */
export function optInAdvice({ name, factory, entry }: OptInOption): string {
  return `import { ${factory} } from "@gatehouse/core/${entry}" and set ${name}: ${factory}() in the config`
}

/**
 * The code an opt-in option's value carries under `key`, checked when the config is read: made by
 * its factory, with each of `members` a function. A value made otherwise (by hand, or by a copy of
 * core that did not carry this code) is refused by name rather than leaving the feature half on.
 */
export function carriedCode<Module extends object>(
  value: unknown,
  key: symbol,
  members: readonly (keyof Module)[],
  option: OptInOption,
): { module?: Module; error?: AuthError } {
  if (value === undefined) return {}
  const module = value !== null && typeof value === "object" ? (value as Record<symbol, Module | undefined>)[key] : undefined
  if (module && members.every((member) => typeof module[member] === "function")) return { module }
  return { error: new AuthError(`${option.name} must be made by ${option.factory}(): ${optInAdvice(option)}`) }
}
