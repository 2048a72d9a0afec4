/**
 * The schemas Auth.js apps really have, to run the adapter on as users would. Neither Auth.js
 * schema has an authenticators table (@auth/pg-adapter has no passkey support), so each gets the
 * one an app adding passkeys would add beside it: bare next to the bare schema, with a cascading
 * foreign key next to the strict one.
 */
import { migrations } from "../../src/index.js"

/** The passkey table an app adds beside an Auth.js schema; `userReference` is its foreign key, if any. */
function authenticatorsTable(userReference: string): string {
  return `CREATE TABLE authenticators (
    "credentialID" TEXT NOT NULL PRIMARY KEY,
    "userId" INTEGER NOT NULL ${userReference},
    "providerAccountId" TEXT NOT NULL,
    "credentialPublicKey" TEXT NOT NULL,
    counter BIGINT NOT NULL,
    "credentialDeviceType" TEXT NOT NULL,
    "credentialBackedUp" BOOLEAN NOT NULL,
    transports TEXT
  );`
}

/** The DDL printed in @auth/pg-adapter's README and docs page: no foreign keys, no UNIQUE on users.email. */
export const documentedSchema = `
  ${migrations[0]!.sql}
  ${authenticatorsTable("")}
`

/**
 * The schema.sql of the Auth.js repository's pg adapter: the same tables with UNIQUE users.email,
 * UNIQUE (provider, "providerAccountId"), UNIQUE "sessionToken", and accounts and sessions
 * referencing users ON DELETE CASCADE.
 */
export const strictSchema = `
  CREATE TABLE users (
    id SERIAL,
    name VARCHAR(255),
    email VARCHAR(255) UNIQUE,
    "emailVerified" TIMESTAMPTZ,
    image TEXT,
    PRIMARY KEY (id)
  );
  CREATE TABLE accounts (
    id SERIAL,
    "userId" INTEGER NOT NULL REFERENCES users ON DELETE CASCADE,
    type VARCHAR(255) NOT NULL,
    provider VARCHAR(255) NOT NULL,
    "providerAccountId" VARCHAR(255) NOT NULL,
    refresh_token TEXT,
    access_token TEXT,
    expires_at BIGINT,
    id_token TEXT,
    scope TEXT,
    session_state TEXT,
    token_type TEXT,
    PRIMARY KEY (id),
    UNIQUE (provider, "providerAccountId")
  );
  CREATE TABLE sessions (
    id SERIAL,
    "userId" INTEGER NOT NULL REFERENCES users ON DELETE CASCADE,
    expires TIMESTAMPTZ NOT NULL,
    "sessionToken" VARCHAR(255) UNIQUE NOT NULL,
    PRIMARY KEY (id)
  );
  CREATE TABLE verification_token (
    identifier TEXT NOT NULL,
    expires TIMESTAMPTZ NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (identifier, token)
  );
  ${authenticatorsTable("REFERENCES users ON DELETE CASCADE")}
`
