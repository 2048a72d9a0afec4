/** @type {import("next").NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // The example is also the subject of the end-to-end tests: keep each build's output separate when asked to.
  distDir: process.env.NEXT_DIST_DIR || ".next",
}

export default nextConfig
