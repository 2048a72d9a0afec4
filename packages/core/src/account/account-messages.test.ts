import { describeCataloguesComplete } from "../pages/locales/test-support/describe-catalogues-complete.js"
import { accountCatalogues } from "./account-messages.js"

describeCataloguesComplete("account catalogues", accountCatalogues)
