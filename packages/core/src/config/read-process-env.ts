/** The process environment where the runtime has one (Node, Bun, Deno's compat), else nothing. */
export function readProcessEnv(): Record<string, string | undefined> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
}
