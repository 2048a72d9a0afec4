import type { EnvGetter } from "@builder.io/qwik-city/middleware/request-handler"

/** Qwik's getter as the record core reads: `env.AUTH_SECRET` → `env.get("AUTH_SECRET")`. */
export function envRecord(env: EnvGetter): Record<string, string | undefined> {
  return new Proxy({} as Record<string, string | undefined>, {
    get: (_target, key) => (typeof key === "string" ? env.get(key) : undefined),
  })
}
