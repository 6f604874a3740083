// Cost ingestion: follows the agents' own logs as they grow, prices each model response offline and hands it to
// the ledger, which keeps each key once. A scan walks the sources' roots, reads only the bytes appended since the
// last scan (see log-tailer.ts), records the new entries and then saves the read positions — in that order, so a
// crash can only make the next scan re-read lines the ledger already has. Scans run on a poll and, sooner, when a
// watched folder changes; never two at once.
import { dirname, basename } from 'node:path';
import { type Clock, systemClock } from '../clock';
import type { CostEntry, CostSink } from './cost-entry';
import { findLogFiles } from './find-log-files';
import { type FilePosition, loadPositions, type Positions, positionsPath, savePositions } from './ingest-positions';
import type { LogSource, ParseState, UsageRecord } from './log-source';
import { readNewLines } from './log-tailer';
import { LogWatcher } from './log-watcher';
import { priceUsage } from './pricing';
import type { IngestionStatus, ScanStats } from '@ssg/contracts/costs';

export type { IngestionStatus, ScanStats };

export interface CostIngestionOptions {
  home: string;
  sink: CostSink;
  sources: readonly LogSource[];
  clock?: Clock;
  /** Time between polls; the watch usually triggers a scan sooner. */
  pollMs?: number;
}

/** A scan's counts while it runs. */
interface ScanTally {
  files: number;
  entries: number;
  duplicates: number;
  skippedLines: number;
  unpriced: Set<string>;
}

export const DEFAULT_POLL_MS = 5_000;
/** Coalesces the burst of change events one appended line causes into one scan. */
const WATCH_DEBOUNCE_MS = 200;

export class CostIngestion {
  private readonly clock: Clock;
  private readonly statePath: string;
  private positions: Positions | undefined;
  private running: Promise<ScanStats> | undefined;
  private queued: Promise<ScanStats> | undefined;
  private poll: NodeJS.Timeout | undefined;
  private debounce: NodeJS.Timeout | undefined;
  private watcher: LogWatcher | undefined;
  private lastScanAt: number | null = null;
  private lastScan: ScanStats | null = null;
  private lastError: string | null = null;
  private readonly totals = { files: 0, entries: 0, duplicates: 0, skippedLines: 0 };
  private readonly unpricedSinceStart = new Set<string>();

  constructor(private readonly options: CostIngestionOptions) {
    this.clock = options.clock ?? systemClock;
    this.statePath = positionsPath(options.home);
  }

  /**
   * Ingests whatever the logs gained since the last scan. While a scan runs, callers share one follow-up scan
   * (it starts when the running one ends), so each caller's answer covers bytes written before it asked.
   */
  scanOnce(): Promise<ScanStats> {
    if (!this.running) return this.startScan();
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.startScan();
      });
    return this.queued;
  }

  /** Scans now, then on every poll and watched change, until stop(). */
  start(): void {
    if (this.poll) return;
    this.watcher = new LogWatcher(() => this.scheduleScan());
    this.poll = setInterval(() => this.scanInBackground(), this.options.pollMs ?? DEFAULT_POLL_MS);
    this.poll.unref();
    this.scanInBackground();
  }

  /** Stops watching and polling, and waits for a scan in progress, so the ledger can close after it. */
  async stop(): Promise<void> {
    clearInterval(this.poll);
    clearTimeout(this.debounce);
    this.poll = undefined;
    this.debounce = undefined;
    this.watcher?.close();
    this.watcher = undefined;
    await Promise.allSettled([this.running, this.queued]);
  }

  status(): IngestionStatus {
    return {
      running: this.poll !== undefined,
      sources: this.options.sources.map((source) => ({ client: source.client, roots: source.roots() })),
      trackedFiles: this.positions?.size ?? 0,
      lastScanAt: this.lastScanAt,
      lastScan: this.lastScan,
      sinceStart: { ...this.totals, unpricedModels: [...this.unpricedSinceStart].sort() },
      lastError: this.lastError,
    };
  }

  private scheduleScan(): void {
    if (!this.poll || this.debounce) return;
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      this.scanInBackground();
    }, WATCH_DEBOUNCE_MS);
    this.debounce.unref();
  }

  /** For timers: a scan failure is kept for the status route, never thrown out of a timer. */
  private scanInBackground(): void {
    this.scanOnce().catch((error: unknown) => (this.lastError = describe(error)));
  }

  private startScan(): Promise<ScanStats> {
    const scan = this.scan().finally(() => {
      if (this.running === scan) this.running = undefined;
    });
    this.running = scan;
    return scan;
  }

  private async scan(): Promise<ScanStats> {
    this.positions ??= loadPositions(this.statePath);
    const positions = this.positions;
    const stats: ScanTally = { files: 0, entries: 0, duplicates: 0, skippedLines: 0, unpriced: new Set() };
    const seen = new Set<string>();
    const grownDirs = new Set<string>();
    let changed = false;
    let problem: string | null = null;
    for (const source of this.options.sources) {
      const roots = source.roots();
      this.watcher?.watchRoots(roots);
      for (const root of roots) {
        for (const path of await findLogFiles(root, source.isLogFile)) {
          if (seen.has(path)) continue; // the same folder reached through two roots
          seen.add(path);
          try {
            if (await this.ingestFile(source, path, positions, stats)) {
              changed = true;
              grownDirs.add(dirname(path));
            }
          } catch (error) {
            problem = `${path}: ${describe(error)}`;
          }
        }
      }
    }
    // Forget logs that are gone, so the positions file does not grow forever.
    for (const path of positions.keys()) {
      if (!seen.has(path)) changed = positions.delete(path) || changed;
    }
    if (changed) savePositions(this.statePath, positions);
    this.watcher?.watchActive(grownDirs);
    const result: ScanStats = {
      files: stats.files,
      entries: stats.entries,
      duplicates: stats.duplicates,
      skippedLines: stats.skippedLines,
      unpricedModels: [...stats.unpriced].sort(),
    };
    this.totals.files += result.files;
    this.totals.entries += result.entries;
    this.totals.duplicates += result.duplicates;
    this.totals.skippedLines += result.skippedLines;
    for (const model of result.unpricedModels) this.unpricedSinceStart.add(model);
    this.lastScanAt = this.clock.now();
    this.lastScan = result;
    this.lastError = problem;
    return result;
  }

  /**
   * Reads one log's new lines, records their entries, and moves its position only once the ledger has them: if
   * the ledger throws, the position stays and the next scan reads the same lines again. True when it moved.
   */
  private async ingestFile(source: LogSource, path: string, positions: Positions, stats: ScanTally): Promise<boolean> {
    const previous = positions.get(path);
    const file = { path, name: basename(path) };
    // A response Claude Code wrote on several lines arrives here several times: keep one per key, with the
    // largest counts any of its lines reported.
    const records = new Map<string, UsageRecord>();
    let state: ParseState = {};
    let malformed = 0;
    const result = await readNewLines(path, previous, (fromStart) => {
      state = fromStart || !previous ? {} : { ...previous.state };
      return (line) => {
        const parsed = source.parseLine(line, file, state);
        if (parsed === 'malformed') malformed++;
        else if (parsed !== 'ignored') records.set(parsed.key, mergeRecords(records.get(parsed.key), parsed));
      };
    });
    if (!result || result.position === previous) return false;
    for (const record of records.values()) {
      const entry = this.priced(source, record);
      if (!entry.priced) stats.unpriced.add(entry.model);
      if (this.options.sink.recordCost(entry)) stats.entries++;
      else stats.duplicates++;
    }
    stats.files++;
    stats.skippedLines += malformed + result.oversizedLines;
    const position: FilePosition = { ...result.position, state };
    positions.set(path, position);
    return true;
  }

  private priced(source: LogSource, record: UsageRecord): CostEntry {
    const at = record.at ?? this.clock.now();
    const { usd, priced } = priceUsage(source.provider, record.model, record.usage, at);
    const entry: CostEntry = {
      key: record.key,
      client: source.client,
      model: record.model,
      at,
      inputTokens: record.usage.inputTokens,
      outputTokens: record.usage.outputTokens,
      cacheWriteTokens: record.usage.cacheWriteTokens,
      cacheReadTokens: record.usage.cacheReadTokens,
      usd,
      priced,
    };
    if (record.sessionId !== undefined) entry.sessionId = record.sessionId;
    return entry;
  }
}

function mergeRecords(earlier: UsageRecord | undefined, later: UsageRecord): UsageRecord {
  if (!earlier) return later;
  const usage = { ...earlier.usage };
  for (const [field, count] of Object.entries(later.usage) as [keyof typeof usage, number][]) {
    usage[field] = Math.max(usage[field] ?? 0, count);
  }
  return { ...earlier, usage };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
