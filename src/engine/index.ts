/**
 * The engine's entry: everything code outside the engine may use of it, in one place (and
 * `text.ts`, text made safe for a line, which every layer shares). The lint's layer rules
 * (`LAYERS` in eslint.config.js) fail an import of any other module of the engine from outside it.
 *
 * The entries: a run (`ensureProviderScope`, `verifyProvider`), the command line's `import`
 * (`importScope`) and the rotation (`rotateSecret`); the port a door hands them, the keeper of
 * secrets, the settings' names and rules a door words or offers; the conclusion and what a
 * rendering reads of it.
 */
export { ensureProviderScope, verifyProvider } from './ensure.ts';
export type { RunPort } from './port.ts';
export { keepSecrets, type Secrets } from './secrets.ts';
export { importScope, type ImportNaming, type ImportRequest } from './import.ts';
export type { CredentialCheck, CredentialFinding } from './reconcile/lineage.ts';
export { rotateSecret } from './rotation/rotate.ts';
export { KEPT_WORDS, STANDING_WORDS } from './rotation/retire.ts';
export {
  StoreUnknown,
  type CredentialView,
  type Destination,
  type DestinationRun,
  type JudgedView,
  type RotationConclusion,
  type RotationNaming,
  type RotationPort,
  type RotationReport,
  type RotationSetting,
} from './rotation/port.ts';

// The settings: their names and defaults, as a door words and offers them.
export {
  providersGiven,
  readSetting,
  runSettingsOf,
  SETTING_DEFAULTS,
  type Naming,
  type ProviderTarget,
  type RunSettings,
  type SettingName,
  type Settings,
} from './settings/settings.ts';
export type { Location, Problem } from './settings/problems.ts';
export type { SpecFile } from './settings/spec.ts';
export { nearestKey } from './settings/suggest.ts';

// The conclusion, and what the renderings read of it.
export {
  concludeFailure,
  type Conclusion,
  type Known,
  type Message,
  type Outputs,
  type RunConclusion,
  type ScopeOutputs,
} from './conclude/conclude.ts';
export { unwellBecause, type Unwell } from './conclude/health.ts';
export { failureVerdict, type ChangeRow, type Verdict, type VerdictItem } from './conclude/verdict.ts';
export type { Plan, PlanField, ScopePlan, Telling } from './reconcile/plan.ts';
export {
  CONSENT_NOTE,
  isDependentList,
  valueEntries,
  valueText,
  type FieldComparison,
  type FieldValue,
} from './reconcile/drift.ts';
