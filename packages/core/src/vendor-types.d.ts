declare module 'rate-limiter-flexible/lib/RateLimiterMemory.js' {
  const RateLimiterMemory: new (options: {
    points: number;
    duration: number;
  }) => {
    consume(key: string, points?: number): Promise<unknown>;
  };
  export default RateLimiterMemory;
}
