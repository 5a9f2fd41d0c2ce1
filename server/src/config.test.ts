import { shippingCents } from '@tshirt/shared/money';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { ConfigError, REPO_ROOT, loadConfig } from './config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('ships to SHIPPING_COUNTRIES at $4.99 + $2.00 a shirt by default, never free, no sales tax', () => {
    const config = loadConfig({});
    expect(config.shippingZones).toEqual([
      { countries: ['US'], firstItemCents: 499, additionalItemCents: 200 },
    ]);
    expect(config.salesTax).toEqual({ mode: 'off', productTaxCode: 'txcd_30011000' });
  });

  it('reads zones of their own, and a threshold exact to the cent', () => {
    const config = loadConfig({
      SHIPPING_COUNTRIES: 'US,CA',
      FREE_SHIPPING_FROM: '39.99',
      SHIPPING_ZONES: 'ca, mx = 9.99 + 4.00 free 100.00; GB=12.99+5',
    });
    expect(config.shippingZones).toEqual([
      { countries: ['US'], firstItemCents: 499, additionalItemCents: 200, freeFromCents: 3999 },
      {
        countries: ['CA', 'MX'],
        firstItemCents: 999,
        additionalItemCents: 400,
        freeFromCents: 10000,
      },
      { countries: ['GB'], firstItemCents: 1299, additionalItemCents: 500 },
    ]);
    expect(config.shippingCountries).toEqual(['US', 'CA', 'MX', 'GB']);
    // Two shirts are $39.98: one cent short of free.
    expect(shippingCents(config.shippingZones[0]!, 2, 3998)).toBe(699);
    expect(shippingCents(config.shippingZones[0]!, 2, 3999)).toBe(0);
  });

  it('refuses amounts it would have to round, and zones it cannot read', () => {
    expect(() =>
      loadConfig({ SHIPPING_FIRST_ITEM: '4.999', SHIPPING_ZONES: 'Canada=9.99', SALES_TAX: 'yes' }),
    ).toThrow(
      /SHIPPING_FIRST_ITEM must be an amount in the store’s CURRENCY with at most two decimals[\s\S]*SHIPPING_ZONES must be groups like[\s\S]*SALES_TAX must be one of off, exclusive, inclusive/,
    );
  });

  it('takes up to five shipping zones, one Stripe Checkout shipping option each', () => {
    const five = 'CA=9.99+4; MX=9.99+4; GB=12.99+5; FR=12.99+5';
    expect(loadConfig({ SHIPPING_ZONES: five }).shippingZones).toHaveLength(5);
    // Every default country named in a zone: no default zone, so five zones of their own fit.
    expect(
      loadConfig({ SHIPPING_COUNTRIES: 'CA', SHIPPING_ZONES: `${five}; DE=12.99+5` }).shippingZones,
    ).toHaveLength(5);
  });

  it('refuses more than five shipping zones at start, naming the limit, instead of dropping some', () => {
    const problems = problemsOf({
      SHIPPING_ZONES: 'CA=9.99+4; MX=9.99+4; GB=12.99+5; FR=12.99+5; DE=12.99+5',
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^SHIPPING_ZONES makes 6 shipping zones \(counting SHIPPING_COUNTRIES at the default rate\): at most 5 are allowed, as Stripe Checkout offers at most 5 shipping options/,
      ),
    ]);
  });

  it('prices in USD by default, and in the one currency CURRENCY names', () => {
    expect(loadConfig({}).currency).toBe('USD');
    expect(loadConfig({ CURRENCY: 'eur' }).currency).toBe('EUR');
    expect(loadConfig({ CURRENCY: 'GBP' }).currency).toBe('GBP');
  });

  it('refuses a currency that is not ISO 4217, or whose amounts do not have two decimals', () => {
    expect(problemsOf({ CURRENCY: 'dollars' })).toEqual([
      'CURRENCY must be an ISO 4217 currency code, like usd or eur (got "dollars")',
    ]);
    expect(problemsOf({ CURRENCY: 'XYZ' })).toHaveLength(1);
    expect(problemsOf({ CURRENCY: 'jpy' })).toEqual([
      expect.stringMatching(
        /^CURRENCY=jpy is a currency with 0 decimal places: the store counts every amount in hundredths \(cents\), so only a currency with two decimal places can be used/,
      ),
    ]);
    expect(problemsOf({ CURRENCY: 'KWD' })[0]).toMatch(
      /^CURRENCY=KWD is a currency with 3 decimal places/,
    );
  });

  it('starts with no variables at all: built-in providers, embedded database in .data, port 8080', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.storage).toEqual({
      kind: 'pglite',
      dataDir: resolve(REPO_ROOT, '.data'),
      sharedBuffersMb: 128,
    });
    expect(config.imageProvider).toEqual({ kind: 'builtin' });
    expect(config.paymentProvider).toEqual({ kind: 'test' });
    expect(config.dailyGenerationLimit).toBe(10);
    expect(config.checkoutRateLimitPerMinute).toBe(30);
    expect(config.trustProxy).toBe(false);
    expect(config.frontEnd).toEqual({
      brandName: 'Threadwise',
      contactEmail: 'hello@threadwise.example',
      remoteEntries: {
        designer: '/remotes/designer/remoteEntry.js',
        checkout: '/remotes/checkout/remoteEntry.js',
      },
      remoteTimeoutMs: 120_000,
      unitPrice: '$19.99 USD',
      markupBudgetMs: 250,
    });
  });

  it('switches on the real services when their keys are set', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://shop@db:5432/shop',
      OPENAI_API_KEY: 'sk-1',
      IMAGE_MODEL: 'dall-e-3',
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(config.storage).toEqual({
      kind: 'postgres',
      databaseUrl: 'postgres://shop@db:5432/shop',
    });
    expect(config.imageProvider).toMatchObject({
      kind: 'openai',
      apiKey: 'sk-1',
      model: 'dall-e-3',
      timeoutMs: 120_000,
      partialImages: 2,
    });
    expect(
      loadConfig({ OPENAI_API_KEY: 'sk-1', IMAGE_PARTIAL_IMAGES: '0' }).imageProvider,
    ).toMatchObject({ partialImages: 0 });
    expect(() => loadConfig({ OPENAI_API_KEY: 'sk-1', IMAGE_PARTIAL_IMAGES: '4' })).toThrow(
      /IMAGE_PARTIAL_IMAGES/,
    );
    expect(config.paymentProvider).toMatchObject({
      kind: 'stripe',
      secretKey: 'sk_live_1',
      webhookSecret: 'whsec_1',
    });
  });

  it('reads remote base URLs, entry URLs and the trusted proxy setting', () => {
    const config = loadConfig({
      DESIGNER_URL: 'https://cdn.example/designer',
      CHECKOUT_URL: 'https://cdn.example/checkout/mf-manifest.json',
      TRUST_PROXY: '10.0.0.5',
      DATA_DIR: 'memory://',
      PUBLIC_URL: 'https://shop.example/',
    });
    expect(config.frontEnd.remoteEntries).toEqual({
      designer: 'https://cdn.example/designer/remoteEntry.js',
      checkout: 'https://cdn.example/checkout/mf-manifest.json',
    });
    expect(config.trustProxy).toBe('10.0.0.5');
    expect(config.storage).toEqual({ kind: 'pglite', dataDir: undefined, sharedBuffersMb: 128 });
    expect(config.publicUrl).toBe('https://shop.example');
  });

  it('refuses to start, naming every invalid variable at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      GENERATION_DAILY_LIMIT: '0',
      REMOTE_TIMEOUT_MS: '999',
      PUBLIC_URL: 'ftp://shop',
      DESIGNER_URL: 'javascript:alert(1)',
      CONTACT_EMAIL: 'not-an-email',
      TRUST_PROXY: 'yes please',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://x',
    });
    expect(problems).toHaveLength(9);
    expect(problems.join('\n')).toMatch(/PORT.*GENERATION_DAILY_LIMIT.*REMOTE_TIMEOUT_MS/s);
    expect(problems.find((problem) => problem.startsWith('REMOTE_TIMEOUT_MS'))).toContain(
      'from 1000 to 600000',
    );
  });

  it('leaves one core to the event loop for print renders by default, at the lowest priority, and bounds their queue', () => {
    expect(loadConfig({}).printRendering).toEqual({
      threads: Math.max(1, availableParallelism() - 1),
      niceness: 19,
      queueLimit: 8,
      cacheMaxMb: 256,
    });
    expect(
      loadConfig({
        PRINT_RENDER_THREADS: '2',
        PRINT_RENDER_NICENESS: '0',
        PRINT_RENDER_QUEUE: '20',
        PRINT_CACHE_MAX_MB: '0',
      }).printRendering,
    ).toEqual({ threads: 2, niceness: 0, queueLimit: 20, cacheMaxMb: 0 });
    expect(
      problemsOf({
        PRINT_RENDER_THREADS: '0',
        PRINT_RENDER_QUEUE: 'many',
        PRINT_CACHE_MAX_MB: '-1',
      }),
    ).toEqual([
      expect.stringContaining('PRINT_RENDER_THREADS must be a whole number from 1 to 64'),
      expect.stringContaining('PRINT_RENDER_QUEUE must be a whole number from 1 to 1000'),
      expect.stringContaining('PRINT_CACHE_MAX_MB must be a whole number from 0 to 1048576'),
    ]);
  });

  it('gives the embedded database the page cache asked for, Postgres’s 128 MB by default', () => {
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '16' }).storage).toMatchObject({
      kind: 'pglite',
      sharedBuffersMb: 16,
    });
    expect(problemsOf({ PGLITE_SHARED_BUFFERS_MB: '0' })).toEqual([
      expect.stringContaining('PGLITE_SHARED_BUFFERS_MB must be a whole number from 1 to 16384'),
    ]);
  });

  it('draws artwork on one thread per core by default, and bounds the drawings waiting', () => {
    expect(loadConfig({}).artEngine).toEqual({
      threads: availableParallelism(),
      queueLimit: 1000,
    });
    expect(loadConfig({ ART_ENGINE_THREADS: '3', ART_ENGINE_QUEUE: '50' }).artEngine).toEqual({
      threads: 3,
      queueLimit: 50,
    });
    expect(problemsOf({ ART_ENGINE_THREADS: '0', ART_ENGINE_QUEUE: '1e9' })).toEqual([
      expect.stringContaining('ART_ENGINE_THREADS must be a whole number from 1 to 64'),
      expect.stringContaining('ART_ENGINE_QUEUE must be a whole number from 1 to 100000'),
    ]);
  });

  it('starts the art and print threads with the store unless told to wait for their first job', () => {
    expect(loadConfig({}).workerThreadsOnFirstJob).toBe(false);
    expect(loadConfig({ WORKER_THREADS_ON_FIRST_JOB: 'true' }).workerThreadsOnFirstJob).toBe(true);
    expect(problemsOf({ WORKER_THREADS_ON_FIRST_JOB: 'soon' })).toEqual([
      expect.stringContaining('WORKER_THREADS_ON_FIRST_JOB'),
    ]);
  });

  it('never repeats a secret in its refusal', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://shop:hunter2@db/shop',
      ADMIN_TOKEN: 'hunter2',
    });
    expect(problems).toEqual([
      expect.stringMatching(/^DATABASE_URL must be a postgres:\/\//),
      'ADMIN_TOKEN must be at least 16 characters',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('requires the webhook secret with a Stripe key', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_1' })).toEqual([
      expect.stringContaining('STRIPE_WEBHOOK_SECRET is required'),
    ]);
  });

  it('refuses to start in production with only the test payment page, saying how to fix it', () => {
    const [problem, ...others] = problemsOf({ NODE_ENV: 'production' });
    expect(others).toEqual([]);
    expect(problem).toMatch(/NODE_ENV=production/);
    expect(problem).toMatch(/STRIPE_SECRET_KEY/);
    expect(problem).toMatch(/ALLOW_TEST_PAYMENTS=true/);
  });

  it('starts in production with Stripe, or with test payments when the owner asks for them', () => {
    expect(
      loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_1', STRIPE_WEBHOOK_SECRET: 'w' })
        .paymentProvider.kind,
    ).toBe('stripe');
    const testing = loadConfig({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' });
    expect(testing.paymentProvider.kind).toBe('test');
    expect(testing.production).toBe(true);
    expect(problemsOf({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'yes' })).toEqual([
      expect.stringContaining('ALLOW_TEST_PAYMENTS must be "true" or "false"'),
      expect.stringContaining('No payment provider'),
    ]);
  });

  it('refuses TRUST_PROXY=true, which would let any client choose its visitor address', () => {
    const [problem, ...others] = problemsOf({ TRUST_PROXY: 'true' });
    expect(others).toEqual([]);
    expect(problem).toMatch(/^TRUST_PROXY=true .*X-Forwarded-For/);
    expect(problem).toMatch(/TRUST_PROXY=loopback .*TRUST_PROXY=10\.0\.0\.0\/8/);
  });

  it.each(['1', '2', '01'])(
    'refuses the hop count TRUST_PROXY=%s, which Fastify ignores, naming the forms that work',
    (hops) => {
      const [problem, ...others] = problemsOf({ TRUST_PROXY: hops });
      expect(others).toEqual([]);
      expect(problem).toMatch(new RegExp(`^TRUST_PROXY=${hops} is a hop count`));
      expect(problem).toMatch(/TRUST_PROXY=loopback .*TRUST_PROXY=10\.0\.0\.5/);
    },
  );

  it.each([
    ['0', false],
    ['10.0.0.0/8', '10.0.0.0/8'],
    ['127.0.0.1, ::1', '127.0.0.1,::1'],
    ['loopback, 10.1.2.3', 'loopback,10.1.2.3'],
    ['false', false],
  ])('reads TRUST_PROXY=%s as proxy addresses or off', (raw, expected) => {
    expect(loadConfig({ TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it('allows only the PUBLIC_URL origin to spend quota from a browser, whatever its path', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/store/' }).allowedOrigins).toEqual([
      'https://shop.example',
    ]);
  });

  it('adds the standalone front ends in STANDALONE_ORIGINS to the origins that may call the API', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://shop.example',
      STANDALONE_ORIGINS: 'http://localhost:3001, http://127.0.0.1:3002/',
    });
    expect(config.standaloneOrigins).toEqual(['http://localhost:3001', 'http://127.0.0.1:3002']);
    expect(config.allowedOrigins).toEqual([
      'https://shop.example',
      'http://localhost:3001',
      'http://127.0.0.1:3002',
    ]);
  });

  it.each(['localhost:3001', 'http://localhost:3001/designer/', 'ftp://files.example', '*'])(
    'refuses STANDALONE_ORIGINS=%s, which is not a list of origins',
    (value) => {
      expect(() => loadConfig({ STANDALONE_ORIGINS: value })).toThrow(/STANDALONE_ORIGINS/);
    },
  );

  it('reads the abuse limits, the stop time and the source map switch', () => {
    expect(loadConfig({})).toMatchObject({
      vitalsRateLimitPerMinute: 60,
      vitalsMaxRows: 100_000,
      shutdownTimeoutMs: 10_000,
      serveSourceMaps: false,
    });
    expect(
      loadConfig({
        VITALS_RATE_LIMIT_PER_MINUTE: '5',
        VITALS_MAX_ROWS: '2000',
        SHUTDOWN_TIMEOUT_MS: '2500',
        SERVE_SOURCE_MAPS: 'true',
      }),
    ).toMatchObject({
      vitalsRateLimitPerMinute: 5,
      vitalsMaxRows: 2000,
      shutdownTimeoutMs: 2500,
      serveSourceMaps: true,
    });
    expect(problemsOf({ SERVE_SOURCE_MAPS: 'sure', SHUTDOWN_TIMEOUT_MS: 'Infinity' })).toHaveLength(
      2,
    );
  });
});
