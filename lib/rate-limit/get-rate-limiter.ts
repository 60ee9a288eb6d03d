import "server-only";
import { config } from "@/lib/config";
import { processSingleton } from "@/lib/process-singleton";
import { getPetStore } from "@/lib/composition";
import { getDatabasePools } from "@/lib/composition/database-pools";
import { createMemoryRateLimiter, type RateLimiter } from "./rate-limiter";

const limiter = processSingleton<RateLimiter>("rateLimiter");

/**
 * Shared by every instance on PostgreSQL (the pet store opens first: it applies the
 * migrations); per process with the file store, which has one process anyway.
 */
export function getRateLimiter(): RateLimiter | Promise<RateLimiter> {
  return limiter.settled() ?? openRateLimiter();
}

function openRateLimiter(): Promise<RateLimiter> {
  return limiter.get(async () => {
    if (!config.databaseUrl) return createMemoryRateLimiter();
    await getPetStore();
    const { createPostgresRateLimiter } = await import("./postgres-rate-limiter");
    const { requests } = await getDatabasePools();
    return createPostgresRateLimiter({ connectionString: config.databaseUrl, database: requests });
  });
}
