/** The part of autocannon's API the load test uses (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface RequestParams {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }
    interface Request extends RequestParams {
      setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams;
    }
    interface Options extends RequestParams {
      url: string;
      connections?: number;
      duration?: number;
      timeout?: number;
      requests?: Request[];
    }
    interface Histogram {
      average: number;
      p50: number;
      p99: number;
      total: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      '5xx': number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
