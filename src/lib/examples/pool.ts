/**
 * Bounded concurrency (pure): at most `size` tasks run at once, the rest start in the order they were queued; an
 * `urgent` task goes ahead of every waiting one (the shards of the page on screen before the remaining indices).
 */
export type Pool = <T>(task: () => Promise<T>, urgent?: boolean) => Promise<T>;

export function pool(size: number): Pool {
  let running = 0;
  const queue: Array<() => void> = [];
  const next = () => { if (running < size) queue.shift()?.(); };
  return (task, urgent = false) => new Promise((resolve, reject) => {
    queue[urgent ? 'unshift' : 'push'](() => {
      running++;
      task().then(resolve, reject).finally(() => { running--; next(); });
    });
    next();
  });
}
