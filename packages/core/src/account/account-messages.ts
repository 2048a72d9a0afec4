/**
 * The account's own strings (its mails, and the account page), in the ten languages of the built-in
 * pages. `{name}` placeholders are filled at render time; account-messages.test.ts keeps the
 * languages complete and their placeholders equal.
 */
import { html, type SafeHtml } from "../pages/html.js"
import type { PageLocale } from "../pages/page-locale.js"

const en = {
  "mail.code": "Or enter this code:",
  "mail.change.subject": "Confirm your new address for {host}",
  "mail.change.body":
    "Open this link to make {email} the address of your account at {host}. If you did not ask for this, ignore this e-mail: nothing changes without it.",
  "mail.notice.subject": "An address change was asked for at {host}",
  "mail.notice.body":
    "Someone signed in to your account at {host} asked to change its address to {email}. Nothing changes unless that address is confirmed. If this was not you, sign in and secure your account.",
}

export type AccountMessageKey = keyof typeof en
type AccountMessages = { readonly [K in AccountMessageKey]: string }

const de: AccountMessages = {
  "mail.code": "Oder geben Sie diesen Code ein:",
  "mail.change.subject": "Bestätigen Sie Ihre neue Adresse für {host}",
  "mail.change.body":
    "Öffnen Sie diesen Link, um {email} zur Adresse Ihres Kontos bei {host} zu machen. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ohne sie ändert sich nichts.",
  "mail.notice.subject": "Bei {host} wurde eine Adressänderung angefordert",
  "mail.notice.body":
    "Jemand, der in Ihrem Konto bei {host} angemeldet ist, möchte dessen Adresse in {email} ändern. Nichts ändert sich, solange diese Adresse nicht bestätigt ist. Wenn Sie das nicht waren, melden Sie sich an und sichern Sie Ihr Konto.",
}

const fr: AccountMessages = {
  "mail.code": "Ou saisissez ce code :",
  "mail.change.subject": "Confirmez votre nouvelle adresse pour {host}",
  "mail.change.body":
    "Ouvrez ce lien pour faire de {email} l'adresse de votre compte sur {host}. Si vous n'avez rien demandé, ignorez cet e-mail : rien ne change sans lui.",
  "mail.notice.subject": "Un changement d'adresse a été demandé sur {host}",
  "mail.notice.body":
    "Quelqu'un connecté à votre compte sur {host} a demandé à changer son adresse en {email}. Rien ne change tant que cette adresse n'est pas confirmée. Si ce n'était pas vous, connectez-vous et sécurisez votre compte.",
}

const es: AccountMessages = {
  "mail.code": "O introduce este código:",
  "mail.change.subject": "Confirma tu nueva dirección para {host}",
  "mail.change.body":
    "Abre este enlace para que {email} sea la dirección de tu cuenta en {host}. Si no lo pediste, ignora este correo: nada cambia sin él.",
  "mail.notice.subject": "Se pidió un cambio de dirección en {host}",
  "mail.notice.body":
    "Alguien con la sesión iniciada en tu cuenta de {host} pidió cambiar su dirección a {email}. Nada cambia mientras esa dirección no se confirme. Si no fuiste tú, inicia sesión y protege tu cuenta.",
}

const pt: AccountMessages = {
  "mail.code": "Ou introduza este código:",
  "mail.change.subject": "Confirme o seu novo endereço para {host}",
  "mail.change.body":
    "Abra este link para tornar {email} o endereço da sua conta em {host}. Se não pediu isto, ignore este e-mail: nada muda sem ele.",
  "mail.notice.subject": "Foi pedida uma alteração de endereço em {host}",
  "mail.notice.body":
    "Alguém com sessão iniciada na sua conta em {host} pediu para alterar o endereço para {email}. Nada muda enquanto esse endereço não for confirmado. Se não foi você, inicie sessão e proteja a sua conta.",
}

const it: AccountMessages = {
  "mail.code": "Oppure inserisci questo codice:",
  "mail.change.subject": "Conferma il tuo nuovo indirizzo per {host}",
  "mail.change.body":
    "Apri questo link per rendere {email} l'indirizzo del tuo account su {host}. Se non l'hai chiesto tu, ignora questa e-mail: senza di essa non cambia nulla.",
  "mail.notice.subject": "È stato chiesto un cambio di indirizzo su {host}",
  "mail.notice.body":
    "Qualcuno che ha effettuato l'accesso al tuo account su {host} ha chiesto di cambiarne l'indirizzo in {email}. Non cambia nulla finché quell'indirizzo non è confermato. Se non sei stato tu, accedi e metti al sicuro il tuo account.",
}

const nl: AccountMessages = {
  "mail.code": "Of voer deze code in:",
  "mail.change.subject": "Bevestig uw nieuwe adres voor {host}",
  "mail.change.body":
    "Open deze link om {email} het adres van uw account bij {host} te maken. Hebt u hier niet om gevraagd, negeer deze e-mail dan: zonder deze verandert er niets.",
  "mail.notice.subject": "Er is een adreswijziging gevraagd bij {host}",
  "mail.notice.body":
    "Iemand die is aangemeld bij uw account op {host} heeft gevraagd het adres te wijzigen in {email}. Er verandert niets zolang dat adres niet is bevestigd. Was u dit niet, meld u dan aan en beveilig uw account.",
}

const ja: AccountMessages = {
  "mail.code": "または次のコードを入力してください:",
  "mail.change.subject": "{host} の新しいアドレスを確認してください",
  "mail.change.body":
    "このリンクを開くと、{host} のアカウントのアドレスが {email} になります。心当たりがない場合はこのメールを無視してください。このメールなしでは何も変わりません。",
  "mail.notice.subject": "{host} でアドレスの変更が求められました",
  "mail.notice.body":
    "{host} のあなたのアカウントにサインインしている誰かが、アドレスを {email} に変更するよう求めました。そのアドレスが確認されない限り何も変わりません。心当たりがない場合は、サインインしてアカウントを保護してください。",
}

const zh: AccountMessages = {
  "mail.code": "或输入此代码：",
  "mail.change.subject": "确认您在 {host} 的新地址",
  "mail.change.body": "打开此链接，将 {email} 设为您在 {host} 的账户地址。如果这不是您的请求，请忽略此邮件：没有它什么都不会改变。",
  "mail.notice.subject": "{host} 上有人请求更改地址",
  "mail.notice.body":
    "有人在已登录您 {host} 账户的情况下请求将其地址更改为 {email}。在该地址得到确认之前不会有任何改变。如果这不是您，请登录并保护您的账户。",
}

const ko: AccountMessages = {
  "mail.code": "또는 이 코드를 입력하세요:",
  "mail.change.subject": "{host}의 새 주소를 확인하세요",
  "mail.change.body":
    "이 링크를 열면 {host} 계정의 주소가 {email}(으)로 바뀝니다. 요청하지 않으셨다면 이 이메일을 무시하세요. 이 이메일 없이는 아무것도 바뀌지 않습니다.",
  "mail.notice.subject": "{host}에서 주소 변경이 요청되었습니다",
  "mail.notice.body":
    "{host}의 계정에 로그인한 누군가가 주소를 {email}(으)로 변경하도록 요청했습니다. 그 주소가 확인되기 전에는 아무것도 바뀌지 않습니다. 본인이 아니라면 로그인하여 계정을 보호하세요.",
}

export const accountCatalogues: Readonly<Record<string, AccountMessages>> = Object.freeze({ en, de, fr, es, pt, it, nl, ja, zh, ko })

function messagesFor(locale: PageLocale): AccountMessages {
  return Object.hasOwn(accountCatalogues, locale.lang) ? accountCatalogues[locale.lang]! : en
}

/** A message for a page: placeholders filled with escaped values (or markup made with `html`). */
export function accountMessage(locale: PageLocale, key: AccountMessageKey, values: Record<string, unknown> = {}): SafeHtml {
  const parts = messagesFor(locale)[key].split(/\{(\w+)\}/)
  return html`${parts.map((part, i) => (i % 2 === 0 ? part : Object.hasOwn(values, part) ? values[part] : `{${part}}`))}`
}

/** A message as plain text (mail subjects and text parts): placeholders filled, nothing escaped. */
export function accountMessageText(locale: PageLocale, key: AccountMessageKey, values: Record<string, string> = {}): string {
  return messagesFor(locale)[key].replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole))
}
