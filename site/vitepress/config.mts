// VitePress config of the documentation site. compose.mjs copies this folder into .content/.vitepress
// beside the pages it composed, with navigation.json (the sidebar it derived from the documents).
import { readFileSync } from "node:fs"
import { defineConfig } from "vitepress"

const { sidebar } = JSON.parse(readFileSync(new URL("../navigation.json", import.meta.url), "utf8"))

/** GitHub's heading ids (what the repository's documents link to), so the same anchors work on the site. */
function githubSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, "")
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
    .replace(/\s/g, "-")
}

export default defineConfig({
  title: "Gatehouse",
  description: "Authentication for web apps: sign-in, sessions, passkeys, a second factor and password accounts.",
  lang: "en",
  // Static files in one folder (site/dist), deployable to any static host.
  outDir: "../dist",
  cleanUrls: true,
  lastUpdated: false,
  // Pages link to each other by site path; the repository's other files by their web address.
  // (VitePress checks the internal links at build time; localhost links are the reader's own dev server.)
  ignoreDeadLinks: "localhostLinks",
  markdown: {
    anchor: { slugify: githubSlug },
    // Code blocks say which file they are: keep their language label readable (see theme/custom.css).
    theme: { light: "github-light", dark: "github-dark" },
  },
  themeConfig: {
    nav: [
      { text: "Get started", link: "/getting-started/nextjs" },
      { text: "Guides", link: "/guides/sessions" },
      { text: "Providers", link: "/providers/" },
      { text: "API", link: "/api/" },
      { text: "Errors", link: "/reference/errors" },
    ],
    sidebar,
    search: { provider: "local" },
    outline: { level: [2, 3] },
    footer: { message: "Gatehouse — MIT licensed." },
  },
})
