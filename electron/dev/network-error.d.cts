/** "fetch failed: connect ECONNREFUSED 127.0.0.1:9": the message, then what caused it. */
export declare function describeFetchFailure(error: unknown): string;
/** What lies behind `error`: every cause in its chain (each error of an AggregateError), or ''. */
export declare function networkCause(error: unknown): string;
