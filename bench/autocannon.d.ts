// The part of autocannon's API that bench/server.bench.ts uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    readonly url: string;
    readonly method?: string;
    readonly headers?: Record<string, string>;
    readonly body?: string;
    readonly connections?: number;
    readonly duration?: number;
  }
  interface Histogram {
    readonly average: number;
    readonly p50: number;
    readonly p99: number;
  }
  interface Result {
    readonly requests: Histogram;
    readonly latency: Histogram;
    readonly errors: number;
    readonly non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
