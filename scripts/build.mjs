// Builds the library packages (not the example apps): core first, since every other package
// compiles against its types, then the rest in parallel-safe sequence.
import { execSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"

const packages = readdirSync("packages")
  .filter((name) => existsSync(`packages/${name}/package.json`))
  .filter((name) => JSON.parse(readFileSync(`packages/${name}/package.json`, "utf8")).scripts?.build)
  .sort((a, b) => (a === "core" ? -1 : b === "core" ? 1 : a.localeCompare(b)))

for (const name of packages) {
  execSync("npm run build --silent", { cwd: `packages/${name}`, stdio: "inherit" })
}
