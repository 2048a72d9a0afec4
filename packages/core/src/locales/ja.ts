/**
 * `@gatehouse/core/locales/ja` — the built-in pages and sign-in mail in Japanese, for `pages.locales`:
 * `pages: { locales: [ja] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { Messages } from "../pages/locales/en.js"
import type { PageLocale } from "../pages/page-locale.js"

const messages: Messages = {
  "signin.title": "サインイン",
  "signin.heading": "サインイン",
  "signin.withProvider": "{provider} でサインイン",
  "signin.email": "メールアドレス",
  "signin.error.default": "サインインできませんでした。",
  "signin.error.differentAccount": "別のアカウントでサインインしてください。",
  "signin.error.notLinked": "本人確認のため、最初に使用したアカウントでサインインしてください。",
  "signin.error.emailSignin": "メールを送信できませんでした。",
  "signin.error.credentials": "サインインに失敗しました。入力内容が正しいか確認してください。",
  "signin.error.sessionRequired": "このページを表示するにはサインインしてください。",
  "signin.error.missingCsrf": "サインインフォームの有効期限が切れました。もう一度お試しください。",
  "passkey.failed": "パスキーでのサインインが完了しませんでした。もう一度お試しください。",
  "signout.title": "サインアウト",
  "signout.heading": "サインアウト",
  "signout.question": "サインアウトしてもよろしいですか？",
  "signout.button": "サインアウト",
  "error.title": "エラー",
  "error.signIn": "サインイン",
  "error.default.heading": "エラー",
  "error.default.text": "サインイン中に問題が発生しました。",
  "error.default.back": "{host} に戻る",
  "error.Configuration.heading": "サーバーエラー",
  "error.Configuration.text": "サーバーの設定に問題があります。",
  "error.Configuration.hint": "詳しくはサーバーのログを確認してください。",
  "error.AccessDenied.heading": "アクセスが拒否されました",
  "error.AccessDenied.text": "サインインする権限がありません。",
  "error.Verification.heading": "サインインできません",
  "error.Verification.text": "サインインリンクは無効になっています。",
  "error.Verification.hint": "すでに使用されたか、有効期限が切れた可能性があります。",
  "error.RateLimited.heading": "試行回数が多すぎます",
  "error.RateLimited.text": "サインインの試行回数が多すぎます。",
  "error.RateLimited.hint": "しばらく待ってから、もう一度お試しください。",
  "error.WebAuthnVerificationError.heading": "パスキーを確認できません",
  "error.WebAuthnVerificationError.text": "パスキーを検証できませんでした。",
  "error.WebAuthnVerificationError.hint": "もう一度試すか、別の方法でサインインしてください。",
  "verify.title": "メールの確認",
  "verify.heading": "メールを確認してください",
  "verify.sent": "サインイン用のリンクをメールアドレスに送信しました。",
  "verify.codeIntro": "または、メールに記載されたコードを入力してください:",
  "verify.email": "メールアドレス",
  "verify.code": "コード",
  "verify.codeButton": "コードでサインイン",
  "verify.codeError": "コードが間違っているか、有効期限が切れています。最新のメールを確認するか、新しいコードをリクエストしてください。",
  "confirm.title": "サインイン",
  "confirm.heading": "サインイン",
  "confirm.question": "{email} として {host} へのサインインを続けますか？",
  "confirm.button": "サインイン",
  "mail.subject": "{host} にサインイン",
  "mail.button": "サインイン",
  "mail.code": "または、サインインページでこのコードを入力してください:",
  "mail.requestedFor": "このサインインは {email} 宛てにリクエストされました。",
  "mail.ignore": "このメールに心当たりがない場合は、無視してください。",
  "signin.error.secondFactor": "確認コードが受け付けられませんでした。もう一度サインインしてください。",
  "secondFactor.title": "2段階認証",
}

/** Japanese for the built-in pages and the sign-in mail: list it in `pages.locales`. */
export const ja: PageLocale = Object.freeze({ lang: "ja", messages })
export default ja
