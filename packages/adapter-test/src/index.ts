/**
 * @gatehouse/adapter-test: the conformance suite every Gatehouse database adapter runs
 * against its real database. See README.md.
 */
export { runAdapterConformance } from "./run-adapter-conformance.js"
export { capabilityGroups, detectCapabilities } from "./capabilities.js"
export type { CapabilityGroup, CapabilityReport } from "./capabilities.js"
export type { AttachmentKind, ConformanceOptions, RecordKind, RowInspector } from "./options.js"
