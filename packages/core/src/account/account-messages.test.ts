import { describeCataloguesComplete } from "../pages/locales/test-support/catalogues.js"
import { accountCatalogues } from "./account-messages.js"

describeCataloguesComplete("account catalogues", accountCatalogues)
