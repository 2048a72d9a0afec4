import type { GetStaticProps } from "next"

// A page the same for everyone, regenerated at most once a minute (ISR) and served from Next's cache
// with a shared-cache header. The proxy still runs in front of it and may renew the session cookie;
// Gatehouse then makes that one answer private.
export const getStaticProps: GetStaticProps<{ builtAt: string }> = async () => ({
  props: { builtAt: new Date().toISOString() },
  revalidate: 60,
})

export default function About({ builtAt }: { builtAt: string }) {
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 720, margin: "2rem auto" }}>
      <h1>About</h1>
      <p>This page is the same for everyone; this copy was rendered at {builtAt}.</p>
      <a href="/">Back to the App Router pages</a>
    </main>
  )
}
