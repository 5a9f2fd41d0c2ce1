/** `npm run vitals -w server`: the 75th percentile of each Web Vital per route. */
import { openOwnerData } from './ownerData';
import { formatVitals } from './formatVitals';

async function main() {
  const owner = await openOwnerData();
  try {
    console.log(formatVitals(await owner.vitalsSummary()));
  } finally {
    await owner.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
