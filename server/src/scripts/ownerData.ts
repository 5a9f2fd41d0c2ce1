/**
 * Where the owner scripts read from: a running server on the same DATA_DIR (asked over loopback
 * with its owner token, since the embedded database belongs to that process), else the database.
 */
import { loadConfig, type AppConfig } from '../config';
import type { Order } from '../orders/ordersRepository';
import { ADMIN_ORDERS_PATH, ADMIN_VITALS_PATH } from '../routes/creator/admin';
import { openDatabase } from '../storage/database';
import { runMigrations } from '../storage/migrations';
import { readLiveServerInstance, type ServerInstance } from '../storage/serverInstance';
import { createOrdersRepository } from '../orders/ordersRepository';
import { createVitalsRepository, type VitalsSummaryRow } from '../vitals/vitalsRepository';

export interface OwnerData {
  config: AppConfig;
  listOrders(limit: number): Promise<Order[]>;
  vitalsSummary(): Promise<VitalsSummaryRow[]>;
  close(): Promise<void>;
}

async function fromRunningServer(config: AppConfig, running: ServerInstance): Promise<OwnerData> {
  const { port, adminToken: token } = running;
  async function get<T>(path: string): Promise<T> {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok)
      throw new Error(`The running server answered ${path} with HTTP ${response.status}`);
    return (await response.json()) as T;
  }
  return {
    config: { ...config, publicUrl: running.publicUrl ?? config.publicUrl },
    async listOrders(limit) {
      const { orders } = await get<{
        orders: Array<Order & { createdAt: string; paidAt: string | null }>;
      }>(`${ADMIN_ORDERS_PATH}?limit=${limit}`);
      return orders.map((order) => ({
        ...order,
        createdAt: new Date(order.createdAt),
        paidAt: order.paidAt ? new Date(order.paidAt) : null,
      }));
    },
    async vitalsSummary() {
      return (await get<{ vitals: VitalsSummaryRow[] }>(ADMIN_VITALS_PATH)).vitals;
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
  return {
    config,
    listOrders: (limit) => orders.listRecent(limit),
    vitalsSummary: () => vitals.p75ByMetricAndRoute(),
    close: () => db.close(),
  };
}
