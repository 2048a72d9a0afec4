// The load test's scenarios, shared by `npm run load` (60 s each) and the short run in npm test.
import { decode } from "@gatehouse/core/jwt"
import { postgresDatabase, sqliteDatabase } from "./databases.mjs"
import { LoadClient } from "./client.mjs"
import { runLoad, startServer } from "./run-load.mjs"

/**
 * Who each client is. With `shared`, three clients in four have a user of their own and the rest
 * share one, so one person signs in from two browsers at once (and, at the start, signs in for the
 * very first time twice at once); otherwise every client has its own user.
 */
const usernamesFor =
  (clients, shared = false) =>
  (i) =>
    `u${shared ? i % Math.ceil(clients * 0.75) : i}`

/**
 * Credentials sign-in with database sessions under load, on SQLite or PostgreSQL. With `outage`
 * (PostgreSQL only), the database drops every connection and refuses new ones for a while.
 * @param {{ db: string, clients: number, seconds: number, outage?: { at: number, seconds: number }, sharedUsers?: boolean }} options
 */
export async function databaseSessionLoad({ db, clients, seconds, outage, sharedUsers = false }) {
  const database = db === "pg" ? await postgresDatabase() : sqliteDatabase()
  const server = await startServer({ ...database.serverEnv, SESSION: "database" })
  try {
    const faults = outage
      ? [
          {
            name: "PostgreSQL down (connections terminated, new ones refused)",
            at: outage.at,
            async run() {
              const killed = await database.takeDown()
              await new Promise((resolve) => setTimeout(resolve, outage.seconds * 1000))
              await database.bringBack()
              // What the outage itself left behind, before later sign-ins repair anything.
              const { usersWithoutAccount, accountsWithoutUser, sessionsWithoutUser, duplicateEmails } = await database.check([])
              return {
                connectionsKilled: killed,
                downForS: outage.seconds,
                rightAfter: { usersWithoutAccount, accountsWithoutUser, sessionsWithoutUser, duplicateEmails },
              }
            },
          },
        ]
      : []
    const report = await runLoad({
      server,
      clients,
      seconds,
      usernames: usernamesFor(clients, sharedUsers),
      faults,
      sampleEvery: seconds >= 30 ? 5 : 1,
    })
    const rows = await database.check(report.liveTokens)
    return { db, report: strip(report), rows, distinctUsers: new Set(report.clientsRef.map((c) => c.username)).size }
  } finally {
    await server.stop()
    await database.drop()
  }
}

/**
 * JWT sessions under load while the secret is rotated: mid-run the server starts using
 * [new, old]. Tokens minted before must still read; tokens minted after must use the new key.
 * "Minted before" is judged on witnesses: browsers signed in before the load that then sit still.
 * The load's own browsers sign out now and then, and a signed-out session's old cookie is refused
 * (its record is revoked), as it must be, whatever key it was made with.
 */
export async function secretRotationLoad({ clients, seconds, rotateAt, sharedUsers = false }) {
  const oldSecret = "load-test-secret-load-test-secret-000001"
  const newSecret = "load-test-secret-rotated-000002-xxxxxxxx"
  const database = sqliteDatabase()
  const server = await startServer({ ...database.serverEnv, SESSION: "jwt", SECRET: oldSecret })
  const snapshots = []
  const witnesses = Array.from({ length: 8 }, (_, i) => new LoadClient(server.origin, `rotation-witness-${i}`))
  try {
    for (const witness of witnesses) await witness.signIn()
    const faults = [
      {
        name: "secret rotated: [new, old]",
        at: rotateAt,
        async run({ clients: running }) {
          // Each signed-in browser's cookie as it was under the old secret, to replay afterwards.
          for (const client of [...witnesses, ...running]) if (client.signedIn) snapshots.push({ client, jar: new Map(client.jar) })
          await server.rotate(newSecret)
          return { sessionsMintedBefore: snapshots.length }
        },
      },
    ]
    const report = await runLoad({
      server,
      clients,
      seconds,
      usernames: usernamesFor(clients, sharedUsers),
      faults,
      grace: 0,
      sampleEvery: seconds >= 30 ? 5 : 1,
    })
    const salt = "authjs.session-token"
    let oldStillRead = 0
    let oldUnderOldKey = 0
    for (const { client, jar } of snapshots) {
      const token = decodeURIComponent(jar.get(salt))
      if (await decode({ token, secret: oldSecret, salt }).catch(() => null)) oldUnderOldKey++
      if (!witnesses.includes(client)) continue
      const { status, session } = await client.read(jar)
      if (status === 200 && session?.user?.name === client.username) oldStillRead++
    }
    let newKeyOnly = 0
    for (const token of report.liveTokens) {
      const underNew = await decode({ token, secret: newSecret, salt }).catch(() => null)
      const underOld = await decode({ token, secret: oldSecret, salt }).catch(() => null)
      if (underNew && !underOld) newKeyOnly++
    }
    return {
      report: strip(report),
      rotation: {
        sessionsBefore: snapshots.length,
        witnessesBefore: witnesses.filter((witness) => snapshots.some((snapshot) => snapshot.client === witness)).length,
        beforeTokensUnderOldKey: oldUnderOldKey,
        beforeTokensStillRead: oldStillRead,
        liveAtEnd: report.liveTokens.length,
        liveAtEndUnderNewKeyOnly: newKeyOnly,
      },
    }
  } finally {
    await server.stop()
    await database.drop()
  }
}

function strip(report) {
  const { clientsRef, liveTokens, ...rest } = report
  return { ...rest, liveSessions: liveTokens.length }
}
