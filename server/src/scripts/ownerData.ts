/**
 * Where the owner scripts read from: a running server on the same DATA_DIR (asked over loopback
 * with its owner token, since the embedded database belongs to that process), else the database.
 */
import { loadConfig, type AppConfig } from '../config';
import type { Tracking } from '../orders/orderLife';
import type { DailyEarnings } from '../orders/orderEarnings';
import {
  ADMIN_EARNINGS_PATH,
  ADMIN_ORDERS_PATH,
  ADMIN_VITALS_PATH,
  adminCancelRefundPath,
  adminOrder,
  adminResendConfirmationPath,
  adminResubmitPath,
  adminShipPath,
  type AdminOrder,
  type OrderState,
} from '../routes/creator/admin';
import { openDatabase } from '../storage/database';
import { runMigrations } from '../storage/migrations';
import { readLiveServerInstance, type ServerInstance } from '../storage/serverInstance';
import { createOrdersRepository } from '../orders/ordersRepository';
import { createVitalsRepository, type VitalsSummaryRow } from '../vitals/vitalsRepository';

export interface OrdersQuery {
  limit: number;
  state?: OrderState;
}

export interface OwnerData {
  config: AppConfig;
  listOrders(query: OrdersQuery): Promise<AdminOrder[]>;
  /** The sales of the last `days` days that had any, newest first. */
  dailyEarnings(days: number): Promise<DailyEarnings[]>;
  /** Sends a failed, troubled or ready-to-print order to the print provider again. */
  resubmit(orderId: string): Promise<AdminOrder>;
  /** Marks a ready-to-print order shipped by the owner's hand; the shopper gets the tracking. */
  shipByHand(orderId: string, tracking: Tracking): Promise<AdminOrder>;
  /** Sends the order's confirmation email again. */
  resendConfirmation(orderId: string): Promise<AdminOrder>;
  /** Cancels an order not yet shipped and refunds the shopper, once. */
  cancelAndRefund(orderId: string, reason: string): Promise<AdminOrder>;
  vitalsSummary(): Promise<VitalsSummaryRow[]>;
  close(): Promise<void>;
}

async function fromRunningServer(config: AppConfig, running: ServerInstance): Promise<OwnerData> {
  const { port, adminToken: token } = running;
  async function ask<T>(method: 'GET' | 'POST', path: string, json?: unknown): Promise<T> {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(json !== undefined && { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const body = (await response.json().catch(() => undefined)) as
      { error?: { message?: unknown } } | undefined;
    if (!response.ok) {
      const message = body?.error?.message;
      throw new Error(
        typeof message === 'string'
          ? message
          : `The running server answered ${path} with HTTP ${response.status}`,
      );
    }
    return body as T;
  }
  return {
    config: { ...config, publicUrl: running.publicUrl ?? config.publicUrl },
    async listOrders({ limit, state }) {
      const query = new URLSearchParams({ limit: String(limit), ...(state && { state }) });
      return (await ask<{ orders: AdminOrder[] }>('GET', `${ADMIN_ORDERS_PATH}?${query}`)).orders;
    },
    async dailyEarnings(days) {
      return (await ask<{ days: DailyEarnings[] }>('GET', `${ADMIN_EARNINGS_PATH}?days=${days}`))
        .days;
    },
    async resubmit(orderId) {
      return (await ask<{ order: AdminOrder }>('POST', adminResubmitPath(orderId))).order;
    },
    async shipByHand(orderId, tracking) {
      return (await ask<{ order: AdminOrder }>('POST', adminShipPath(orderId), tracking)).order;
    },
    async resendConfirmation(orderId) {
      return (await ask<{ order: AdminOrder }>('POST', adminResendConfirmationPath(orderId))).order;
    },
    async cancelAndRefund(orderId, reason) {
      return (await ask<{ order: AdminOrder }>('POST', adminCancelRefundPath(orderId), { reason }))
        .order;
    },
    async vitalsSummary() {
      return (await ask<{ vitals: VitalsSummaryRow[] }>('GET', ADMIN_VITALS_PATH)).vitals;
    },
    close: async () => undefined,
  };
}

export async function openOwnerData(): Promise<OwnerData> {
  const config = loadConfig(process.env);
  if (config.storage.kind === 'pglite' && config.storage.dataDir !== undefined) {
    const running = readLiveServerInstance(config.storage.dataDir);
    if (running) return fromRunningServer(config, running);
  }
  const db = await openDatabase(config.storage);
  await runMigrations(db);
  const orders = createOrdersRepository(db);
  const vitals = createVitalsRepository(db);
  async function needsRunningServer(orderId: string, path: string): Promise<never> {
    if (!(await orders.find(orderId))) throw new Error(`There is no order ${orderId}.`);
    throw new Error(
      `No running server was found to ask, and the order's emails, print queue and refunds live in the server: start it (npm start) and run this again, or POST ${path} to it with the admin token.`,
    );
  }
  return {
    config,
    async listOrders({ limit, state }) {
      const recent = await orders.listRecent(limit, state);
      return recent.map((order) => adminOrder(order, config.publicUrl));
    },
    dailyEarnings: (days) => orders.dailyEarnings(days),
    async resubmit(orderId) {
      if (!(await orders.find(orderId))) throw new Error(`There is no order ${orderId}.`);
      if (config.printProvider.kind === 'none') {
        throw new Error(
          'No print provider is configured (PRINT_PROVIDER_API_KEY): print the order from the listing.',
        );
      }
      // The print queue lives in the server: only a running one can put the order back on it.
      throw new Error(
        `No running server was found to ask, and the print queue lives in the server: start it (npm start) and run this again, or POST ${adminResubmitPath(orderId)} to it with the admin token.`,
      );
    },
    // Each of these moves the order with its email (and the refund, the provider): the server's work.
    shipByHand: (orderId) => needsRunningServer(orderId, adminShipPath(orderId)),
    resendConfirmation: (orderId) =>
      needsRunningServer(orderId, adminResendConfirmationPath(orderId)),
    cancelAndRefund: (orderId) => needsRunningServer(orderId, adminCancelRefundPath(orderId)),
    vitalsSummary: () => vitals.p75ByMetricAndRoute(),
    close: () => db.close(),
  };
}
