/**
 * Steps of the session read that are synchronous in the common case (a cached cookie, a known
 * revocation answer, a synchronous callback) and asynchronous otherwise: awaiting only what came
 * back as a promise keeps a cached read free of promises it does not need.
 */
export type MaybePromise<T> = T | Promise<T>

/**
 * A callback's answer as it is, or as a promise when it is thenable (a foreign thenable becomes a
 * Promise, so `await` treats it exactly as awaiting the answer itself would).
 */
export function settled<T>(value: T | PromiseLike<T>): MaybePromise<T> {
  if (value instanceof Promise) return value
  if (
    value !== null &&
    (typeof value === "object" || typeof value === "function") &&
    typeof (value as PromiseLike<T>).then === "function"
  ) {
    return Promise.resolve(value)
  }
  return value as T
}

/** `next(value)` now when `value` is known, or once it resolves. */
export function andThen<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value)
}
