import type { Session } from "@gatehouse/next"
import type { GetServerSideProps } from "next"
import { auth } from "../auth"

// The pages router: auth(context) in getServerSideProps, with the caching header Next's docs suggest
// for server-rendered pages. When the session read renews its cookie, Gatehouse makes the page
// private instead: a shared cache must never hand one visitor's session cookie to the next.
export const getServerSideProps: GetServerSideProps<{ session: Session | null }> = async (context) => {
  const session = await auth(context)
  context.res.setHeader("Cache-Control", "public, s-maxage=10, stale-while-revalidate=59")
  return { props: { session } }
}

export default function LegacyPage({ session }: { session: Session | null }) {
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 720, margin: "2rem auto" }}>
      <h1>Pages router</h1>
      <p data-testid="pages-session">{session?.user ? `${session.user.name} <${session.user.email}>` : "signed out"}</p>
      <a href="/">Back to the App Router pages</a>
    </main>
  )
}
