/** A state library's action wrapper: runs `fn` as one batched update. */
export function action<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  return (...args: A) => fn(...args);
}
