import { component$, Slot } from "@builder.io/qwik"
import { Link } from "@builder.io/qwik-city"
import { useSession } from "./plugin@auth"

export default component$(() => {
  const session = useSession()
  return (
    <>
      <header>
        <nav>
          <Link href="/">Home</Link> · <Link href="/protected/">Protected</Link> · <Link href="/devices/">Your devices</Link> ·{" "}
          <Link href="/security/" id="security-link">
            Security
          </Link>{" "}
          ·{" "}
          <Link href="/account/" id="account-link">
            Account
          </Link>
        </nav>
        <p id="session-status">
          {session.value?.user ? `Signed in as ${session.value.user.name ?? session.value.user.email}` : "Not signed in"}
        </p>
      </header>
      <main>
        <Slot />
      </main>
    </>
  )
})
