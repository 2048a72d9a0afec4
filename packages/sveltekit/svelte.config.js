import { vitePreprocess } from "@sveltejs/vite-plugin-svelte"

// svelte-package turns the components' TypeScript into plain JavaScript with this preprocessor.
export default { preprocess: vitePreprocess({ script: true }) }
