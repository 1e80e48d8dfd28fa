// What a process remembers for a while (tokens it refused or knows, walks it refused): entries by
// key, each until its own time, read as absent once that time has passed. Bounded: past `most`
// entries the oldest written goes first, so a flood of new keys costs memory only up to it.

export class ExpiringMemory<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly most: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The value of `key` and when it lapses (the `now` clock), unless absent or lapsed. */
  get(key: string): { value: V; until: number } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry;
    this.entries.delete(key);
    return undefined;
  }

  /** Remembers `value` for `key` for `forMs`, as the newest entry. */
  set(key: string, value: V, forMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: this.now() + forMs });
    if (this.entries.size > this.most) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }

  /** The time now, on the clock entries lapse by. */
  clock(): number {
    return this.now();
  }

  /** Forgets every entry. */
  clear(): void {
    this.entries.clear();
  }
}
