import type { Session } from "@gatehouse/next"
import type { GetServerSideProps } from "next"
import { auth } from "../auth"

// The pages router: auth(context) in getServerSideProps.
export const getServerSideProps: GetServerSideProps<{ session: Session | null }> = async (context) => ({
  props: { session: await auth(context) },
})

export default function LegacyPage({ session }: { session: Session | null }) {
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 720, margin: "2rem auto" }}>
      <h1>Pages router</h1>
      <p data-testid="pages-session">{session?.user ? `${session.user.name} <${session.user.email}>` : "signed out"}</p>
      <a href="/">Back to the App Router pages</a>
    </main>
  )
}
