import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { parseEnv } from "node:util"

/**
 * The environment as Next.js and Vite give it to an app: the process environment first, then
 * `.env.<mode>.local`, `.env.local`, `.env.<mode>`, `.env` (the first to set a variable wins).
 * Returns the merged environment and the files that were read.
 */
export function loadEnv(directory: string, mode: "development" | "production", processEnv: NodeJS.ProcessEnv) {
  const files = [`.env.${mode}.local`, ".env.local", `.env.${mode}`, ".env"].filter((file) => existsSync(join(directory, file)))
  const env: Record<string, string | undefined> = {}
  for (const file of [...files].reverse()) Object.assign(env, parseEnv(readFileSync(join(directory, file), "utf8")))
  for (const [name, value] of Object.entries(processEnv)) if (value !== undefined) env[name] = value
  return { env, files }
}
