/**
 * Lays `override` over `base`: plain objects merge key by key, everything else (arrays,
 * functions, class instances) is replaced, and `undefined` never overwrites a value.
 */
export function merge<T>(base: T, override: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(override)) return (override === undefined ? base : override) as T
  const result: Record<string, unknown> = { ...base }
  for (const key of Object.keys(override)) {
    const value = override[key]
    if (value === undefined) continue
    result[key] = isPlainObject(result[key]) && isPlainObject(value) ? merge(result[key], value) : value
  }
  return result as T
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}
