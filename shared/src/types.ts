import type { ShirtColor } from './catalog';
import type { CheckoutOrder } from './schemas';

// The API's request and answer shapes are written once, as schemas (./schemas); these are their
// types. Type-only, so browser code that imports this file carries no TypeBox.
export type {
  ArtFields,
  CheckoutOrder,
  CheckoutResponse,
  GenerateImageResponse,
  OrderProgress,
  OrderView,
  ShippingDetails,
  ShipTo,
  StoreOffer,
  WebVitalReport,
} from './schemas';

/** The shirt the shopper picks: the checkout order's shirt fields. */
export type ShirtChoices = Pick<
  CheckoutOrder,
  'shirtColor' | 'shirtStyle' | 'shirtSize' | 'quantity'
>;

/**
 * `GET <artwork>.json` (beside a generated `.svg` or a pre-made design): how the shopper's own
 * colours fare on each shirt colour. The artwork itself always keeps 3:1 contrast on every shirt
 * (`<artwork>.svg?shirt=<colour>`); this says where it had to change those colours to get there.
 */
export interface ArtworkShirtAdvice {
  /** Per shirt colour, the colour words the shopper typed that are too faint on it (absent: none). */
  faintColors: Partial<Record<ShirtColor, string[]>>;
  /** Shirt colours that show every one of those colours as chosen (or lose the fewest). */
  suggestedShirts: ShirtColor[];
  /**
   * `fitted` (absent means fitted): the engine's artwork, which prints a faint colour in a shade
   * that shows. `as-drawn`: an image model's picture, printed as it is; `faintColors` then names
   * the colours of the picture's own outline that would barely show on that shirt.
   */
  ink?: 'fitted' | 'as-drawn';
  /** The picture fills its rectangle (no background could be told apart): it prints as a block. */
  filledBackground?: boolean;
}

/** Body of the limit answer (HTTP 429). */
export const LIMIT_REACHED_IMAGE_URL = 'too many requests';

/** The one error shape every endpoint answers with. */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    /** The request field the refusal is about (an art field's name: `interests`, `target`, …). */
    field?: string;
  };
}

export const WEB_VITAL_NAMES = ['LCP', 'INP', 'CLS', 'TTFB', 'FCP'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];
