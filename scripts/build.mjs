// Builds the library packages (not the example apps) in dependency order: a package compiles
// against the built types of the @gatehouse packages it uses (core, webauthn-browser…), so those
// are built first.
import { execSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"

const manifests = new Map(
  readdirSync("packages")
    .filter((name) => existsSync(`packages/${name}/package.json`))
    .map((name) => [name, JSON.parse(readFileSync(`packages/${name}/package.json`, "utf8"))]),
)
const folderOf = new Map([...manifests].map(([folder, manifest]) => [manifest.name, folder]))

const ordered = []
function visit(folder, path = []) {
  if (ordered.includes(folder)) return
  if (path.includes(folder)) throw new Error(`dependency cycle: ${[...path, folder].join(" → ")}`)
  const { dependencies, devDependencies, peerDependencies } = manifests.get(folder)
  for (const name of Object.keys({ ...dependencies, ...devDependencies, ...peerDependencies }).sort()) {
    if (folderOf.has(name)) visit(folderOf.get(name), [...path, folder])
  }
  ordered.push(folder)
}
for (const folder of [...manifests.keys()].sort()) visit(folder)

for (const name of ordered.filter((folder) => manifests.get(folder).scripts?.build)) {
  execSync("npm run build --silent", { cwd: `packages/${name}`, stdio: "inherit" })
}

// A bundler resolves every import it sees: fail here, not in the build of an app without passkeys.
execSync("node scripts/optional-packages.mjs", { stdio: "inherit" })
