import { EventError } from "../errors.js"
import type { InternalOptions } from "../providers/types.js"
import type { EventCallbacks } from "../types.js"

/** Runs an event handler; a throwing handler is logged as EventError and never breaks the flow. */
export async function emitEvent<K extends keyof EventCallbacks>(
  options: Pick<InternalOptions, "events" | "logger">,
  name: K,
  message: Parameters<NonNullable<EventCallbacks[K]>>[0],
): Promise<void> {
  const handler = options.events[name] as ((message: unknown) => unknown) | undefined
  if (!handler) return
  try {
    await handler(message)
  } catch (error) {
    options.logger.error(new EventError(error as Error))
  }
}
