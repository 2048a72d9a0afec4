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
  head: [["link", { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }]],
  // Static files in one folder (site/dist), deployable to any static host.
  outDir: "../dist",
  cleanUrls: true,
  lastUpdated: false,
  // Pages link to each other by site path; the repository's other files by their web address.
  // (VitePress checks the internal links at build time; localhost links are the reader's own dev server.)
  ignoreDeadLinks: "localhostLinks",
  markdown: {
    anchor: { slugify: githubSlug },
    // The high-contrast GitHub themes: the stock ones' comment and punctuation colours miss 4.5:1 on the code background.
    theme: { light: "github-light-high-contrast", dark: "github-dark-high-contrast" },
  },
  themeConfig: {
    logo: "/favicon.svg",
    nav: [
      { text: "Get started", link: "/getting-started/nextjs" },
      { text: "Guides", link: "/guides/sessions" },
      { text: "Providers", link: "/providers/" },
      { text: "API", link: "/api/" },
      { text: "Errors", link: "/reference/errors" },
    ],
    sidebar,
    // Results show the matching text, not only the heading it is under.
    search: { provider: "local", options: { detailedView: true } },
    outline: { level: [2, 3] },
    footer: { message: "Gatehouse — MIT licensed." },
  },
})
