import type { OwnedSession } from "../../adapters.js"
import type { SessionStore } from "../../types.js"
import { withSessionRecords } from "../../session-records/index.js"
import { markedProcessLocal } from "../../session-records/session-records-module.js"

/**
 * Sessions recorded in this process only: for tests and for an app that runs as one process. A
 * revocation here is not seen by another instance: several instances need `redisSessionStore`.
 * Expired records are dropped when their owner's sessions are listed or revoked.
 */
export function memorySessionStore(): SessionStore {
  // Carries the session-records code (session-records/session-records-module.ts): configuring a store is what turns records on.
  return withSessionRecords(markedProcessLocal(processLocalStore()))
}

function processLocalStore(): SessionStore {
  const records = new Map<string, OwnedSession>()
  const live = (record: OwnedSession | undefined) => (record && record.expires.getTime() > Date.now() ? record : undefined)
  const ofOwner = (ownerKey: string) => [...records.values()].filter((record) => record.ownerKey === ownerKey)
  return {
    createOwnedSession(session) {
      records.set(session.id, { ...session })
    },
    listOwnedSessions(ownerKey) {
      for (const record of ofOwner(ownerKey)) if (!live(record)) records.delete(record.id)
      return ofOwner(ownerKey).map((record) => ({ ...record }))
    },
    touchOwnedSession(id, { expires, lastSeenAt }) {
      const record = live(records.get(id))
      if (record) Object.assign(record, { expires, lastSeenAt })
    },
    revokeOwnedSession(id) {
      return records.delete(id)
    },
    revokeOwnedSessions(ownerKey, { except } = {}) {
      let count = 0
      for (const record of ofOwner(ownerKey)) {
        if (record.id === except) continue
        records.delete(record.id)
        count++
      }
      return count
    },
    ownerOfOwnedSession(id) {
      return live(records.get(id))?.ownerKey ?? null
    },
  }
}
