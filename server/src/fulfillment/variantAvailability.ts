/**
 * Which shirts the print provider makes: each style's catalog product, read from the provider,
 * kept in memory and read again every `refreshMinutes`. Until a first read succeeds (the provider
 * is down at start-up) nothing is refused: the store starts and sells every shirt of the spec, and
 * the read is tried again each minute. A read that fails later keeps the last good catalog.
 */
import {
  SHIRT_COLORS,
  SHIRT_SIZES,
  SHIRT_STYLES,
  type ShirtColor,
  type ShirtSize,
  type ShirtStyle,
} from '@tshirt/shared/catalog';
import type { StoreOffer } from '@tshirt/shared/types';
import { CATALOG_PRODUCT_IDS, findVariant, type CatalogVariant } from './printVariants';

export type UnavailableShirt = StoreOffer['unavailable'][number];

export interface VariantAvailability {
  /** Why the provider does not make this shirt, or undefined when it does (or is not known yet). */
  unavailableReason(style: ShirtStyle, color: ShirtColor, size: ShirtSize): string | undefined;
  /** Every shirt of the spec the provider does not make, with why. */
  unavailable(): UnavailableShirt[];
  /** Reads the catalog now; resolves whether it was read (a failure keeps what was known). */
  refresh(): Promise<boolean>;
  /** When the catalog was last read, or undefined before the first good read. */
  readonly readAt: Date | undefined;
  stop(): void;
}

/** The style's shirt in the shopper's words, for the reason a size is refused. */
function shirtWords(style: ShirtStyle, color: ShirtColor, size: ShirtSize): string {
  return `the ${style} shirt in ${color}, size ${size}`;
}

/** Why the catalog's variants do not give this shirt, or undefined when they do. */
export function reasonFromCatalog(
  variants: readonly CatalogVariant[],
  style: ShirtStyle,
  color: ShirtColor,
  size: ShirtSize,
): string | undefined {
  const variant = findVariant(variants, color, size);
  if (!variant) return `Our print shop does not make ${shirtWords(style, color, size)}.`;
  if (variant.in_stock === false) {
    return `${shirtWords(style, color, size)} is out of stock at our print shop.`.replace(
      /^t/,
      'T',
    );
  }
  return undefined;
}

export function createVariantAvailability(options: {
  /** The catalog product's variants, read from the provider (throws when it cannot be read). */
  readCatalog(productId: number): Promise<CatalogVariant[]>;
  refreshMinutes: number;
  onError?(error: unknown): void;
  /** Starts reading at once and on a timer; false for tests that call refresh themselves. */
  start?: boolean;
}): VariantAvailability {
  let unavailable: UnavailableShirt[] = [];
  let readAt: Date | undefined;
  let timer: NodeJS.Timeout | undefined;
  let reading: Promise<boolean> | undefined;
  let stopped = false;

  async function read(): Promise<boolean> {
    try {
      const found: UnavailableShirt[] = [];
      for (const style of SHIRT_STYLES) {
        const variants = await options.readCatalog(CATALOG_PRODUCT_IDS[style]);
        for (const color of SHIRT_COLORS) {
          for (const size of SHIRT_SIZES) {
            const reason = reasonFromCatalog(variants, style, color, size);
            if (reason)
              found.push({ shirtStyle: style, shirtColor: color, shirtSize: size, reason });
          }
        }
      }
      unavailable = found;
      readAt = new Date();
      return true;
    } catch (error) {
      options.onError?.(error);
      return false;
    }
  }

  function schedule(): void {
    if (options.start === false || stopped) return;
    // Every minute until the first good read, then every refreshMinutes.
    const minutes = readAt ? options.refreshMinutes : 1;
    timer = setTimeout(() => void availability.refresh().finally(schedule), minutes * 60_000);
    timer.unref();
  }

  const availability: VariantAvailability = {
    unavailableReason(style, color, size) {
      return unavailable.find(
        (shirt) =>
          shirt.shirtStyle === style && shirt.shirtColor === color && shirt.shirtSize === size,
      )?.reason;
    },
    unavailable: () => unavailable,
    refresh() {
      reading ??= read().finally(() => (reading = undefined));
      return reading;
    },
    get readAt() {
      return readAt;
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
  if (options.start !== false) void availability.refresh().finally(schedule);
  return availability;
}
