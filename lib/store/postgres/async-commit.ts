/**
 * A one-row CTE that makes its statement's transaction commit without waiting for the WAL
 * flush, like SET LOCAL synchronous_commit = off but in the statement itself: no extra round
 * trip, and the connection's own setting is untouched for the next request that borrows it.
 * For rows whose loss in a database crash costs nothing (docs/decisions/109, 242).
 * The statement must read from it (`FROM ..., async_commit` or `USING async_commit`): a
 * SELECT in WITH that nobody reads is never run.
 */
export const ASYNC_COMMIT = "async_commit AS (SELECT set_config('synchronous_commit', 'off', true))";
