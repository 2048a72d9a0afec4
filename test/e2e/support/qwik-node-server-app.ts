/**
 * The files a Qwik City app built with Vite and served by the node-server adapter needs besides
 * its routes: the clean-room test and the migration rehearsal build the same shell around
 * different auth code. The server checks form posts against ORIGIN (getOrigin), so it must be
 * started with the browser's origin there.
 */
export const qwikNodeServerAppShell: Record<string, string> = {
  "tsconfig.json": JSON.stringify(
    {
      compilerOptions: {
        target: "ES2022",
        module: "ES2022",
        moduleResolution: "Bundler",
        jsx: "react-jsx",
        jsxImportSource: "@builder.io/qwik",
        skipLibCheck: true,
        noEmit: true,
      },
      include: ["src", "adapters"],
    },
    null,
    2,
  ),
  "vite.config.js": `import { qwikVite } from "@builder.io/qwik/optimizer"
import { qwikCity } from "@builder.io/qwik-city/vite"
import { defineConfig } from "vite"

export default defineConfig(() => ({ plugins: [qwikCity(), qwikVite()] }))
`,
  "adapters/node-server/vite.config.js": `import { nodeServerAdapter } from "@builder.io/qwik-city/adapters/node-server/vite"
import { extendConfig } from "@builder.io/qwik-city/vite"
import baseConfig from "../../vite.config.js"

export default extendConfig(baseConfig, () => ({
  build: { ssr: true, rollupOptions: { input: ["src/entry.node-server.tsx", "@qwik-city-plan"] } },
  plugins: [nodeServerAdapter({ name: "node-server" })],
}))
`,
  "src/root.tsx": `import { component$ } from "@builder.io/qwik"
import { QwikCityProvider, RouterOutlet } from "@builder.io/qwik-city"

export default component$(() => (
  <QwikCityProvider>
    <head>
      <meta charset="utf-8" />
    </head>
    <body>
      <RouterOutlet />
    </body>
  </QwikCityProvider>
))
`,
  "src/entry.ssr.tsx": `import { renderToStream, type RenderToStreamOptions } from "@builder.io/qwik/server"
import Root from "./root"

export default function render(opts: RenderToStreamOptions) {
  return renderToStream(<Root />, opts)
}
`,
  "src/entry.node-server.tsx": `import { createQwikCity } from "@builder.io/qwik-city/middleware/node"
import qwikCityPlan from "@qwik-city-plan"
import { createServer } from "node:http"
import render from "./entry.ssr"

const { router, notFound, staticFile } = createQwikCity({ render, qwikCityPlan, getOrigin: () => process.env.ORIGIN ?? null })

createServer((req, res) => {
  staticFile(req, res, () => router(req, res, () => notFound(req, res, () => {})))
}).listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1")
`,
}
