export {
  DEFAULT_USAGE_API_BASE_URL,
  OAuthUsageClient,
  type OAuthUsageClientOptions,
  type UsageApiOutcome,
} from './oauth-usage-client';
export { parseStatusLineReport, type StatusLineReport } from './status-line-report';
export {
  MAX_BACKOFF_MS,
  MIN_POLL_INTERVAL_MS,
  UsagePoller,
  type AccountPollState,
  type PollerTimers,
  type UsagePollerOptions,
} from './usage-poller';
export { UsageReadings, type UsageChangeListener } from './usage-readings';
export {
  FIVE_HOUR,
  SEVEN_DAY,
  bucketsOf,
  isRunning,
  mostRestrictiveBucket,
  usageAsOf,
  windowAsOf,
  type AccountUsage,
  type UsageBuckets,
  type UsageSource,
  type UsageWindow,
} from './usage-window';
