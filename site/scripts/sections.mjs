// The site's sections and the repository document behind each page, in reading order. A document of
// docs/ that is not named here still gets a page: it joins "Guides" (composeSections adds it), so a new
// guide is never missing from the site.
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

const named = [
  {
    title: "Getting started",
    path: "getting-started",
    pages: [
      ["docs/getting-started/nextjs.md", "nextjs", "Next.js"],
      ["docs/getting-started/sveltekit.md", "sveltekit", "SvelteKit"],
      ["docs/getting-started/qwik.md", "qwik", "Qwik City"],
      ["docs/getting-started/node.md", "node", "Node and Web servers"],
    ],
  },
  {
    title: "Guides",
    path: "guides",
    pages: [
      ["docs/sessions.md", "sessions", "Sessions and devices"],
      ["docs/pages.md", "pages", "Built-in pages and languages"],
      ["docs/access-tokens.md", "access-tokens", "Upstream access tokens"],
      ["docs/federated-sign-out.md", "federated-sign-out", "Signing out of the provider"],
      ["docs/passwords.md", "passwords", "Password accounts"],
      ["docs/second-factor.md", "second-factor", "Second factor"],
      ["docs/step-up.md", "step-up", "Step-up (recent sign-in)"],
      ["docs/account.md", "account", "The user's account"],
      ["docs/adapters.md", "adapters", "Adapters and migrations"],
      ["docs/security.md", "security", "Security model"],
      ["docs/reliability.md", "reliability", "Reliability"],
      ["docs/deploy.md", "deploy", "Deploying"],
      ["docs/performance.md", "performance", "Performance"],
    ],
  },
  {
    title: "Integrations and packages",
    path: "packages",
    pages: [
      ["packages/next/README.md", "next", "@gatehouse/next"],
      ["packages/sveltekit/README.md", "sveltekit", "@gatehouse/sveltekit"],
      ["packages/qwik/README.md", "qwik", "@gatehouse/qwik"],
      ["packages/core/README.md", "core", "@gatehouse/core"],
      ["packages/adapter-sqlite/README.md", "adapter-sqlite", "@gatehouse/adapter-sqlite"],
      ["packages/adapter-pg/README.md", "adapter-pg", "@gatehouse/adapter-pg"],
      ["packages/cli/README.md", "cli", "@gatehouse/cli"],
      ["packages/dev-idp/README.md", "dev-idp", "@gatehouse/dev-idp"],
      ["packages/webauthn-browser/README.md", "webauthn-browser", "@gatehouse/webauthn-browser"],
      ["packages/adapter-test/README.md", "adapter-test", "@gatehouse/adapter-test"],
    ],
  },
  {
    title: "Moving to Gatehouse",
    path: "migrate",
    pages: [
      ["docs/migrating-from-authjs.md", "from-authjs", "From Auth.js v5"],
      ["docs/migrating-from-next-auth-v4.md", "from-next-auth-v4", "From next-auth v4"],
      ["docs/differences-from-authjs.md", "differences-from-authjs", "Differences from Auth.js"],
    ],
  },
  {
    title: "Reference",
    path: "reference",
    pages: [
      ["docs/errors.md", "errors", "Errors and warnings"],
      ["docs/design.md", "design", "Design and internals"],
    ],
  },
]

/**
 * The sections with the documents that exist, plus every other docs/*.md as a guide.
 * @param {string} repoRoot
 */
export function composeSections(repoRoot) {
  const exists = (source) => existsSync(join(repoRoot, source))
  const sections = named.map((section) => ({
    ...section,
    pages: section.pages.filter(([source]) => exists(source)).map(([source, slug, title]) => ({ source, slug, title })),
  }))
  const placed = new Set(sections.flatMap((section) => section.pages.map((page) => page.source)))
  const guides = sections.find((section) => section.path === "guides")
  for (const name of readdirSync(join(repoRoot, "docs")).sort()) {
    const source = `docs/${name}`
    if (!name.endsWith(".md") || placed.has(source)) continue
    const heading = /^#\s+(.+)$/m.exec(readFileSync(join(repoRoot, source), "utf8"))?.[1]?.replace(/`/g, "") ?? name
    guides.pages.push({ source, slug: name.replace(/\.md$/, ""), title: heading })
  }
  return sections
}
