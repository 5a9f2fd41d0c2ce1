/** `npm run orders -w server`: the orders to print, newest first, with each paid order's print file. */
import { formatPrice } from '@tshirt/shared/catalog';
import { ConfigError } from '../config';
import { openOwnerData } from './ownerData';
import { formatOrders } from './formatOrders';

async function main() {
  const limit = Number(process.argv[2] ?? 100);
  const owner = await openOwnerData();
  try {
    const orders = await owner.listOrders(
      Number.isInteger(limit) && limit > 0 ? Math.min(limit, 1000) : 100,
    );
    console.log(formatOrders(orders, owner.config.publicUrl, formatPrice));
  } finally {
    await owner.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
