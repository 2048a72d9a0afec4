import type { DataValidator } from "@builder.io/qwik-city"

/**
 * A validator as Qwik's action constructors (`globalActionQrl`, `routeActionQrl`) take it here. Their
 * overloads accept a validator only when it types the action's input (a typed zod validator); ours
 * check the form by hand, and each action states its own types (`as unknown as Action<…>`). Given
 * `undefined` in the browser, where `isServer` drops the validator and zod with it.
 */
// biome-ignore lint/suspicious/noExplicitAny: no overload takes a hand-written validator beside a typed action (see above); the three actions pass theirs through here.
export function untypedValidator(validator: DataValidator | undefined): any {
  return validator
}
