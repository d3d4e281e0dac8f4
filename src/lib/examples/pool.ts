/** Bounded concurrency (pure): at most `size` tasks run at once, the rest start in the order they were queued. */
export type Pool = <T>(task: () => Promise<T>) => Promise<T>;

export function pool(size: number): Pool {
  let running = 0;
  const queue: Array<() => void> = [];
  const next = () => { if (running < size) queue.shift()?.(); };
  return (task) => new Promise((resolve, reject) => {
    queue.push(() => {
      running++;
      task().then(resolve, reject).finally(() => { running--; next(); });
    });
    next();
  });
}
