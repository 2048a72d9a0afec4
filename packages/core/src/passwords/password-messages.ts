/**
 * The Password provider's own strings (its pages and mails), in the ten languages of the built-in
 * pages: loaded with the provider's flows, so apps without passwords do not carry them. The three
 * strings of the sign-in page's password form live in the page catalogues (pages/locales).
 * `{name}` placeholders are filled at render time; password-messages.test.ts keeps the languages
 * complete and their placeholders equal.
 */
import type { SafeHtml } from "../pages/html.js"
import { catalogueFor, fillMarkup, fillText, type PageLocale } from "../pages/page-locale.js"

const en = {
  "signin.password": "Password",
  "signin.forgotLink": "Forgot your password?",
  "signin.signupLink": "Create an account",
  email: "Email",
  newPassword: "New password",
  name: "Name (optional)",
  code: "Code",
  hint: "At least {min} characters.",
  signinLink: "Back to sign in",
  "signup.title": "Create account",
  "signup.heading": "Create an account",
  "signup.button": "Create account",
  "verify.title": "Check your email",
  "verify.heading": "Check your email",
  "verify.text": "If the address can be used, we have sent it a link and a code. Open the link, or enter the address and the code here.",
  "verify.button": "Confirm address",
  "forgot.title": "Forgot password",
  "forgot.heading": "Reset your password",
  "forgot.text": "Enter your address: we will send it a link and a code to set a new password.",
  "forgot.button": "Send reset e-mail",
  "reset.title": "Reset password",
  "reset.heading": "Set a new password",
  "reset.sent": "If an account has this address, we have sent it a link and a code. Open the link, or enter the code below.",
  "reset.button": "Set password",
  "error.invalid_email": "Enter a valid e-mail address.",
  "error.invalid_code": "That code is wrong or no longer valid. Check the latest e-mail.",
  "error.password_too_short": "The password is too short.",
  "error.password_too_long": "The password is too long.",
  "error.password_common": "This password is too common. Choose another one.",
  "error.password_breached": "This password has appeared in a data breach. Choose another one.",
  "error.password_rule": "This password is not allowed here. Choose another one.",
  "mail.code": "Or enter this code:",
  "mail.verify.subject": "Confirm your address for {host}",
  "mail.verify.body":
    "Open this link to confirm {email} and finish signing up at {host}. If you did not sign up, ignore this e-mail: nothing happens without it.",
  "mail.reset.subject": "Reset your password for {host}",
  "mail.reset.body": "Open this link soon to set a new password for {email} at {host}. If you did not ask for this, ignore this e-mail.",
  "mail.changed.subject": "Your password for {host} was changed",
  "mail.changed.body":
    "The password for {email} at {host} was just changed, and its other sessions were signed out. If this was not you, reset your password now.",
  "mail.exists.subject": "Sign-up attempt at {host}",
  "mail.exists.body":
    "Someone tried to sign up at {host} with {email}, which already has an account. If this was you, sign in or reset your password with this link. Otherwise ignore this e-mail.",
}

export type PasswordMessageKey = keyof typeof en
type PasswordMessages = { readonly [K in PasswordMessageKey]: string }

/** German. */
const de: PasswordMessages = {
  "signin.password": "Passwort",
  "signin.forgotLink": "Passwort vergessen?",
  "signin.signupLink": "Konto erstellen",
  email: "E-Mail",
  newPassword: "Neues Passwort",
  name: "Name (optional)",
  code: "Code",
  hint: "Mindestens {min} Zeichen.",
  signinLink: "Zurück zur Anmeldung",
  "signup.title": "Konto erstellen",
  "signup.heading": "Ein Konto erstellen",
  "signup.button": "Konto erstellen",
  "verify.title": "Prüfen Sie Ihre E-Mails",
  "verify.heading": "Prüfen Sie Ihre E-Mails",
  "verify.text":
    "Falls die Adresse verwendet werden kann, haben wir einen Link und einen Code dorthin gesendet. Öffnen Sie den Link oder geben Sie Adresse und Code hier ein.",
  "verify.button": "Adresse bestätigen",
  "forgot.title": "Passwort vergessen",
  "forgot.heading": "Passwort zurücksetzen",
  "forgot.text": "Geben Sie Ihre Adresse ein: Wir senden einen Link und einen Code, um ein neues Passwort festzulegen.",
  "forgot.button": "E-Mail zum Zurücksetzen senden",
  "reset.title": "Passwort zurücksetzen",
  "reset.heading": "Neues Passwort festlegen",
  "reset.sent":
    "Falls ein Konto diese Adresse hat, haben wir einen Link und einen Code gesendet. Öffnen Sie den Link oder geben Sie den Code unten ein.",
  "reset.button": "Passwort festlegen",
  "error.invalid_email": "Geben Sie eine gültige E-Mail-Adresse ein.",
  "error.invalid_code": "Dieser Code ist falsch oder nicht mehr gültig. Prüfen Sie die neueste E-Mail.",
  "error.password_too_short": "Das Passwort ist zu kurz.",
  "error.password_too_long": "Das Passwort ist zu lang.",
  "error.password_common": "Dieses Passwort ist zu verbreitet. Wählen Sie ein anderes.",
  "error.password_breached": "Dieses Passwort ist in einem Datenleck aufgetaucht. Wählen Sie ein anderes.",
  "error.password_rule": "Dieses Passwort ist hier nicht erlaubt. Wählen Sie ein anderes.",
  "mail.code": "Oder geben Sie diesen Code ein:",
  "mail.verify.subject": "Bestätigen Sie Ihre Adresse für {host}",
  "mail.verify.body":
    "Öffnen Sie diesen Link, um {email} zu bestätigen und die Registrierung bei {host} abzuschließen. Wenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail: ohne sie geschieht nichts.",
  "mail.reset.subject": "Passwort für {host} zurücksetzen",
  "mail.reset.body":
    "Öffnen Sie diesen Link bald, um ein neues Passwort für {email} bei {host} festzulegen. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.",
  "mail.changed.subject": "Ihr Passwort für {host} wurde geändert",
  "mail.changed.body":
    "Das Passwort für {email} bei {host} wurde soeben geändert, und die anderen Sitzungen wurden abgemeldet. Wenn Sie das nicht waren, setzen Sie Ihr Passwort jetzt zurück.",
  "mail.exists.subject": "Registrierungsversuch bei {host}",
  "mail.exists.body":
    "Jemand hat versucht, sich bei {host} mit {email} zu registrieren, obwohl es dafür bereits ein Konto gibt. Wenn Sie das waren, melden Sie sich an oder setzen Sie Ihr Passwort über diesen Link zurück. Andernfalls ignorieren Sie diese E-Mail.",
}

/** French. */
const fr: PasswordMessages = {
  "signin.password": "Mot de passe",
  "signin.forgotLink": "Mot de passe oublié ?",
  "signin.signupLink": "Créer un compte",
  email: "E-mail",
  newPassword: "Nouveau mot de passe",
  name: "Nom (facultatif)",
  code: "Code",
  hint: "Au moins {min} caractères.",
  signinLink: "Retour à la connexion",
  "signup.title": "Créer un compte",
  "signup.heading": "Créer un compte",
  "signup.button": "Créer le compte",
  "verify.title": "Consultez vos e-mails",
  "verify.heading": "Consultez vos e-mails",
  "verify.text":
    "Si l’adresse peut être utilisée, nous y avons envoyé un lien et un code. Ouvrez le lien ou saisissez ici l’adresse et le code.",
  "verify.button": "Confirmer l’adresse",
  "forgot.title": "Mot de passe oublié",
  "forgot.heading": "Réinitialiser votre mot de passe",
  "forgot.text": "Saisissez votre adresse : nous y enverrons un lien et un code pour choisir un nouveau mot de passe.",
  "forgot.button": "Envoyer l’e-mail de réinitialisation",
  "reset.title": "Réinitialiser le mot de passe",
  "reset.heading": "Choisir un nouveau mot de passe",
  "reset.sent":
    "Si un compte utilise cette adresse, nous y avons envoyé un lien et un code. Ouvrez le lien ou saisissez le code ci-dessous.",
  "reset.button": "Enregistrer le mot de passe",
  "error.invalid_email": "Saisissez une adresse e-mail valide.",
  "error.invalid_code": "Ce code est erroné ou n’est plus valide. Consultez le dernier e-mail.",
  "error.password_too_short": "Le mot de passe est trop court.",
  "error.password_too_long": "Le mot de passe est trop long.",
  "error.password_common": "Ce mot de passe est trop courant. Choisissez-en un autre.",
  "error.password_breached": "Ce mot de passe figure dans une fuite de données. Choisissez-en un autre.",
  "error.password_rule": "Ce mot de passe n’est pas autorisé ici. Choisissez-en un autre.",
  "mail.code": "Ou saisissez ce code :",
  "mail.verify.subject": "Confirmez votre adresse pour {host}",
  "mail.verify.body":
    "Ouvrez ce lien pour confirmer {email} et terminer votre inscription sur {host}. Si vous ne vous êtes pas inscrit, ignorez cet e-mail : rien ne se passe sans lui.",
  "mail.reset.subject": "Réinitialisez votre mot de passe pour {host}",
  "mail.reset.body":
    "Ouvrez vite ce lien pour choisir un nouveau mot de passe pour {email} sur {host}. Si vous ne l’avez pas demandé, ignorez cet e-mail.",
  "mail.changed.subject": "Votre mot de passe pour {host} a été modifié",
  "mail.changed.body":
    "Le mot de passe de {email} sur {host} vient d’être modifié et ses autres sessions ont été déconnectées. Si ce n’était pas vous, réinitialisez votre mot de passe maintenant.",
  "mail.exists.subject": "Tentative d’inscription sur {host}",
  "mail.exists.body":
    "Quelqu’un a essayé de s’inscrire sur {host} avec {email}, qui a déjà un compte. Si c’était vous, connectez-vous ou réinitialisez votre mot de passe avec ce lien. Sinon, ignorez cet e-mail.",
}

/** Spanish. */
const es: PasswordMessages = {
  "signin.password": "Contraseña",
  "signin.forgotLink": "¿Olvidó su contraseña?",
  "signin.signupLink": "Crear una cuenta",
  email: "Correo electrónico",
  newPassword: "Nueva contraseña",
  name: "Nombre (opcional)",
  code: "Código",
  hint: "Al menos {min} caracteres.",
  signinLink: "Volver a iniciar sesión",
  "signup.title": "Crear cuenta",
  "signup.heading": "Crear una cuenta",
  "signup.button": "Crear cuenta",
  "verify.title": "Revise su correo",
  "verify.heading": "Revise su correo",
  "verify.text":
    "Si se puede usar la dirección, le hemos enviado un enlace y un código. Abra el enlace o introduzca aquí la dirección y el código.",
  "verify.button": "Confirmar dirección",
  "forgot.title": "Contraseña olvidada",
  "forgot.heading": "Restablecer su contraseña",
  "forgot.text": "Introduzca su dirección: le enviaremos un enlace y un código para elegir una contraseña nueva.",
  "forgot.button": "Enviar correo de restablecimiento",
  "reset.title": "Restablecer contraseña",
  "reset.heading": "Elegir una contraseña nueva",
  "reset.sent": "Si una cuenta tiene esta dirección, le hemos enviado un enlace y un código. Abra el enlace o introduzca el código abajo.",
  "reset.button": "Guardar contraseña",
  "error.invalid_email": "Introduzca una dirección de correo válida.",
  "error.invalid_code": "Ese código es incorrecto o ya no es válido. Revise el último correo.",
  "error.password_too_short": "La contraseña es demasiado corta.",
  "error.password_too_long": "La contraseña es demasiado larga.",
  "error.password_common": "Esta contraseña es demasiado común. Elija otra.",
  "error.password_breached": "Esta contraseña ha aparecido en una filtración de datos. Elija otra.",
  "error.password_rule": "Esta contraseña no está permitida aquí. Elija otra.",
  "mail.code": "O introduzca este código:",
  "mail.verify.subject": "Confirme su dirección para {host}",
  "mail.verify.body":
    "Abra este enlace para confirmar {email} y terminar el registro en {host}. Si no se registró, ignore este correo: no pasa nada sin él.",
  "mail.reset.subject": "Restablezca su contraseña para {host}",
  "mail.reset.body": "Abra pronto este enlace para elegir una contraseña nueva para {email} en {host}. Si no lo pidió, ignore este correo.",
  "mail.changed.subject": "Su contraseña para {host} ha cambiado",
  "mail.changed.body":
    "La contraseña de {email} en {host} acaba de cambiar y sus otras sesiones se han cerrado. Si no fue usted, restablezca su contraseña ahora.",
  "mail.exists.subject": "Intento de registro en {host}",
  "mail.exists.body":
    "Alguien intentó registrarse en {host} con {email}, que ya tiene una cuenta. Si fue usted, inicie sesión o restablezca su contraseña con este enlace. Si no, ignore este correo.",
}

/** Portuguese. */
const pt: PasswordMessages = {
  "signin.password": "Senha",
  "signin.forgotLink": "Esqueceu a senha?",
  "signin.signupLink": "Criar uma conta",
  email: "E-mail",
  newPassword: "Nova senha",
  name: "Nome (opcional)",
  code: "Código",
  hint: "Pelo menos {min} caracteres.",
  signinLink: "Voltar para o login",
  "signup.title": "Criar conta",
  "signup.heading": "Criar uma conta",
  "signup.button": "Criar conta",
  "verify.title": "Verifique seu e-mail",
  "verify.heading": "Verifique seu e-mail",
  "verify.text": "Se o endereço puder ser usado, enviamos um link e um código para ele. Abra o link ou digite aqui o endereço e o código.",
  "verify.button": "Confirmar endereço",
  "forgot.title": "Esqueci a senha",
  "forgot.heading": "Redefinir sua senha",
  "forgot.text": "Digite seu endereço: enviaremos um link e um código para definir uma nova senha.",
  "forgot.button": "Enviar e-mail de redefinição",
  "reset.title": "Redefinir senha",
  "reset.heading": "Definir uma nova senha",
  "reset.sent": "Se uma conta tiver este endereço, enviamos um link e um código. Abra o link ou digite o código abaixo.",
  "reset.button": "Definir senha",
  "error.invalid_email": "Digite um endereço de e-mail válido.",
  "error.invalid_code": "Esse código está errado ou não é mais válido. Verifique o e-mail mais recente.",
  "error.password_too_short": "A senha é curta demais.",
  "error.password_too_long": "A senha é longa demais.",
  "error.password_common": "Esta senha é comum demais. Escolha outra.",
  "error.password_breached": "Esta senha apareceu em um vazamento de dados. Escolha outra.",
  "error.password_rule": "Esta senha não é permitida aqui. Escolha outra.",
  "mail.code": "Ou digite este código:",
  "mail.verify.subject": "Confirme seu endereço para {host}",
  "mail.verify.body":
    "Abra este link para confirmar {email} e concluir o cadastro em {host}. Se você não se cadastrou, ignore este e-mail: nada acontece sem ele.",
  "mail.reset.subject": "Redefina sua senha para {host}",
  "mail.reset.body":
    "Abra este link em breve para definir uma nova senha para {email} em {host}. Se você não pediu isso, ignore este e-mail.",
  "mail.changed.subject": "Sua senha para {host} foi alterada",
  "mail.changed.body":
    "A senha de {email} em {host} acabou de ser alterada, e as outras sessões foram encerradas. Se não foi você, redefina sua senha agora.",
  "mail.exists.subject": "Tentativa de cadastro em {host}",
  "mail.exists.body":
    "Alguém tentou se cadastrar em {host} com {email}, que já tem uma conta. Se foi você, entre ou redefina sua senha com este link. Caso contrário, ignore este e-mail.",
}

/** Italian. */
const it: PasswordMessages = {
  "signin.password": "Password",
  "signin.forgotLink": "Password dimenticata?",
  "signin.signupLink": "Crea un account",
  email: "Email",
  newPassword: "Nuova password",
  name: "Nome (facoltativo)",
  code: "Codice",
  hint: "Almeno {min} caratteri.",
  signinLink: "Torna all’accesso",
  "signup.title": "Crea account",
  "signup.heading": "Crea un account",
  "signup.button": "Crea account",
  "verify.title": "Controlla la tua email",
  "verify.heading": "Controlla la tua email",
  "verify.text":
    "Se l’indirizzo può essere usato, vi abbiamo inviato un link e un codice. Apri il link o inserisci qui l’indirizzo e il codice.",
  "verify.button": "Conferma indirizzo",
  "forgot.title": "Password dimenticata",
  "forgot.heading": "Reimposta la password",
  "forgot.text": "Inserisci il tuo indirizzo: ti invieremo un link e un codice per scegliere una nuova password.",
  "forgot.button": "Invia email di reimpostazione",
  "reset.title": "Reimposta password",
  "reset.heading": "Scegli una nuova password",
  "reset.sent": "Se un account ha questo indirizzo, vi abbiamo inviato un link e un codice. Apri il link o inserisci il codice qui sotto.",
  "reset.button": "Imposta password",
  "error.invalid_email": "Inserisci un indirizzo email valido.",
  "error.invalid_code": "Il codice è errato o non è più valido. Controlla l’ultima email.",
  "error.password_too_short": "La password è troppo corta.",
  "error.password_too_long": "La password è troppo lunga.",
  "error.password_common": "Questa password è troppo comune. Scegline un’altra.",
  "error.password_breached": "Questa password è comparsa in una violazione di dati. Scegline un’altra.",
  "error.password_rule": "Questa password non è consentita qui. Scegline un’altra.",
  "mail.code": "Oppure inserisci questo codice:",
  "mail.verify.subject": "Conferma il tuo indirizzo per {host}",
  "mail.verify.body":
    "Apri questo link per confermare {email} e completare la registrazione su {host}. Se non ti sei registrato, ignora questa email: senza di essa non succede nulla.",
  "mail.reset.subject": "Reimposta la password per {host}",
  "mail.reset.body":
    "Apri presto questo link per scegliere una nuova password per {email} su {host}. Se non l’hai richiesto, ignora questa email.",
  "mail.changed.subject": "La tua password per {host} è stata cambiata",
  "mail.changed.body":
    "La password di {email} su {host} è appena stata cambiata e le altre sessioni sono state chiuse. Se non sei stato tu, reimposta subito la password.",
  "mail.exists.subject": "Tentativo di registrazione su {host}",
  "mail.exists.body":
    "Qualcuno ha provato a registrarsi su {host} con {email}, che ha già un account. Se eri tu, accedi o reimposta la password con questo link. Altrimenti ignora questa email.",
}

/** Dutch. */
const nl: PasswordMessages = {
  "signin.password": "Wachtwoord",
  "signin.forgotLink": "Wachtwoord vergeten?",
  "signin.signupLink": "Account aanmaken",
  email: "E-mail",
  newPassword: "Nieuw wachtwoord",
  name: "Naam (optioneel)",
  code: "Code",
  hint: "Minstens {min} tekens.",
  signinLink: "Terug naar inloggen",
  "signup.title": "Account aanmaken",
  "signup.heading": "Een account aanmaken",
  "signup.button": "Account aanmaken",
  "verify.title": "Controleer uw e-mail",
  "verify.heading": "Controleer uw e-mail",
  "verify.text":
    "Als het adres gebruikt kan worden, hebben we er een link en een code naartoe gestuurd. Open de link of voer hier het adres en de code in.",
  "verify.button": "Adres bevestigen",
  "forgot.title": "Wachtwoord vergeten",
  "forgot.heading": "Uw wachtwoord opnieuw instellen",
  "forgot.text": "Voer uw adres in: we sturen een link en een code om een nieuw wachtwoord in te stellen.",
  "forgot.button": "Herstel-e-mail versturen",
  "reset.title": "Wachtwoord opnieuw instellen",
  "reset.heading": "Een nieuw wachtwoord kiezen",
  "reset.sent":
    "Als een account dit adres heeft, hebben we er een link en een code naartoe gestuurd. Open de link of voer de code hieronder in.",
  "reset.button": "Wachtwoord instellen",
  "error.invalid_email": "Voer een geldig e-mailadres in.",
  "error.invalid_code": "Die code is onjuist of niet meer geldig. Controleer de nieuwste e-mail.",
  "error.password_too_short": "Het wachtwoord is te kort.",
  "error.password_too_long": "Het wachtwoord is te lang.",
  "error.password_common": "Dit wachtwoord komt te vaak voor. Kies een ander.",
  "error.password_breached": "Dit wachtwoord is in een datalek verschenen. Kies een ander.",
  "error.password_rule": "Dit wachtwoord is hier niet toegestaan. Kies een ander.",
  "mail.code": "Of voer deze code in:",
  "mail.verify.subject": "Bevestig uw adres voor {host}",
  "mail.verify.body":
    "Open deze link om {email} te bevestigen en uw registratie bij {host} af te ronden. Hebt u zich niet geregistreerd, negeer deze e-mail dan: zonder deze gebeurt er niets.",
  "mail.reset.subject": "Stel uw wachtwoord voor {host} opnieuw in",
  "mail.reset.body":
    "Open deze link binnenkort om een nieuw wachtwoord voor {email} bij {host} in te stellen. Hebt u dit niet gevraagd, negeer deze e-mail dan.",
  "mail.changed.subject": "Uw wachtwoord voor {host} is gewijzigd",
  "mail.changed.body":
    "Het wachtwoord van {email} bij {host} is zojuist gewijzigd en de andere sessies zijn afgemeld. Was u dit niet, stel uw wachtwoord dan nu opnieuw in.",
  "mail.exists.subject": "Registratiepoging bij {host}",
  "mail.exists.body":
    "Iemand probeerde zich bij {host} te registreren met {email}, dat al een account heeft. Was u dit, log dan in of stel uw wachtwoord opnieuw in via deze link. Anders kunt u deze e-mail negeren.",
}

/** Japanese. */
const ja: PasswordMessages = {
  "signin.password": "パスワード",
  "signin.forgotLink": "パスワードをお忘れですか？",
  "signin.signupLink": "アカウントを作成",
  email: "メールアドレス",
  newPassword: "新しいパスワード",
  name: "名前（任意）",
  code: "コード",
  hint: "{min} 文字以上。",
  signinLink: "サインインに戻る",
  "signup.title": "アカウント作成",
  "signup.heading": "アカウントを作成",
  "signup.button": "アカウントを作成",
  "verify.title": "メールを確認してください",
  "verify.heading": "メールを確認してください",
  "verify.text": "このアドレスが使用可能であれば、リンクとコードを送信しました。リンクを開くか、ここにアドレスとコードを入力してください。",
  "verify.button": "アドレスを確認",
  "forgot.title": "パスワードを忘れた場合",
  "forgot.heading": "パスワードの再設定",
  "forgot.text": "アドレスを入力してください。新しいパスワードを設定するためのリンクとコードを送信します。",
  "forgot.button": "再設定メールを送信",
  "reset.title": "パスワードの再設定",
  "reset.heading": "新しいパスワードを設定",
  "reset.sent": "このアドレスのアカウントがあれば、リンクとコードを送信しました。リンクを開くか、下にコードを入力してください。",
  "reset.button": "パスワードを設定",
  "error.invalid_email": "有効なメールアドレスを入力してください。",
  "error.invalid_code": "コードが間違っているか、有効期限が切れています。最新のメールを確認してください。",
  "error.password_too_short": "パスワードが短すぎます。",
  "error.password_too_long": "パスワードが長すぎます。",
  "error.password_common": "このパスワードはよく使われすぎています。別のものを選んでください。",
  "error.password_breached": "このパスワードはデータ漏えいで見つかっています。別のものを選んでください。",
  "error.password_rule": "このパスワードはここでは使用できません。別のものを選んでください。",
  "mail.code": "またはこのコードを入力してください：",
  "mail.verify.subject": "{host} のアドレスを確認してください",
  "mail.verify.body":
    "このリンクを開いて {email} を確認し、{host} への登録を完了してください。登録した覚えがない場合は、このメールを無視してください。何も起こりません。",
  "mail.reset.subject": "{host} のパスワードを再設定",
  "mail.reset.body":
    "このリンクを早めに開いて、{host} の {email} の新しいパスワードを設定してください。心当たりがない場合は、このメールを無視してください。",
  "mail.changed.subject": "{host} のパスワードが変更されました",
  "mail.changed.body":
    "{host} の {email} のパスワードが変更され、他のセッションはサインアウトされました。心当たりがない場合は、今すぐパスワードを再設定してください。",
  "mail.exists.subject": "{host} への登録の試み",
  "mail.exists.body":
    "誰かが {email} で {host} に登録しようとしましたが、このアドレスにはすでにアカウントがあります。ご本人の場合は、このリンクからサインインするかパスワードを再設定してください。そうでなければ、このメールを無視してください。",
}

/** Chinese. */
const zh: PasswordMessages = {
  "signin.password": "密码",
  "signin.forgotLink": "忘记密码？",
  "signin.signupLink": "创建账户",
  email: "电子邮箱",
  newPassword: "新密码",
  name: "姓名（可选）",
  code: "验证码",
  hint: "至少 {min} 个字符。",
  signinLink: "返回登录",
  "signup.title": "创建账户",
  "signup.heading": "创建账户",
  "signup.button": "创建账户",
  "verify.title": "请查收邮件",
  "verify.heading": "请查收邮件",
  "verify.text": "如果该地址可以使用，我们已向其发送链接和验证码。请打开链接，或在此输入地址和验证码。",
  "verify.button": "确认地址",
  "forgot.title": "忘记密码",
  "forgot.heading": "重置密码",
  "forgot.text": "请输入您的地址：我们将发送用于设置新密码的链接和验证码。",
  "forgot.button": "发送重置邮件",
  "reset.title": "重置密码",
  "reset.heading": "设置新密码",
  "reset.sent": "如果有账户使用此地址，我们已向其发送链接和验证码。请打开链接，或在下方输入验证码。",
  "reset.button": "设置密码",
  "error.invalid_email": "请输入有效的电子邮箱地址。",
  "error.invalid_code": "验证码错误或已失效。请查看最新的邮件。",
  "error.password_too_short": "密码太短。",
  "error.password_too_long": "密码太长。",
  "error.password_common": "此密码过于常见。请换一个。",
  "error.password_breached": "此密码曾出现在数据泄露中。请换一个。",
  "error.password_rule": "此处不允许使用此密码。请换一个。",
  "mail.code": "或输入此验证码：",
  "mail.verify.subject": "确认您在 {host} 的地址",
  "mail.verify.body": "打开此链接以确认 {email} 并完成在 {host} 的注册。如果您没有注册，请忽略此邮件：没有它什么都不会发生。",
  "mail.reset.subject": "重置您在 {host} 的密码",
  "mail.reset.body": "请尽快打开此链接，为 {host} 上的 {email} 设置新密码。如果您没有提出此请求，请忽略此邮件。",
  "mail.changed.subject": "您在 {host} 的密码已更改",
  "mail.changed.body": "{host} 上 {email} 的密码刚刚已更改，其他会话均已退出。如果这不是您本人操作，请立即重置密码。",
  "mail.exists.subject": "{host} 的注册尝试",
  "mail.exists.body": "有人尝试用 {email} 在 {host} 注册，但该地址已有账户。如果是您本人，请通过此链接登录或重置密码。否则请忽略此邮件。",
}

/** Korean. */
const ko: PasswordMessages = {
  "signin.password": "비밀번호",
  "signin.forgotLink": "비밀번호를 잊으셨나요?",
  "signin.signupLink": "계정 만들기",
  email: "이메일",
  newPassword: "새 비밀번호",
  name: "이름(선택)",
  code: "코드",
  hint: "{min}자 이상.",
  signinLink: "로그인으로 돌아가기",
  "signup.title": "계정 만들기",
  "signup.heading": "계정 만들기",
  "signup.button": "계정 만들기",
  "verify.title": "이메일을 확인하세요",
  "verify.heading": "이메일을 확인하세요",
  "verify.text": "이 주소를 사용할 수 있다면 링크와 코드를 보냈습니다. 링크를 열거나 여기에 주소와 코드를 입력하세요.",
  "verify.button": "주소 확인",
  "forgot.title": "비밀번호 찾기",
  "forgot.heading": "비밀번호 재설정",
  "forgot.text": "주소를 입력하세요. 새 비밀번호를 설정할 링크와 코드를 보내 드립니다.",
  "forgot.button": "재설정 이메일 보내기",
  "reset.title": "비밀번호 재설정",
  "reset.heading": "새 비밀번호 설정",
  "reset.sent": "이 주소의 계정이 있다면 링크와 코드를 보냈습니다. 링크를 열거나 아래에 코드를 입력하세요.",
  "reset.button": "비밀번호 설정",
  "error.invalid_email": "올바른 이메일 주소를 입력하세요.",
  "error.invalid_code": "코드가 틀렸거나 더 이상 유효하지 않습니다. 최신 이메일을 확인하세요.",
  "error.password_too_short": "비밀번호가 너무 짧습니다.",
  "error.password_too_long": "비밀번호가 너무 깁니다.",
  "error.password_common": "너무 흔한 비밀번호입니다. 다른 비밀번호를 선택하세요.",
  "error.password_breached": "데이터 유출에서 발견된 비밀번호입니다. 다른 비밀번호를 선택하세요.",
  "error.password_rule": "여기서는 사용할 수 없는 비밀번호입니다. 다른 비밀번호를 선택하세요.",
  "mail.code": "또는 이 코드를 입력하세요:",
  "mail.verify.subject": "{host} 주소를 확인하세요",
  "mail.verify.body":
    "이 링크를 열어 {email} 주소를 확인하고 {host} 가입을 완료하세요. 가입하지 않으셨다면 이 이메일을 무시하세요. 아무 일도 일어나지 않습니다.",
  "mail.reset.subject": "{host} 비밀번호 재설정",
  "mail.reset.body": "이 링크를 곧 열어 {host}의 {email} 계정에 새 비밀번호를 설정하세요. 요청하지 않으셨다면 이 이메일을 무시하세요.",
  "mail.changed.subject": "{host} 비밀번호가 변경되었습니다",
  "mail.changed.body":
    "{host}의 {email} 계정 비밀번호가 방금 변경되었고 다른 세션은 로그아웃되었습니다. 본인이 아니라면 지금 비밀번호를 재설정하세요.",
  "mail.exists.subject": "{host} 가입 시도",
  "mail.exists.body":
    "누군가 이미 계정이 있는 {email} 주소로 {host}에 가입하려고 했습니다. 본인이라면 이 링크로 로그인하거나 비밀번호를 재설정하세요. 아니라면 이 이메일을 무시하세요.",
}

export const passwordCatalogues: Readonly<Record<string, PasswordMessages>> = Object.freeze({ en, de, fr, es, pt, it, nl, ja, zh, ko })

/** A message for a page: placeholders filled with escaped values (or markup made with `html`). */
export function passwordMessage(locale: PageLocale, key: PasswordMessageKey, values: Record<string, unknown> = {}): SafeHtml {
  return fillMarkup(catalogueFor(passwordCatalogues, locale)[key], values)
}

/** A message as plain text (mail subjects and text parts): placeholders filled, nothing escaped. */
export function passwordMessageText(locale: PageLocale, key: PasswordMessageKey, values: Record<string, string> = {}): string {
  return fillText(catalogueFor(passwordCatalogues, locale)[key], values)
}
