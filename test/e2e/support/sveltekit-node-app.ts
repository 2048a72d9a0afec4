/**
 * The files a SvelteKit app built with Vite and adapter-node needs besides its own source: the
 * clean-room test and the migration rehearsal build the same shell around different auth code.
 */
export const svelteKitNodeAppShell: Record<string, string> = {
  "svelte.config.js": `import adapter from "@sveltejs/adapter-node"

export default { kit: { adapter: adapter() } }
`,
  "vite.config.js": `import { sveltekit } from "@sveltejs/kit/vite"
import { defineConfig } from "vite"

export default defineConfig({ plugins: [sveltekit()] })
`,
  "src/app.html": `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    %sveltekit.head%
  </head>
  <body>
    <div>%sveltekit.body%</div>
  </body>
</html>
`,
}
