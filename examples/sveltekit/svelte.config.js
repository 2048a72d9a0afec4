import adapter from "@sveltejs/adapter-node"
import { vitePreprocess } from "@sveltejs/vite-plugin-svelte"

// The end-to-end tests build into their own directories (EXAMPLE_OUT_DIR), so test runs that
// overlap never overwrite each other's build.
const outDir = process.env.EXAMPLE_OUT_DIR

/** @type {import('@sveltejs/kit').Config} */
export default {
  preprocess: vitePreprocess(),
  kit: {
    adapter: adapter({ out: outDir ? `${outDir}/build` : "build" }),
    outDir: outDir ? `${outDir}/.svelte-kit` : ".svelte-kit",
  },
}
