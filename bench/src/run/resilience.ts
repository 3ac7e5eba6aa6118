// What keeps one failing part (a scenario, a seed, a Lighthouse run) from ending the benchmark:
// each part is attempted, retried where that helps, and its failure recorded for the report.

/** A part of the run that failed: what it was and why, as the report shows it. */
export interface PartFailure {
  part: string;
  error: string;
}

/** An error's message, first lines only (a server's output can follow it). */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text.trim().split('\n');
  const head = lines.slice(0, 3).join(' ').slice(0, 300);
  return lines.length > 3 || head.length === 300 ? `${head} …` : head;
}

/** Rejects with a timeout error if `work` has not settled within `ms` (the work is not stopped). */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `work` tried up to `attempts` times; `onRetry` hears each failure that is tried again.
 * The last failure is thrown.
 */
export async function withRetries<T>(
  work: (attempt: number) => Promise<T>,
  attempts: number,
  onRetry?: (error: unknown, attempt: number) => void | Promise<void>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(attempt);
    } catch (error) {
      if (attempt >= attempts) throw error;
      await onRetry?.(error, attempt);
    }
  }
}

/** Runs the parts of a benchmark one by one; a failed part is recorded and the next one runs. */
export class Parts {
  readonly failures: PartFailure[] = [];

  constructor(private readonly log: (line: string) => void = () => {}) {}

  /** The part's result, or undefined if it threw (recorded under `part`). */
  async run<T>(part: string, work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      this.fail(part, error);
      return undefined;
    }
  }

  /** Records a failure found without a throw (a Lighthouse cell that failed every retry). */
  fail(part: string, error: unknown): void {
    const failure = { part, error: describeError(error) };
    this.failures.push(failure);
    this.log(`FAILED ${part}: ${failure.error}`);
  }

  get failed(): boolean {
    return this.failures.length > 0;
  }
}
