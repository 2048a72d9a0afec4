import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

export interface ScratchApps {
  /** Writes the files (paths relative to the app) into a new app folder and returns its path. */
  app: (name: string, files: Record<string, string>) => string
  /** Removes every app written. */
  remove: () => void
}

/**
 * Apps for the CLI to run in, written inside the repository (packages/cli/.tmp-<label>-…, ignored by
 * git) so their imports resolve from its node_modules, as in a real app.
 */
export function scratchApps(label: "doctor" | "migrate"): ScratchApps {
  const root = fileURLToPath(new URL(`../../.tmp-${label}-${crypto.randomUUID().slice(0, 8)}/`, import.meta.url))
  return {
    app(name, files) {
      const directory = join(root, name)
      for (const [file, content] of Object.entries(files)) {
        mkdirSync(join(directory, file, ".."), { recursive: true })
        writeFileSync(join(directory, file), content)
      }
      return directory
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  }
}
