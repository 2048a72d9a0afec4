import { describeCataloguesComplete } from "./test-support/catalogues.js"
import { secondFactorCatalogues } from "./second-factor.js"

describeCataloguesComplete("second-factor page catalogues", secondFactorCatalogues)
