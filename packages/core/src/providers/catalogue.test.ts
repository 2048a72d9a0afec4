/**
 * The whole catalogue, table-driven: for every OAuth/OIDC provider, its config (id, type,
 * endpoints, scope, checks, client authentication) and its profile mapping on a realistic sample
 * of what the provider returns, then the same config put through core's merge and normalisation,
 * then a side-by-side comparison with @auth/core 0.41's provider of the same id.
 */
import { readdirSync } from "node:fs"
import { dirname } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { mergeProvider } from "../config/parse-providers.js"
import { assertOAuthEndpoints, normalizeOAuthProvider } from "../oauth/normalize-provider.js"
import { defaultProfile } from "../oauth/provider-defaults.js"
import type { TokenSet, User } from "../types.js"
import type { OAuthCheck, OAuthConfig } from "./types.js"

import Apple from "./apple.js"
import Atlassian from "./atlassian.js"
import Auth0 from "./auth0.js"
import Authentik from "./authentik.js"
import AzureAD from "./azure-ad.js"
import BattleNet from "./battlenet.js"
import Bitbucket from "./bitbucket.js"
import Box from "./box.js"
import Cognito from "./cognito.js"
import Discord from "./discord.js"
import Dropbox from "./dropbox.js"
import Facebook from "./facebook.js"
import Figma from "./figma.js"
import FusionAuth from "./fusionauth.js"
import GitHub from "./github.js"
import GitLab from "./gitlab.js"
import Google from "./google.js"
import Huggingface from "./huggingface.js"
import Kakao from "./kakao.js"
import Keycloak from "./keycloak.js"
import Line from "./line.js"
import LinkedIn from "./linkedin.js"
import Mastodon from "./mastodon.js"
import MicrosoftEntraID from "./microsoft-entra-id.js"
import Naver from "./naver.js"
import Notion from "./notion.js"
import Okta from "./okta.js"
import Osu from "./osu.js"
import Patreon from "./patreon.js"
import Reddit from "./reddit.js"
import Slack from "./slack.js"
import Spotify from "./spotify.js"
import Strava from "./strava.js"
import Twitch from "./twitch.js"
import Twitter from "./twitter.js"
import VK from "./vk.js"
import Wikimedia from "./wikimedia.js"
import WorkOS from "./workos.js"
import Yandex from "./yandex.js"
import Zitadel from "./zitadel.js"
import Zoom from "./zoom.js"

interface Entry {
  factory: (options?: any) => OAuthConfig<any>
  /** Options the provider cannot do without (an issuer for per-tenant providers). */
  options?: Record<string, unknown>
  id: string
  name: string
  type: "oauth" | "oidc"
  issuer?: string
  /** The authorization URL the provider configures itself; absent when discovered from the issuer. */
  authorization?: string
  token?: string
  userinfo?: string
  /** The scope the provider asks for; `null` when it leaves it to core's default. */
  scope: string | null
  checks?: OAuthCheck[]
  tokenAuthMethod?: string
  /** What the provider's API (or ID token) returns for a user. */
  sample: Record<string, unknown>
  tokens?: TokenSet
  user: User
}

const googleClaims = {
  iss: "https://accounts.google.com",
  azp: "1234987819200.apps.googleusercontent.com",
  aud: "1234987819200.apps.googleusercontent.com",
  sub: "10769150350006150715113082367",
  email: "jsmith@example.com",
  email_verified: true,
  name: "Jane Smith",
  given_name: "Jane",
  family_name: "Smith",
  picture: "https://lh3.googleusercontent.com/a/ACg8ocJ0x=s96-c",
  hd: "example.com",
  iat: 1353601026,
  exp: 1353604926,
}

const catalogue: Entry[] = [
  {
    factory: Apple,
    id: "apple",
    name: "Apple",
    type: "oidc",
    issuer: "https://appleid.apple.com",
    scope: "name email",
    checks: ["nonce", "state"],
    tokenAuthMethod: "client_secret_post",
    sample: {
      iss: "https://appleid.apple.com",
      aud: "com.example.web",
      sub: "001234.5b8b4a0c1e2d4f6a8b9c0d1e2f3a4b5c.1234",
      email: "x7qkz2m9@privaterelay.appleid.com",
      email_verified: "true",
      user: { name: { firstName: "Tim", lastName: "Apple" }, email: "x7qkz2m9@privaterelay.appleid.com" },
    },
    user: {
      id: "001234.5b8b4a0c1e2d4f6a8b9c0d1e2f3a4b5c.1234",
      name: "Tim Apple",
      email: "x7qkz2m9@privaterelay.appleid.com",
      image: null,
    },
  },
  {
    factory: Atlassian,
    id: "atlassian",
    name: "Atlassian",
    type: "oauth",
    authorization: "https://auth.atlassian.com/authorize?audience=api.atlassian.com&scope=read%3Ame",
    token: "https://auth.atlassian.com/oauth/token",
    userinfo: "https://api.atlassian.com/me",
    scope: "read:me",
    checks: ["state"],
    sample: {
      account_type: "atlassian",
      account_id: "5b10ac8d82e05b22cc7d4ef5",
      email: "mia@example.com",
      name: "Mia Krystof",
      picture: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/5b10ac8d82e05b22cc7d4ef5/128",
      nickname: "mkrystof",
    },
    user: {
      id: "5b10ac8d82e05b22cc7d4ef5",
      name: "Mia Krystof",
      email: "mia@example.com",
      image: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/5b10ac8d82e05b22cc7d4ef5/128",
    },
  },
  {
    factory: Auth0,
    options: { issuer: "https://dev-abc123.eu.auth0.com" },
    id: "auth0",
    name: "Auth0",
    type: "oidc",
    issuer: "https://dev-abc123.eu.auth0.com",
    scope: null,
    sample: {
      iss: "https://dev-abc123.eu.auth0.com/",
      sub: "auth0|6523a1b2c3d4e5f6a7b8c9d0",
      name: "jane@example.com",
      nickname: "jane",
      picture: "https://s.gravatar.com/avatar/9f2c.png",
      email: "jane@example.com",
      email_verified: true,
    },
    user: {
      id: "auth0|6523a1b2c3d4e5f6a7b8c9d0",
      name: "jane@example.com",
      email: "jane@example.com",
      image: "https://s.gravatar.com/avatar/9f2c.png",
    },
  },
  {
    factory: Authentik,
    options: { issuer: "https://authentik.example.com/application/o/gatehouse/" },
    id: "authentik",
    name: "Authentik",
    type: "oidc",
    issuer: "https://authentik.example.com/application/o/gatehouse/",
    scope: null,
    sample: {
      iss: "https://authentik.example.com/application/o/gatehouse/",
      sub: "a5f1e0c7d2b34f7e9a1c6b8d0e2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f",
      email: "akadmin@example.com",
      email_verified: true,
      name: "authentik Default Admin",
      given_name: "authentik Default Admin",
      preferred_username: "akadmin",
      nickname: "akadmin",
      groups: ["authentik Admins"],
    },
    user: {
      id: "a5f1e0c7d2b34f7e9a1c6b8d0e2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f",
      name: "authentik Default Admin",
      email: "akadmin@example.com",
    },
  },
  {
    factory: AzureAD,
    options: { issuer: "https://login.microsoftonline.com/contoso/v2.0" },
    id: "azure-ad",
    name: "Azure Active Directory",
    type: "oidc",
    issuer: "https://login.microsoftonline.com/contoso/v2.0",
    scope: "openid profile email User.Read",
    sample: {
      sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
      oid: "00000000-0000-0000-66f3-3332eca7ea81",
      tid: "9188040d-6c67-4c5b-b112-36a304b66dad",
      name: "Abe Lincoln",
      preferred_username: "AbeLi@microsoft.com",
      email: "AbeLi@microsoft.com",
    },
    // Graph has no photo for this user in the stand-in (see beforeAll), so no image.
    user: { id: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ", name: "Abe Lincoln", email: "AbeLi@microsoft.com", image: null },
  },
  {
    factory: BattleNet,
    options: { issuer: "https://oauth.battle.net" },
    id: "battlenet",
    name: "Battle.net",
    type: "oidc",
    issuer: "https://oauth.battle.net",
    scope: null,
    sample: { iss: "https://oauth.battle.net", sub: "100012345", battle_tag: "Jaina#1234" },
    user: { id: "100012345", name: "Jaina#1234", email: null, image: null },
  },
  {
    factory: Bitbucket,
    id: "bitbucket",
    name: "Bitbucket",
    type: "oauth",
    authorization: "https://bitbucket.org/site/oauth2/authorize?scope=account",
    token: "https://bitbucket.org/site/oauth2/access_token",
    userinfo: "https://api.bitbucket.org/2.0/user",
    scope: "account",
    sample: {
      display_name: "Erik van Zijst",
      links: {
        self: { href: "https://api.bitbucket.org/2.0/users/%7Bd301aafa-d676-4ee0-88be-962be7417567%7D" },
        avatar: { href: "https://secure.gravatar.com/avatar/9c2b.png?d=retro" },
      },
      created_on: "2010-07-06T22:35:09.104374+00:00",
      type: "user",
      uuid: "{d301aafa-d676-4ee0-88be-962be7417567}",
      has_2fa_enabled: null,
      username: "evzijst",
      is_staff: false,
      account_id: "557058:9d4c3a7e-1234-4c1b-9e2d-0a1b2c3d4e5f",
      nickname: "evzijst",
      account_status: "active",
      location: null,
    },
    user: {
      id: "557058:9d4c3a7e-1234-4c1b-9e2d-0a1b2c3d4e5f",
      name: "Erik van Zijst",
      image: "https://secure.gravatar.com/avatar/9c2b.png?d=retro",
    },
  },
  {
    factory: Box,
    id: "box",
    name: "Box",
    type: "oauth",
    authorization: "https://account.box.com/api/oauth2/authorize",
    token: "https://api.box.com/oauth2/token",
    userinfo: "https://api.box.com/2.0/users/me",
    scope: null,
    sample: {
      type: "user",
      id: "11446498",
      name: "Aaron Levie",
      login: "ceo@example.com",
      avatar_url: "https://www.box.com/api/avatar/large/181216415",
      status: "active",
    },
    user: { id: "11446498", name: "Aaron Levie", email: "ceo@example.com", image: "https://www.box.com/api/avatar/large/181216415" },
  },
  {
    factory: Cognito,
    options: { issuer: "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEfGhI" },
    id: "cognito",
    name: "Cognito",
    type: "oidc",
    issuer: "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEfGhI",
    scope: null,
    sample: {
      sub: "8f9e6c2a-1b3d-4e5f-a6b7-c8d9e0f1a2b3",
      email: "pat@example.com",
      email_verified: true,
      "cognito:username": "pat",
      name: "Pat Doe",
    },
    user: { id: "8f9e6c2a-1b3d-4e5f-a6b7-c8d9e0f1a2b3", name: "Pat Doe", email: "pat@example.com" },
  },
  {
    factory: Discord,
    id: "discord",
    name: "Discord",
    type: "oauth",
    authorization: "https://discord.com/api/oauth2/authorize?scope=identify+email",
    token: "https://discord.com/api/oauth2/token",
    userinfo: "https://discord.com/api/users/@me",
    scope: "identify email",
    sample: {
      id: "80351110224678912",
      username: "nelly",
      discriminator: "0",
      global_name: "Nelly",
      avatar: "8342729096ea3675442027381ff50dfe",
      verified: true,
      email: "nelly@discord.com",
      flags: 64,
      banner: null,
      accent_color: 16711680,
      premium_type: 1,
      public_flags: 64,
      mfa_enabled: false,
      locale: "en-US",
    },
    user: {
      id: "80351110224678912",
      name: "Nelly",
      email: "nelly@discord.com",
      image: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
    },
  },
  {
    factory: Dropbox,
    id: "dropbox",
    name: "Dropbox",
    type: "oauth",
    authorization: "https://www.dropbox.com/oauth2/authorize?token_access_type=offline&scope=account_info.read",
    token: "https://api.dropboxapi.com/oauth2/token",
    userinfo: "https://api.dropboxapi.com/2/users/get_current_account",
    scope: "account_info.read",
    sample: {
      account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
      name: { given_name: "Franz", surname: "Ferdinand", familiar_name: "Franz", display_name: "Franz Ferdinand", abbreviated_name: "FF" },
      email: "franz@dropbox.com",
      email_verified: true,
      profile_photo_url: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHW?size=128x128",
    },
    user: {
      id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
      name: "Franz Ferdinand",
      email: "franz@dropbox.com",
      image: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHW?size=128x128",
    },
  },
  {
    factory: Facebook,
    id: "facebook",
    name: "Facebook",
    type: "oauth",
    authorization: "https://www.facebook.com/v19.0/dialog/oauth?scope=email",
    token: "https://graph.facebook.com/oauth/access_token",
    userinfo: "https://graph.facebook.com/me?fields=id,name,email,picture",
    scope: "email",
    sample: {
      id: "10224312345678901",
      name: "Mark Example",
      email: "mark@example.com",
      picture: { data: { height: 50, width: 50, is_silhouette: false, url: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=1" } },
    },
    user: {
      id: "10224312345678901",
      name: "Mark Example",
      email: "mark@example.com",
      image: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=1",
    },
  },
  {
    factory: Figma,
    id: "figma",
    name: "Figma",
    type: "oauth",
    authorization: "https://www.figma.com/oauth?scope=files%3Aread",
    token: "https://api.figma.com/v1/oauth/token",
    userinfo: "https://api.figma.com/v1/me",
    scope: "files:read",
    checks: ["state"],
    sample: {
      id: "1180279127395791211",
      email: "dylan@figma.com",
      handle: "Dylan Field",
      img_url: "https://s3-alpha.figma.com/profile/9b5ad3a1-3f53-4c8b-a8c3-0f2d7a0f5c1e",
    },
    user: {
      id: "1180279127395791211",
      name: "Dylan Field",
      email: "dylan@figma.com",
      image: "https://s3-alpha.figma.com/profile/9b5ad3a1-3f53-4c8b-a8c3-0f2d7a0f5c1e",
    },
  },
  {
    factory: FusionAuth,
    options: { issuer: "https://auth.example.com" },
    id: "fusionauth",
    name: "FusionAuth",
    type: "oidc",
    issuer: "https://auth.example.com",
    token: "https://auth.example.com/oauth2/token",
    userinfo: "https://auth.example.com/oauth2/userinfo",
    scope: "openid offline_access email profile",
    checks: ["pkce", "state"],
    sample: {
      iss: "https://auth.example.com",
      sub: "2ffb79e2-6a2c-4e48-a1e0-4b1e3e5ba9c1",
      email: "richard@example.com",
      email_verified: true,
      preferred_username: "richard",
      picture: "https://auth.example.com/avatars/richard.png",
    },
    user: {
      id: "2ffb79e2-6a2c-4e48-a1e0-4b1e3e5ba9c1",
      name: "richard",
      email: "richard@example.com",
      image: "https://auth.example.com/avatars/richard.png",
    },
  },
  {
    factory: GitHub,
    id: "github",
    name: "GitHub",
    type: "oauth",
    issuer: "https://github.com/login/oauth",
    authorization: "https://github.com/login/oauth/authorize?scope=read%3Auser+user%3Aemail",
    token: "https://github.com/login/oauth/access_token",
    userinfo: "https://api.github.com/user",
    scope: "read:user user:email",
    sample: {
      login: "octocat",
      id: 583231,
      avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
      name: "The Octocat",
      email: "octocat@github.com",
      type: "User",
    },
    user: {
      id: "583231",
      name: "The Octocat",
      email: "octocat@github.com",
      image: "https://avatars.githubusercontent.com/u/583231?v=4",
    },
  },
  {
    factory: GitLab,
    id: "gitlab",
    name: "GitLab",
    type: "oauth",
    authorization: "https://gitlab.com/oauth/authorize?scope=read_user",
    token: "https://gitlab.com/oauth/token",
    userinfo: "https://gitlab.com/api/v4/user",
    scope: "read_user",
    sample: {
      id: 1,
      username: "john_smith",
      email: "john@example.com",
      name: "John Smith",
      state: "active",
      avatar_url: "https://gitlab.com/uploads/-/system/user/avatar/1/avatar.png",
      web_url: "https://gitlab.com/john_smith",
    },
    user: {
      id: "1",
      name: "John Smith",
      email: "john@example.com",
      image: "https://gitlab.com/uploads/-/system/user/avatar/1/avatar.png",
    },
  },
  {
    factory: Google,
    id: "google",
    name: "Google",
    type: "oidc",
    issuer: "https://accounts.google.com",
    scope: null,
    sample: googleClaims,
    user: { id: googleClaims.sub, name: "Jane Smith", email: "jsmith@example.com", image: googleClaims.picture },
  },
  {
    factory: Huggingface,
    id: "huggingface",
    name: "Hugging Face",
    type: "oidc",
    issuer: "https://huggingface.co",
    scope: null,
    checks: ["state", "pkce"],
    sample: {
      sub: "6388b5d1c3e4f5a6b7c8d9e0",
      name: "Clem Delangue",
      preferred_username: "clem",
      profile: "https://huggingface.co/clem",
      picture: "https://cdn-avatars.huggingface.co/v1/production/uploads/clem.png",
      email: "clem@huggingface.co",
      email_verified: true,
      isPro: true,
      orgs: [],
    },
    user: {
      id: "6388b5d1c3e4f5a6b7c8d9e0",
      name: "Clem Delangue",
      email: "clem@huggingface.co",
      image: "https://cdn-avatars.huggingface.co/v1/production/uploads/clem.png",
    },
  },
  {
    factory: Kakao,
    id: "kakao",
    name: "Kakao",
    type: "oauth",
    authorization: "https://kauth.kakao.com/oauth/authorize?scope",
    token: "https://kauth.kakao.com/oauth/token",
    userinfo: "https://kapi.kakao.com/v2/user/me",
    scope: "",
    tokenAuthMethod: "client_secret_post",
    sample: {
      id: 123456789,
      connected_at: "2022-04-11T01:45:28Z",
      kakao_account: {
        profile_nickname_needs_agreement: false,
        profile: {
          nickname: "홍길동",
          thumbnail_image_url: "http://yyy.kakao.com/.../img_110x110.jpg",
          profile_image_url: "http://yyy.kakao.com/dn/.../img_640x640.jpg",
          is_default_image: false,
        },
        email_needs_agreement: false,
        is_email_valid: true,
        is_email_verified: true,
        email: "sample@sample.com",
      },
    },
    user: { id: "123456789", name: "홍길동", email: "sample@sample.com", image: "http://yyy.kakao.com/dn/.../img_640x640.jpg" },
  },
  {
    factory: Keycloak,
    options: { issuer: "https://sso.example.com/realms/acme" },
    id: "keycloak",
    name: "Keycloak",
    type: "oidc",
    issuer: "https://sso.example.com/realms/acme",
    scope: null,
    sample: {
      iss: "https://sso.example.com/realms/acme",
      sub: "f:3a7b9c1d-2e4f-4a6b-8c0d-1e2f3a4b5c6d:alice",
      azp: "gatehouse",
      email_verified: true,
      name: "Alice Liddell",
      preferred_username: "alice",
      given_name: "Alice",
      family_name: "Liddell",
      email: "alice@example.com",
    },
    user: { id: "f:3a7b9c1d-2e4f-4a6b-8c0d-1e2f3a4b5c6d:alice", name: "Alice Liddell", email: "alice@example.com" },
  },
  {
    factory: Line,
    id: "line",
    name: "LINE",
    type: "oidc",
    issuer: "https://access.line.me",
    scope: null,
    checks: ["state"],
    sample: {
      iss: "https://access.line.me",
      sub: "U1234567890abcdef1234567890abcdef",
      aud: "1234567890",
      amr: ["pwd"],
      name: "Taro Line",
      picture: "https://profile.line-scdn.net/0h8bVh",
      email: "taro.line@example.com",
    },
    user: {
      id: "U1234567890abcdef1234567890abcdef",
      name: "Taro Line",
      email: "taro.line@example.com",
      image: "https://profile.line-scdn.net/0h8bVh",
    },
  },
  {
    factory: LinkedIn,
    id: "linkedin",
    name: "LinkedIn",
    type: "oidc",
    issuer: "https://www.linkedin.com/oauth",
    scope: null,
    checks: ["state"],
    tokenAuthMethod: "client_secret_post",
    sample: {
      sub: "782bbtaQ",
      name: "John Doe",
      given_name: "John",
      family_name: "Doe",
      picture: "https://media.licdn-ei.com/dms/image/C5F03AQHqK8v1fGbx_g/profile-displayphoto-shrink_100_100/0/",
      locale: "en-US",
      email: "doe@email.com",
      email_verified: true,
    },
    user: {
      id: "782bbtaQ",
      name: "John Doe",
      email: "doe@email.com",
      image: "https://media.licdn-ei.com/dms/image/C5F03AQHqK8v1fGbx_g/profile-displayphoto-shrink_100_100/0/",
    },
  },
  {
    factory: Mastodon,
    options: { issuer: "https://mastodon.social" },
    id: "mastodon",
    name: "Mastodon",
    type: "oauth",
    issuer: "https://mastodon.social",
    authorization: "https://mastodon.social/oauth/authorize?scope=read",
    token: "https://mastodon.social/oauth/token",
    userinfo: "https://mastodon.social/api/v1/accounts/verify_credentials",
    scope: "read",
    sample: {
      id: "14715",
      username: "trwnh",
      acct: "trwnh",
      display_name: "infinite love ⴳ",
      avatar: "https://files.mastodon.social/accounts/avatars/000/014/715/original/34aa222f4ae2e0a9.png",
      avatar_static: "https://files.mastodon.social/accounts/avatars/000/014/715/original/static.png",
    },
    user: {
      id: "14715",
      name: "trwnh",
      email: null,
      image: "https://files.mastodon.social/accounts/avatars/000/014/715/original/static.png",
    },
  },
  {
    factory: MicrosoftEntraID,
    options: { issuer: "https://login.microsoftonline.com/contoso/v2.0" },
    id: "microsoft-entra-id",
    name: "Microsoft Entra ID",
    type: "oidc",
    issuer: "https://login.microsoftonline.com/contoso/v2.0",
    scope: "openid profile email User.Read",
    sample: {
      sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
      oid: "00000000-0000-0000-66f3-3332eca7ea81",
      tid: "9188040d-6c67-4c5b-b112-36a304b66dad",
      name: "Abe Lincoln",
      preferred_username: "AbeLi@microsoft.com",
      email: "AbeLi@microsoft.com",
    },
    user: { id: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ", name: "Abe Lincoln", email: "AbeLi@microsoft.com", image: null },
  },
  {
    factory: Naver,
    id: "naver",
    name: "Naver",
    type: "oauth",
    authorization: "https://nid.naver.com/oauth2.0/authorize",
    token: "https://nid.naver.com/oauth2.0/token",
    userinfo: "https://openapi.naver.com/v1/nid/me",
    scope: null,
    sample: {
      resultcode: "00",
      message: "success",
      response: {
        id: "32742776",
        nickname: "OpenAPI",
        email: "openapi@naver.com",
        profile_image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif",
        name: "오픈 API",
      },
    },
    user: {
      id: "32742776",
      name: "OpenAPI",
      email: "openapi@naver.com",
      image: "https://ssl.pstatic.net/static/pwe/address/nodata_33x33.gif",
    },
  },
  {
    factory: Notion,
    id: "notion",
    name: "Notion",
    type: "oauth",
    authorization: "https://api.notion.com/v1/oauth/authorize?response_type=code&owner=user",
    token: "https://api.notion.com/v1/oauth/token",
    userinfo: "https://api.notion.com/v1/users",
    scope: null,
    sample: {
      object: "user",
      id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6",
      type: "person",
      name: "Avocado Lovelace",
      avatar_url: "https://secure.notion-static.com/e6a352a8.jpg",
      person: { email: "avo@example.org" },
    },
    user: {
      id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6",
      name: "Avocado Lovelace",
      email: "avo@example.org",
      image: "https://secure.notion-static.com/e6a352a8.jpg",
    },
  },
  {
    factory: Okta,
    options: { issuer: "https://dev-123456.okta.com/oauth2/default" },
    id: "okta",
    name: "Okta",
    type: "oidc",
    issuer: "https://dev-123456.okta.com/oauth2/default",
    scope: null,
    checks: ["pkce", "state"],
    sample: {
      iss: "https://dev-123456.okta.com/oauth2/default",
      sub: "00uid4BxXw6I6TV4m0g3",
      name: "John Doe",
      preferred_username: "john.doe@example.com",
      email: "john.doe@example.com",
      email_verified: true,
    },
    user: { id: "00uid4BxXw6I6TV4m0g3", name: "John Doe", email: "john.doe@example.com" },
  },
  {
    factory: Osu,
    id: "osu",
    name: "osu!",
    type: "oauth",
    authorization: "https://osu.ppy.sh/oauth/authorize?scope=identify",
    token: "https://osu.ppy.sh/oauth/token",
    userinfo: "https://osu.ppy.sh/api/v2/me",
    scope: "identify",
    sample: {
      avatar_url: "https://a.ppy.sh/2?1519081077.png",
      country_code: "AU",
      default_group: "default",
      id: 2,
      is_active: true,
      is_bot: false,
      is_deleted: false,
      is_online: false,
      is_supporter: true,
      last_visit: null,
      pm_friends_only: false,
      profile_colour: "#3366FF",
      username: "peppy",
    },
    user: { id: "2", name: "peppy", email: null, image: "https://a.ppy.sh/2?1519081077.png" },
  },
  {
    factory: Patreon,
    id: "patreon",
    name: "Patreon",
    type: "oauth",
    authorization: "https://www.patreon.com/oauth2/authorize?scope=identity+identity%5Bemail%5D",
    token: "https://www.patreon.com/api/oauth2/token",
    userinfo: "https://www.patreon.com/api/oauth2/api/current_user",
    scope: "identity identity[email]",
    sample: {
      data: {
        id: "12345689",
        type: "user",
        attributes: {
          full_name: "Platform Team",
          email: "platform@patreon.com",
          image_url: "https://c8.patreon.com/2/200/12345689",
          is_email_verified: true,
        },
      },
    },
    user: { id: "12345689", name: "Platform Team", email: "platform@patreon.com", image: "https://c8.patreon.com/2/200/12345689" },
  },
  {
    factory: Reddit,
    id: "reddit",
    name: "Reddit",
    type: "oauth",
    authorization: "https://www.reddit.com/api/v1/authorize?scope=identity",
    token: "https://www.reddit.com/api/v1/access_token",
    userinfo: "https://oauth.reddit.com/api/v1/me",
    scope: "identity",
    checks: ["state"],
    sample: {
      id: "1w72",
      name: "spez",
      icon_img: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon_snoo.png",
      verified: true,
      has_verified_email: true,
    },
    user: { id: "1w72", name: "spez" },
  },
  {
    factory: Slack,
    id: "slack",
    name: "Slack",
    type: "oidc",
    issuer: "https://slack.com",
    scope: null,
    checks: ["nonce"],
    sample: {
      iss: "https://slack.com",
      sub: "U0R7JM",
      "https://slack.com/user_id": "U0R7JM",
      "https://slack.com/team_id": "T0R7GR",
      email: "krane@slack-corp.com",
      email_verified: true,
      name: "krane",
      picture: "https://secure.gravatar.com/avatar/bc.png",
      given_name: "Bront",
      family_name: "Labradoodle",
      locale: "en-US",
    },
    user: { id: "U0R7JM", name: "krane", email: "krane@slack-corp.com", image: "https://secure.gravatar.com/avatar/bc.png" },
  },
  {
    factory: Spotify,
    id: "spotify",
    name: "Spotify",
    type: "oauth",
    authorization: "https://accounts.spotify.com/authorize?scope=user-read-email",
    token: "https://accounts.spotify.com/api/token",
    userinfo: "https://api.spotify.com/v1/me",
    scope: "user-read-email",
    sample: {
      id: "wizzler",
      display_name: "JM Wizzler",
      email: "email@example.com",
      images: [{ url: "https://i.scdn.co/image/ab6775700000ee85", height: 300, width: 300 }],
      country: "SE",
    },
    user: { id: "wizzler", name: "JM Wizzler", email: "email@example.com", image: "https://i.scdn.co/image/ab6775700000ee85" },
  },
  {
    factory: Strava,
    id: "strava",
    name: "Strava",
    type: "oauth",
    authorization: "https://www.strava.com/api/v3/oauth/authorize?scope=read&approval_prompt=auto&response_type=code",
    token: "https://www.strava.com/api/v3/oauth/token",
    userinfo: "https://www.strava.com/api/v3/athlete",
    scope: "read",
    tokenAuthMethod: "client_secret_post",
    sample: {
      id: 134815,
      username: "marianne_t",
      firstname: "Marianne",
      lastname: "Teutenberg",
      city: "San Francisco",
      profile: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/134815/large.jpg",
    },
    user: {
      id: "134815",
      name: "Marianne Teutenberg",
      email: null,
      image: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/134815/large.jpg",
    },
  },
  {
    factory: Twitch,
    id: "twitch",
    name: "Twitch",
    type: "oidc",
    issuer: "https://id.twitch.tv/oauth2",
    scope: "openid user:read:email",
    tokenAuthMethod: "client_secret_post",
    sample: {
      iss: "https://id.twitch.tv/oauth2",
      sub: "713936733",
      aud: "hof5gwx0su6owfnys0nyan9c87zr6t",
      preferred_username: "glowillig",
      email: "glowillig@example.com",
      picture: "https://static-cdn.jtvnw.net/user-default-pictures-uv/13e5fa74-profile_image-300x300.png",
    },
    user: {
      id: "713936733",
      name: "glowillig",
      email: "glowillig@example.com",
      image: "https://static-cdn.jtvnw.net/user-default-pictures-uv/13e5fa74-profile_image-300x300.png",
    },
  },
  {
    factory: Twitter,
    id: "twitter",
    name: "Twitter",
    type: "oauth",
    authorization: "https://x.com/i/oauth2/authorize?scope=users.read%20tweet.read%20offline.access",
    token: "https://api.x.com/2/oauth2/token",
    userinfo: "https://api.x.com/2/users/me?user.fields=profile_image_url",
    scope: "users.read tweet.read offline.access",
    checks: ["pkce", "state"],
    sample: {
      data: {
        id: "2244994945",
        name: "X Dev",
        username: "XDevelopers",
        profile_image_url: "https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg",
      },
    },
    user: {
      id: "2244994945",
      name: "X Dev",
      email: null,
      image: "https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg",
    },
  },
  {
    factory: VK,
    id: "vk",
    name: "VK",
    type: "oauth",
    authorization: "https://oauth.vk.com/authorize?scope=email&v=5.131",
    token: "https://oauth.vk.com/access_token?v=5.131",
    userinfo: "https://api.vk.com/method/users.get?fields=photo_100&v=5.131",
    scope: "email",
    tokenAuthMethod: "client_secret_post",
    sample: {
      id: 210700286,
      first_name: "Lindsey",
      last_name: "Stirling",
      photo_100: "https://sun1-90.userapi.com/s/v1/ig2/abc.jpg?size=100x100",
      email: "lindsey@example.com",
    },
    user: {
      id: "210700286",
      name: "Lindsey Stirling",
      email: "lindsey@example.com",
      image: "https://sun1-90.userapi.com/s/v1/ig2/abc.jpg?size=100x100",
    },
  },
  {
    factory: Wikimedia,
    id: "wikimedia",
    name: "Wikimedia",
    type: "oauth",
    authorization: "https://meta.wikimedia.org/w/rest.php/oauth2/authorize?scope=",
    token: "https://meta.wikimedia.org/w/rest.php/oauth2/access_token",
    userinfo: "https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile",
    scope: "",
    sample: {
      sub: "51797389",
      username: "Example editor",
      editcount: 1204,
      confirmed_email: true,
      blocked: false,
      registered: "20170215193003",
      groups: ["*", "user", "autoconfirmed"],
      rights: ["read", "edit"],
      grants: ["basic"],
      realname: "",
      email: "editor@example.org",
    },
    user: { id: "51797389", name: "Example editor", email: "editor@example.org", image: null },
  },
  {
    factory: WorkOS,
    id: "workos",
    name: "WorkOS",
    type: "oauth",
    authorization: "https://api.workos.com/sso/authorize?connection=",
    token: "https://api.workos.com/sso/token",
    userinfo: "https://api.workos.com/sso/profile",
    scope: null,
    tokenAuthMethod: "client_secret_post",
    sample: {
      object: "profile",
      id: "prof_01DMC79VCBZ0NY2099737PSVF1",
      organization_id: "org_01EHQMYV6MBK39QC5PZXHY59C3",
      connection_id: "conn_01E4ZCR3C56J083X43JQXF3JK5",
      connection_type: "OktaSAML",
      idp_id: "00u1a0ufowBJlzPlk357",
      email: "todd@example.com",
      first_name: "Todd",
      last_name: "Rundgren",
      raw_attributes: { picture: "https://example.com/todd.png" },
    },
    user: {
      id: "prof_01DMC79VCBZ0NY2099737PSVF1",
      name: "Todd Rundgren",
      email: "todd@example.com",
      image: "https://example.com/todd.png",
    },
  },
  {
    factory: Yandex,
    id: "yandex",
    name: "Yandex",
    type: "oauth",
    authorization: "https://oauth.yandex.ru/authorize?scope=login:info+login:email+login:avatar",
    token: "https://oauth.yandex.ru/token",
    userinfo: "https://login.yandex.ru/info?format=json",
    scope: "login:info login:email login:avatar",
    sample: {
      id: "1000034426",
      login: "ivan",
      client_id: "4760187d81bc4b7799476b42b5103713",
      display_name: "Ivan",
      real_name: "Ivan Ivanov",
      first_name: "Ivan",
      last_name: "Ivanov",
      default_email: "test@yandex.ru",
      emails: ["test@yandex.ru", "other-test@yandex.ru"],
      is_avatar_empty: false,
      default_avatar_id: "131652443",
      psuid: "1.AAceCw.tbHgw5DtJ9_zeqPrk-Ba2w.qPWSRC5v2t2IaksPJgnge",
    },
    user: {
      id: "1000034426",
      name: "Ivan",
      email: "test@yandex.ru",
      image: "https://avatars.yandex.net/get-yapic/131652443/islands-200",
    },
  },
  {
    factory: Zitadel,
    options: { issuer: "https://acme-abc123.zitadel.cloud" },
    id: "zitadel",
    name: "ZITADEL",
    type: "oidc",
    issuer: "https://acme-abc123.zitadel.cloud",
    scope: null,
    sample: {
      iss: "https://acme-abc123.zitadel.cloud",
      sub: "176395718413664389",
      email: "road.runner@acme.ch",
      email_verified: true,
      name: "Road Runner",
      given_name: "Road",
      family_name: "Runner",
      preferred_username: "road.runner@acme.zitadel.cloud",
      locale: "en",
    },
    user: { id: "176395718413664389", name: "Road Runner", email: "road.runner@acme.ch" },
  },
  {
    factory: Zoom,
    id: "zoom",
    name: "Zoom",
    type: "oauth",
    authorization: "https://zoom.us/oauth/authorize?scope",
    token: "https://zoom.us/oauth/token",
    userinfo: "https://api.zoom.us/v2/users/me",
    scope: "",
    sample: {
      id: "KDcuGIm1QgePTO8WbOqwIQ",
      first_name: "Jill",
      last_name: "Chill",
      email: "jchill@example.com",
      type: 2,
      pic_url: "https://example.com/photo.jpg",
      account_id: "q6gBJVO5TzexKYTb_I2rpg",
    },
    user: { id: "KDcuGIm1QgePTO8WbOqwIQ", name: "Jill Chill", email: "jchill@example.com", image: "https://example.com/photo.jpg" },
  },
]

type Endpoint = OAuthConfig<any>["authorization"]

/** The endpoint's URL with its params applied to the query, as core builds it. */
function endpointUrl(endpoint: Endpoint): string | undefined {
  if (endpoint === undefined) return undefined
  if (typeof endpoint === "string") return new URL(endpoint).href
  if (endpoint.url === undefined) return undefined
  const url = new URL(endpoint.url)
  for (const [key, value] of Object.entries(endpoint.params ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value))
  }
  return url.href
}

/** The scope the provider itself asks for, in its params or in its authorization URL. */
function ownScope(endpoint: Endpoint): string | null {
  if (endpoint === undefined) return null
  if (typeof endpoint !== "string" && endpoint.params && "scope" in endpoint.params) return String(endpoint.params.scope)
  const url = typeof endpoint === "string" ? endpoint : endpoint.url
  return url === undefined ? null : new URL(url).searchParams.get("scope")
}

function tokenAuthMethod(config: OAuthConfig<any>) {
  return config.client?.token_endpoint_auth_method
}

async function mapUser(config: OAuthConfig<any>, sample: Record<string, unknown>, tokens: TokenSet = {}) {
  const profile = config.profile ?? defaultProfile
  return profile(structuredClone(sample) as any, { access_token: "sample-access-token", ...tokens })
}

// Entra's profile() asks Microsoft Graph for a photo: Graph is not reachable from here, so any
// request leaving the process is answered 404 by a stand-in (and counted, to fail loudly on leaks).
const networkCalls: string[] = []
beforeAll(() => {
  vi.stubGlobal("fetch", async (input: string | URL | Request) => {
    networkCalls.push(String(input instanceof Request ? input.url : input))
    return new Response(null, { status: 404 })
  })
})
afterAll(() => {
  vi.unstubAllGlobals()
})

describe.each(catalogue.map((entry) => [entry.id, entry] as const))("%s", (_id, entry) => {
  const build = () => entry.factory(structuredClone(entry.options ?? {}))

  it("has Auth.js's id, name, type, issuer and endpoints", () => {
    const config = build()
    expect(config.id).toBe(entry.id)
    expect(config.name).toBe(entry.name)
    expect(config.type).toBe(entry.type)
    // Per-tenant providers take their issuer from the options; core merges it in.
    expect(config.issuer ?? config.options?.issuer).toBe(entry.issuer)
    expect(endpointUrl(config.authorization)).toBe(entry.authorization)
    expect(endpointUrl(config.token)).toBe(entry.token)
    expect(endpointUrl(config.userinfo)).toBe(entry.userinfo)
  })

  it("asks for Auth.js's scope, checks and client authentication", () => {
    const config = build()
    expect(ownScope(config.authorization)).toBe(entry.scope)
    expect(config.checks).toEqual(entry.checks)
    expect(tokenAuthMethod(config)).toBe(entry.tokenAuthMethod)
  })

  it("maps a sample profile to { id, name, email, image } as Auth.js does", async () => {
    expect(await mapUser(build(), entry.sample, entry.tokens)).toEqual(entry.user)
  })

  it("passes core's endpoint check and normalises with the expected scope and checks", () => {
    const merged = mergeProvider(build()) as OAuthConfig<any>
    expect(() => assertOAuthEndpoints(merged)).not.toThrow()
    const internal = normalizeOAuthProvider(
      { ...merged, signinUrl: `https://app.example/auth/signin/${entry.id}`, callbackUrl: `https://app.example/auth/callback/${entry.id}` },
      undefined,
    ) as any
    expect(internal.checks).toEqual(entry.checks ?? ["pkce"])
    if (entry.authorization) {
      const scope = internal.authorization.url.searchParams.get("scope")
      // Core adds `openid profile email` only where the provider asks for no scope at all.
      expect(scope).toBe(entry.scope ?? "openid profile email")
    } else {
      // Discovered from the issuer: only the params travel with the (placeholder) URL.
      expect(internal.issuer).toBe(entry.issuer)
    }
  })

  it("keeps the user's options for core to merge, and the user's options win", () => {
    const options = { ...structuredClone(entry.options ?? {}), clientId: "app-client", clientSecret: "app-secret", checks: ["state"] }
    const config = entry.factory(options)
    expect(config.options).toMatchObject(options)
    const merged = mergeProvider(config) as OAuthConfig<any>
    expect(merged.clientId).toBe("app-client")
    expect(merged.clientSecret).toBe("app-secret")
    expect(merged.checks).toEqual(["state"])
    expect(merged.id).toBe(entry.id)
  })
})

describe("catalogue coverage", () => {
  it("has one table entry for each OAuth/OIDC provider module in this folder", async () => {
    const files = readdirSync(dirname(fileURLToPath(import.meta.url))).filter(
      (file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.endsWith(".d.ts") && file !== "types.ts",
    )
    const oauthIds: string[] = []
    for (const file of files) {
      const factory: unknown = (await import(`./${file.replace(/\.ts$/, ".js")}`)).default
      if (typeof factory !== "function") continue
      let config: { id?: string; type?: string }
      try {
        config = (factory as (options: object) => typeof config)({ issuer: "https://issuer.example" })
      } catch {
        continue // not a provider factory that takes options (email providers need a server, etc.)
      }
      if (config?.type === "oauth" || config?.type === "oidc") oauthIds.push(config.id!)
    }
    expect(oauthIds.sort()).toEqual(catalogue.map((entry) => entry.id).sort())
    expect(oauthIds.length).toBeGreaterThanOrEqual(40)
  })

  it("made no request past the Graph stand-in but Entra's photo lookups", () => {
    expect(networkCalls.every((url) => url.startsWith("https://graph.microsoft.com/v1.0/me/photos/"))).toBe(true)
  })
})

describe("provider-specific mapping rules", () => {
  it("discord: default avatars by user id on new usernames, by discriminator on legacy ones, gif for animated", async () => {
    const base = { id: "80351110224678912", username: "nelly", global_name: null, email: null }
    expect((await mapUser(Discord(), { ...base, discriminator: "0", avatar: null })).image).toBe(
      `https://cdn.discordapp.com/embed/avatars/${Number((80351110224678912n >> 22n) % 6n)}.png`,
    )
    expect((await mapUser(Discord(), { ...base, discriminator: "1337", avatar: null })).image).toBe(
      "https://cdn.discordapp.com/embed/avatars/2.png",
    )
    expect((await mapUser(Discord(), { ...base, discriminator: "0", avatar: "a_1269e74af4df7417b13759eae50c83dc" })).image).toBe(
      "https://cdn.discordapp.com/avatars/80351110224678912/a_1269e74af4df7417b13759eae50c83dc.gif",
    )
    expect((await mapUser(Discord(), { ...base, discriminator: "0", avatar: null })).name).toBe("nelly")
  })

  it("discord: the computed image URL is also left on the profile for callbacks", async () => {
    const profile: Record<string, unknown> = { id: "1", username: "u", discriminator: "0", global_name: null, avatar: "abc", email: null }
    await Discord().profile!(profile as any, {})
    expect(profile.image_url).toBe("https://cdn.discordapp.com/avatars/1/abc.png")
  })

  it("gitlab: a self-managed instance, also under a path, and OIDC-style sub", async () => {
    const config = GitLab({ baseUrl: "https://code.example.com/gitlab" })
    expect(config.authorization).toBe("https://code.example.com/gitlab/oauth/authorize?scope=read_user")
    expect(config.token).toBe("https://code.example.com/gitlab/oauth/token")
    expect(config.userinfo).toBe("https://code.example.com/gitlab/api/v4/user")
    expect(GitLab({ baseUrl: "https://gitlab.example.com" }).userinfo).toBe("https://gitlab.example.com/api/v4/user")
    expect((await mapUser(GitLab(), { sub: 42, id: 1, username: "jo", name: null })).id).toBe("42")
    expect((await mapUser(GitLab(), { id: 7, username: "jo", name: null })).name).toBe("jo")
  })

  it("workos: connection and API base from the options", () => {
    const config = WorkOS({ connection: "conn_123", issuer: "https://sso.example.com" })
    expect(config.authorization).toBe("https://sso.example.com/sso/authorize?connection=conn_123")
    expect(config.token).toBe("https://sso.example.com/sso/token")
    expect(config.userinfo).toBe("https://sso.example.com/sso/profile")
  })

  it("workos: no picture in the raw attributes means no image", async () => {
    const user = await mapUser(WorkOS(), { id: "prof_1", first_name: "A", last_name: "B", email: "a@b.c", raw_attributes: {} })
    expect(user.image).toBeNull()
  })

  it("yandex: no avatar URL for an empty avatar, and the first email when there is no default", async () => {
    const user = await mapUser(Yandex(), {
      id: "1",
      login: "ivan",
      real_name: "Ivan Ivanov",
      emails: ["first@yandex.ru"],
      is_avatar_empty: true,
      default_avatar_id: "131652443",
    })
    expect(user).toEqual({ id: "1", name: "Ivan Ivanov", email: "first@yandex.ru", image: null })
  })

  it("bitbucket: username when there is no display name, and never an email", async () => {
    const user = await mapUser(Bitbucket(), { account_id: "1", display_name: null, username: "evzijst", links: {} })
    expect(user).toEqual({ id: "1", name: "evzijst", image: undefined })
  })

  it("mastodon: every endpoint on the configured instance", () => {
    const config = Mastodon({ issuer: "https://fosstodon.org" })
    expect([config.authorization, config.token, config.userinfo]).toEqual([
      "https://fosstodon.org/oauth/authorize?scope=read",
      "https://fosstodon.org/oauth/token",
      "https://fosstodon.org/api/v1/accounts/verify_credentials",
    ])
  })
})

/** The comparable parts of a provider config: functions reduced to their presence. */
function shapeOf(config: any) {
  const endpoint = (e: any) =>
    e === undefined ? undefined : typeof e === "string" ? { url: e } : { url: e.url, params: e.params, request: typeof e.request, conform: typeof e.conform }
  const symbolNames = Object.getOwnPropertySymbols(config).map((symbol) => symbol.description)
  return JSON.parse(
    JSON.stringify({
      id: config.id,
      name: config.name,
      type: config.type,
      issuer: config.issuer,
      wellKnown: config.wellKnown,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      checks: config.checks,
      client: config.client,
      style: config.style,
      authorization: endpoint(config.authorization),
      token: endpoint(config.token),
      userinfo: endpoint(config.userinfo),
      profile: typeof config.profile,
      hasCustomFetch: symbolNames.includes("custom-fetch"),
      options: config.options,
    }),
  )
}

describe("side by side with @auth/core 0.41", () => {
  it.each(catalogue.map((entry) => [entry.id, entry] as const))("%s has the same config and maps the sample the same", async (id, entry) => {
    const upstream = (await import(`@auth/core/providers/${id}`)).default
    const ours = entry.factory(structuredClone(entry.options ?? {}))
    const theirs = upstream(structuredClone(entry.options ?? {}))
    expect(shapeOf(ours)).toEqual(shapeOf(theirs))

    const ourUser = await mapUser(ours, entry.sample, entry.tokens)
    const theirUser = await mapUser(theirs, entry.sample, entry.tokens)
    // Strava and VK ids are numbers upstream; Gatehouse stores every account id as a string.
    expect(ourUser).toEqual({ ...theirUser, ...(theirUser.id !== undefined ? { id: String(theirUser.id) } : {}) })
  })
})
