/**
 * The schema, as an append-only list of migrations. Never edit an applied migration; add a new one.
 * The same SQL runs on PGlite and on Postgres.
 */
import type { Database } from './database';

export interface Migration {
  id: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    id: '001_initial_schema',
    sql: `
      CREATE TABLE images (
        id text PRIMARY KEY,
        format text NOT NULL CHECK (format IN ('svg', 'png')),
        content bytea NOT NULL,
        print_png bytea,
        provider text NOT NULL,
        prompt text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE generation_quota (
        client_key text NOT NULL,
        day date NOT NULL,
        count integer NOT NULL,
        PRIMARY KEY (client_key, day)
      );

      CREATE TABLE orders (
        id text PRIMARY KEY,
        status text NOT NULL CHECK (status IN ('pending', 'paid')),
        product_name text NOT NULL,
        shirt_color text NOT NULL,
        shirt_style text NOT NULL,
        shirt_size text NOT NULL,
        quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 9),
        image_path text NOT NULL,
        prompt text NOT NULL,
        unit_price_cents integer NOT NULL,
        total_cents integer NOT NULL,
        currency text NOT NULL,
        payment_provider text NOT NULL,
        payment_reference text,
        created_at timestamptz NOT NULL DEFAULT now(),
        paid_at timestamptz
      );
      CREATE INDEX orders_created_at ON orders (created_at);

      CREATE TABLE web_vitals (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name text NOT NULL,
        value double precision NOT NULL,
        rating text NOT NULL,
        metric_id text NOT NULL,
        route text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX web_vitals_name_route ON web_vitals (name, route);
    `,
  },
  {
    // Print PNGs kept in the shared database (Postgres); the embedded one keeps them as files.
    id: '002_print_files',
    sql: `
      CREATE TABLE print_files (
        key text PRIMARY KEY,
        png bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    // Beside the embedded database an image's bytes are a file; the row keeps what it is.
    id: '003_image_content_in_files',
    sql: 'ALTER TABLE images ALTER COLUMN content DROP NOT NULL;',
  },
  {
    // How many generations the last statement granted: several requests take quota in one go.
    id: '004_generation_quota_last_grant',
    sql: 'ALTER TABLE generation_quota ADD COLUMN last_grant integer NOT NULL DEFAULT 0;',
  },
  {
    // An order's life after payment: where it ships, its secret page, and its way to the printer.
    id: '005_order_fulfillment',
    sql: `
      ALTER TABLE orders
        ADD COLUMN access_token text,
        ADD COLUMN email text,
        ADD COLUMN ship_to jsonb,
        ADD COLUMN fulfillment text CHECK (fulfillment IN
          ('ready_to_print', 'queued', 'in_production', 'shipped', 'problem', 'failed')),
        ADD COLUMN fulfillment_error text,
        ADD COLUMN submit_attempts integer NOT NULL DEFAULT 0,
        ADD COLUMN provider_order_id text,
        ADD COLUMN carrier text,
        ADD COLUMN tracking_number text,
        ADD COLUMN tracking_url text,
        ADD COLUMN shipped_at timestamptz;
      CREATE UNIQUE INDEX orders_access_token ON orders (access_token);
      CREATE INDEX orders_payment_reference ON orders (payment_reference);
      CREATE INDEX orders_fulfillment ON orders (fulfillment, created_at);
    `,
  },
  {
    // An image model's picture is printed as drawn: what its colours do on each shirt is measured
    // once, when it arrives.
    id: '006_picture_advice',
    sql: `ALTER TABLE images ADD COLUMN advice jsonb;`,
  },
  {
    // The order's whole life (orders/orderLife.ts): its states, each provider attempt's own
    // external id, the history of what happened to it, and the emails that told its shopper.
    id: '007_order_life',
    sql: `
      ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_fulfillment_check;
      ALTER TABLE orders ADD CONSTRAINT orders_fulfillment_check CHECK (fulfillment IN
        ('ready_to_print', 'queued', 'in_production', 'on_hold', 'shipped', 'delivered',
         'returned', 'problem', 'failed', 'cancelled', 'refunded'));
      ALTER TABLE orders ADD COLUMN provider_attempt integer NOT NULL DEFAULT 1;
      ALTER TABLE orders ADD COLUMN refunded_at timestamptz;

      CREATE TABLE order_events (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        order_id text NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        source text NOT NULL,
        event text NOT NULL,
        from_state text,
        to_state text,
        note text
      );
      CREATE INDEX order_events_order ON order_events (order_id, id);

      CREATE TABLE order_emails (
        message_id text PRIMARY KEY,
        order_id text NOT NULL,
        event_id bigint,
        kind text NOT NULL,
        recipient text NOT NULL,
        queued_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      );
      CREATE INDEX order_emails_order ON order_emails (order_id, queued_at);
    `,
  },
  {
    // The owner's desk: signed-in sessions shared by every instance, and each order's refund,
    // asked for once (its idempotency key) and recorded with what the payment provider answered.
    id: '008_owner_desk',
    sql: `
      CREATE TABLE owner_sessions (
        id text PRIMARY KEY,
        data jsonb NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX owner_sessions_expiry ON owner_sessions (expires_at);

      CREATE TABLE order_refunds (
        order_id text PRIMARY KEY,
        idempotency_key text NOT NULL,
        status text NOT NULL CHECK (status IN ('requested', 'succeeded', 'refused')),
        amount_cents integer NOT NULL,
        provider_reference text,
        error text,
        requested_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz
      );

      ALTER TABLE order_emails ADD COLUMN audience text NOT NULL DEFAULT 'shopper'
        CHECK (audience IN ('shopper', 'owner'));
    `,
  },
  {
    // Order numbers became readable (`TW-4821-7730`): the payment page's link needs a secret of its
    // own. Older orders keep their random id, which stays that link's secret.
    id: '009_payment_token',
    sql: `
      ALTER TABLE orders ADD COLUMN payment_token text;
      CREATE UNIQUE INDEX orders_payment_token ON orders (payment_token);
    `,
  },
  {
    // The money adds up: an order keeps its shirts, shipping and sales tax apart, in cents. Older
    // orders were charged their shirts and nothing else, which is what they keep.
    id: '010_order_amounts',
    sql: `
      ALTER TABLE orders
        ADD COLUMN subtotal_cents integer,
        ADD COLUMN shipping_cents integer NOT NULL DEFAULT 0,
        ADD COLUMN tax_cents integer NOT NULL DEFAULT 0;
      UPDATE orders SET subtotal_cents = total_cents;
      ALTER TABLE orders ALTER COLUMN subtotal_cents SET NOT NULL;
    `,
  },
  {
    // What a sale earned: the print provider's cost of the order it accepted, in cents. Null while
    // it is unknown (no provider, not sent yet, or the provider did not say), never zero for that.
    id: '011_provider_cost',
    sql: `
      ALTER TABLE orders
        ADD COLUMN cost_items_cents integer,
        ADD COLUMN cost_shipping_cents integer,
        ADD COLUMN cost_tax_cents integer,
        ADD COLUMN cost_total_cents integer;
    `,
  },
  {
    // The owner's notes on an order, written at the desk.
    id: '012_order_notes',
    sql: `
      CREATE TABLE order_notes (
        id bigserial PRIMARY KEY,
        order_id text NOT NULL,
        at timestamptz NOT NULL,
        text text NOT NULL
      );
      CREATE INDEX order_notes_order ON order_notes (order_id, id);
    `,
  },
  {
    // The money of an order's whole life (orders/orderStatus.ts, orders/refunding.ts): every
    // refund made, once per payment provider reference, with the sum on the order; what earlier
    // print orders of it cost (a reprint is a cost of its own); the amount a refund email tells.
    id: '013_order_money_paths',
    sql: `
      CREATE TABLE order_refunds_made (
        order_id text NOT NULL,
        reference text NOT NULL,
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        source text NOT NULL,
        made_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (order_id, reference)
      );
      ALTER TABLE orders ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0;
      ALTER TABLE orders ADD COLUMN earlier_print_cost_cents integer NOT NULL DEFAULT 0;
      ALTER TABLE order_emails ADD COLUMN amount_cents integer;

      INSERT INTO order_refunds_made (order_id, reference, amount_cents, source, made_at)
        SELECT r.order_id, coalesce(r.provider_reference, r.idempotency_key), r.amount_cents,
               'owner', coalesce(r.settled_at, r.requested_at)
        FROM order_refunds r WHERE r.status = 'succeeded' AND r.amount_cents > 0;
      INSERT INTO order_refunds_made (order_id, reference, amount_cents, source, made_at)
        SELECT o.id, 'refunded-before-the-ledger', o.total_cents, 'payment-provider',
               coalesce(o.refunded_at, now())
        FROM orders o
        WHERE o.fulfillment = 'refunded' AND o.total_cents > 0
          AND NOT EXISTS (SELECT 1 FROM order_refunds_made m WHERE m.order_id = o.id);
      UPDATE orders o SET refunded_cents = least(o.total_cents, m.sum)
        FROM (SELECT order_id, sum(amount_cents)::integer AS sum FROM order_refunds_made
              GROUP BY order_id) m
        WHERE m.order_id = o.id;
    `,
  },
  {
    // An order's state in its life (orders/orderLife.ts), derived once, here: pending until paid,
    // then where it is on its way (an order paid before there was a way to the printer waits to
    // be printed). Every query and the code read this column; none derives it again.
    id: '014_order_state_column',
    sql: `
      ALTER TABLE orders ADD COLUMN state text GENERATED ALWAYS AS (
        CASE WHEN status = 'pending' THEN 'pending' ELSE coalesce(fulfillment, 'ready_to_print') END
      ) STORED;
      CREATE INDEX orders_state ON orders (state);
    `,
  },
];

/** Any constant works; it only has to be the same for every instance sharing the database. */
const MIGRATION_LOCK_KEY = 482_910_337;

/** Applies pending migrations once, even when several server instances start together. */
export async function runMigrations(db: Database, migrations = MIGRATIONS): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Set(
      (await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).map((row) => row.id),
    );
    const newlyApplied: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      newlyApplied.push(migration.id);
    }
    return newlyApplied;
  });
}
