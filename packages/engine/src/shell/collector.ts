// The distinct views found so far, and the record of which cap (if any) cut the analysis short. The caps that
// end the analysis outright (MAX_VIEWS, MAX_VIEW_TEXT and the work budget) throw AnalysisStopped.
import { MAX_NESTED_CODE, MAX_VIEW_TEXT, MAX_VIEWS, MAX_WORK, type Truncation } from './limits';

/** Thrown when a cap is reached that nothing found afterwards could be reported past: analysis stops. */
export class AnalysisStopped extends Error {
  constructor(readonly reason: Truncation) {
    super(`shell analysis stopped: ${reason}`);
  }
}

/** A path a view's command changes (targets.ts), with the view. */
export interface ViewTarget {
  view: string;
  target: string;
}

export class ViewCollector {
  readonly views: string[] = [];
  readonly targets: ViewTarget[] = [];
  private readonly seenTargets = new Set<string>();
  /** The first cap that was hit. */
  truncated: Truncation | false = false;
  private readonly seen = new Set<string>();
  private viewText = 0;
  private work = 0;
  private nestedCode = 0;

  /** Characters the views may still grow by; a renderer can stop once past it. */
  get room(): number {
    return MAX_VIEW_TEXT - this.viewText;
  }

  /** Adds a view; undefined stands for one that renderView found longer than `room`. */
  add(view: string | undefined): void {
    if (view === undefined) this.stop('view-size');
    if (view === '' || this.seen.has(view)) return;
    if (this.views.length >= MAX_VIEWS) this.stop('views');
    this.viewText += view.length;
    if (this.viewText > MAX_VIEW_TEXT) this.stop('view-size');
    this.seen.add(view);
    this.views.push(view);
  }

  /** Adds the targets of a view; each counts as a view towards MAX_VIEWS and its text towards MAX_VIEW_TEXT. */
  addTargets(view: string, targets: readonly string[]): void {
    for (const target of targets) {
      const key = `${view}\0${target}`;
      if (this.seenTargets.has(key)) continue;
      if (this.views.length + this.targets.length >= MAX_VIEWS) this.stop('views');
      this.viewText += target.length;
      if (this.viewText > MAX_VIEW_TEXT) this.stop('view-size');
      this.seenTargets.add(key);
      this.targets.push({ view, target });
    }
  }

  /** Records a cap that skipped some structure while the analysis goes on. */
  truncate(reason: Truncation): void {
    if (this.truncated === false) this.truncated = reason;
  }

  /** Spends `units` of the work budget (see MAX_WORK). */
  spend(units: number): void {
    this.work += units;
    if (this.work > MAX_WORK) this.stop('work');
  }

  /** Spends the work budget on `characters` of nested code about to be parsed again. */
  countNestedCode(characters: number): void {
    this.nestedCode += characters;
    if (this.nestedCode > MAX_NESTED_CODE) this.stop('work');
  }

  private stop(reason: Truncation): never {
    this.truncate(reason);
    throw new AnalysisStopped(reason);
  }
}
