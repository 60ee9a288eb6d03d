/**
 * `no-store`: answers about pets are per caller and change with every create.
 * `no-transform`: also keeps Next's gzip off these small JSON bodies (a page of 20 pets is
 * about 1 KB); compressing them cost a quarter of the API's throughput for a few hundred
 * bytes saved. A reverse proxy may still compress if bandwidth matters more.
 */
export const API_CACHE_CONTROL = "no-store, no-transform";
