// A page per provider of the catalogue, read from its built module (packages/core/dist/providers/<id>.js)
// and its type declarations: what it is, its id, the environment variables core reads for it, the callback
// URL to register, its endpoints and scopes, and the fields of the profile it receives.
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import ts from "typescript"

/** Modules of dist/providers that are not providers. */
const notProviders = new Set(["index", "types"])

/** AUTH_<ID> as core's env inference spells it (config/env-provider-prefix.ts). */
const envPrefix = (id) => `AUTH_${String(id).toUpperCase().replace(/-/g, "_")}`

/** The first paragraph of the default export's doc comment, and the `…Profile` interfaces' fields. */
function readDeclarations(file) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true)
  let summary = ""
  const profiles = []
  const docOf = (node) =>
    ts
      .getJSDocCommentsAndTags(node)
      .filter(ts.isJSDoc)
      .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? "")
      .join("\n")
      .trim()
  for (const statement of source.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : []
    const isDefault = modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)
    if (isDefault && ts.isFunctionDeclaration(statement)) summary = docOf(statement)
    if (ts.isInterfaceDeclaration(statement) && /Profile$/.test(statement.name.text)) {
      const fields = statement.members
        .filter((member) => ts.isPropertySignature(member) && member.name && !ts.isComputedPropertyName(member.name))
        .map((member) => ({
          name: member.name.getText(source),
          type: member.type?.getText(source).replace(/\s+/g, " ") ?? "unknown",
          optional: Boolean(member.questionToken),
          doc: docOf(member),
        }))
      profiles.push({ name: statement.name.text, fields })
    }
  }
  return { summary, profiles }
}

const escapeCell = (text) => String(text).replace(/\|/g, "\\|").replace(/\n+/g, " ")
const urlOf = (endpoint) => (typeof endpoint === "string" ? endpoint : endpoint?.url)

/** @param {string} repoRoot */
export async function providerPages(repoRoot) {
  const dir = join(repoRoot, "packages", "core", "dist", "providers")
  const pages = []
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith(".js")) continue
    const moduleName = name.slice(0, -3)
    if (notProviders.has(moduleName)) continue
    const factory = (await import(pathToFileURL(join(dir, name)).href)).default
    if (typeof factory !== "function") continue
    let provider
    try {
      provider = factory({
        clientId: "client-id",
        clientSecret: "client-secret",
        issuer: "https://issuer.example",
        apiKey: "key",
        server: "smtp://localhost",
      })
    } catch {
      continue
    }
    const { summary, profiles } = readDeclarations(join(dir, `${moduleName}.d.ts`))
    const id = provider.id ?? moduleName
    const title = provider.name ?? moduleName
    const prefix = envPrefix(id)
    const lines = [`---`, `title: ${JSON.stringify(`${title} provider`)}`, `---`, ``, `# ${title}`, ``]
    if (summary) lines.push(summary, ``)
    lines.push(`| | |`, `|---|---|`)
    lines.push(
      `| Import | \`@gatehouse/core/providers/${moduleName}\` (also \`@gatehouse/next/providers/${moduleName}\`, \`@gatehouse/sveltekit/…\`, \`@gatehouse/qwik/…\`) |`,
    )
    lines.push(`| Id | \`${id}\` |`, `| Type | ${provider.type} |`)
    if (provider.type === "oauth" || provider.type === "oidc") {
      lines.push(
        `| Environment | \`${prefix}_ID\`, \`${prefix}_SECRET\`${provider.type === "oidc" ? `, \`${prefix}_ISSUER\` when the issuer is yours` : ""} |`,
      )
      lines.push(
        `| Callback URL to register | \`https://<your site>/api/auth/callback/${id}\` (Next.js), \`…/auth/callback/${id}\` (SvelteKit, Qwik, core's default) |`,
      )
      if (provider.issuer && provider.issuer !== "https://issuer.example") lines.push(`| Issuer | \`${provider.issuer}\` |`)
      if (provider.wellKnown) lines.push(`| Discovery | \`${provider.wellKnown}\` |`)
      const authorization = urlOf(provider.authorization)
      if (authorization) lines.push(`| Authorization endpoint | \`${authorization}\` |`)
      const scope = provider.authorization?.params?.scope
      if (scope) lines.push(`| Scopes asked | \`${scope}\` |`)
      if (urlOf(provider.token)) lines.push(`| Token endpoint | \`${urlOf(provider.token)}\` |`)
      if (urlOf(provider.userinfo)) lines.push(`| Userinfo endpoint | \`${urlOf(provider.userinfo)}\` |`)
      if (provider.checks) lines.push(`| Checks | ${provider.checks.map((check) => `\`${check}\``).join(", ")} |`)
    } else if (provider.type === "email") {
      lines.push(`| Environment | \`${prefix}_KEY\` (API key), \`EMAIL_FROM\` or \`from\` |`)
    }
    lines.push(``, `## Usage`, ``, "```ts", `import ${identifier(title)} from "@gatehouse/core/providers/${moduleName}"`, ``)
    lines.push(
      provider.type === "oauth" || provider.type === "oidc"
        ? `const providers = [${identifier(title)}] // ${prefix}_ID and ${prefix}_SECRET from the environment`
        : `const providers = [${identifier(title)}]`,
      "```",
      ``,
    )
    for (const profile of profiles) {
      if (!profile.fields.length) continue
      lines.push(`## \`${profile.name}\``, ``, `| Field | Type | |`, `|---|---|---|`)
      for (const field of profile.fields) {
        lines.push(`| \`${field.name}\`${field.optional ? "?" : ""} | \`${escapeCell(field.type)}\` | ${escapeCell(field.doc)} |`)
      }
      lines.push(``)
    }
    pages.push({ slug: moduleName, title, type: provider.type, id, markdown: `${lines.join("\n")}\n` })
  }
  const index = [
    `---`,
    `title: "Providers"`,
    `---`,
    ``,
    `# Providers`,
    ``,
    `${pages.length} ready-made providers. Each is its own module, default-exporting a factory: \`import GitHub from "@gatehouse/core/providers/github"\` (or through your framework's package). OAuth and OpenID providers read \`AUTH_<ID>_ID\` and \`AUTH_<ID>_SECRET\` from the environment.`,
    ``,
    `| Provider | Id | Type |`,
    `|---|---|---|`,
    ...pages.map((page) => `| [${page.title}](./${page.slug}) | \`${page.id}\` | ${page.type} |`),
    ``,
  ].join("\n")
  return { pages, index }
}

/** A JavaScript name for the import in the usage example ("Microsoft Entra ID" → MicrosoftEntraID). */
function identifier(title) {
  const name = title.replace(/[^A-Za-z0-9]+(.)?/g, (_all, next) => (next ? next.toUpperCase() : "")).replace(/^[^A-Za-z_]+/, "")
  return name || "Provider"
}
