import { createRequire } from 'node:module';

/** What a run reports, as far as the benchmarks read it. */
export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

export interface AutocannonRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface AutocannonOptions {
  url: string;
  connections: number;
  /** Seconds to run, or… */
  duration?: number;
  /** …how many requests to send. */
  amount?: number;
  workers?: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
  overallRate?: number;
}

// autocannon ships no types; this is the part of its API the benchmarks use.
export const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;
