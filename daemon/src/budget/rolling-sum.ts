// A rolling window's running total: the (at, amount) entries it counts, oldest first, and their sum. Reading the
// total is O(1); each entry is paid for once on the way in and once on the way out, so the hot path never rescans
// a week of entries.

/** Evicted slots are dropped from the arrays once there are this many and they are most of the arrays. */
const COMPACT_AFTER = 4096;

export class RollingSum {
  private ats: number[] = [];
  private amounts: number[] = [];
  /** Index of the oldest entry still counted; the slots before it are evicted. */
  private head = 0;
  private sum = 0;

  /** Counts an entry. Entries usually arrive in time order; a late one (an older log line) is sorted in. */
  add(at: number, amount: number): void {
    const last = this.ats.length - 1;
    if (last < this.head || at >= this.ats[last]!) {
      this.ats.push(at);
      this.amounts.push(amount);
    } else {
      const index = this.firstIndexAfter(at);
      this.ats.splice(index, 0, at);
      this.amounts.splice(index, 0, amount);
    }
    this.sum += amount;
  }

  /** Stops counting the entries at or before `cutoff`. */
  evict(cutoff: number): void {
    while (this.head < this.ats.length && this.ats[this.head]! <= cutoff) {
      this.sum -= this.amounts[this.head]!;
      this.head++;
    }
    if (this.head === this.ats.length) {
      // Empty: start over, which also clears the rounding error that adding and subtracting dollars leaves.
      this.ats = [];
      this.amounts = [];
      this.head = 0;
      this.sum = 0;
    } else if (this.head >= COMPACT_AFTER && this.head * 2 >= this.ats.length) {
      this.ats = this.ats.slice(this.head);
      this.amounts = this.amounts.slice(this.head);
      this.head = 0;
    }
  }

  get total(): number {
    return Math.max(0, this.sum);
  }

  /** The `at` of the oldest entry counted; null when empty. */
  get oldestAt(): number | null {
    return this.head < this.ats.length ? this.ats[this.head]! : null;
  }

  get size(): number {
    return this.ats.length - this.head;
  }

  /** Binary search in the counted part for the first entry later than `at` (keeps equal times in arrival order). */
  private firstIndexAfter(at: number): number {
    let low = this.head;
    let high = this.ats.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.ats[middle]! <= at) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
