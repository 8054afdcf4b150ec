/** The part of autocannon's API the load bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram { average: number; p50: number; p90: number; p99: number; max: number }
  export interface AutocannonResult {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    duration: number;
  }
  export interface AutocannonOptions {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    amount?: number;
    overallRate?: number;
  }
  export type AutocannonInstance = Promise<AutocannonResult> & {
    on(event: 'response', fn: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void): void;
  };
  export default function autocannon(opts: AutocannonOptions): AutocannonInstance;
}
