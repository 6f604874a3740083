export {
  type AccountStanding,
  type AccountUsage,
  availableAt,
  isLimited,
  isWindowRunning,
  type UsageWindow,
} from './account-standing';
export {
  accountStandings,
  allLimited,
  type AutoSwitchAction,
  type AutoSwitchContext,
  type AutoSwitchEvent,
  type AutoSwitchResult,
  type AutoSwitchState,
  earliestReset,
  FALLBACK_LIMIT_MS,
  INITIAL_AUTO_SWITCH_STATE,
  type PaneConversation,
  reduceAutoSwitch,
} from './auto-switch';
export { type AutoSwitchSettings, checkAutoSwitchSettings, DEFAULT_AUTO_SWITCH_SETTINGS } from './auto-switch-settings';
export {
  detectLimitSignal,
  type LimitEvidence,
  type LimitSignal,
  type LimitSignalOptions,
  type StopFailureHookInput,
  type TranscriptLine,
} from './limit-signal';
export {
  findLimitOnScreen,
  isServerThrottleText,
  type LimitText,
  type LimitTextOptions,
  matchLimitText,
} from './limit-text';
export { pickNextAccount, pickOrder, type PickOptions } from './pick-order';
export { type SettingsCheck } from './settings-check';
export {
  INITIAL_STAGGER_STATE,
  planStagger,
  recordStaggerMessage,
  type StaggerInput,
  type StaggerPlan,
  type StaggerState,
  staggerSpacingMs,
  WINDOW_MS,
} from './stagger';
export {
  checkStaggerSettings,
  DEFAULT_STAGGER_SETTINGS,
  gapMinutesProblem,
  MAX_GAP_MINUTES,
  MIN_GAP_MINUTES,
  type StaggerSettings,
} from './stagger-settings';
