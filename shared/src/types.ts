import type { ArtStyle, ShirtColor, ShirtSize, ShirtStyle } from './catalog';

/** The fields that shape generated artwork, as sent to `GET /creator/generate_image`. */
export interface ArtFields {
  /** The recipient ("Who is it for?"). */
  target: string;
  interests: string;
  occasion: string;
  colors: string;
  style: ArtStyle;
  /** Must-have objects. */
  objects: string;
}

export interface ShirtChoices {
  shirtColor: ShirtColor;
  shirtStyle: ShirtStyle;
  shirtSize: ShirtSize;
  quantity: number;
}

/** What `POST /creator/checkout` receives in its query string. */
export interface CheckoutOrder {
  productName: string;
  quantity: number;
  shirtStyle: ShirtStyle;
  shirtColor: ShirtColor;
  shirtSize: ShirtSize;
  imageURL: string;
  prompt: string;
}

/** 200 answer of `GET /creator/generate_image`. */
export interface GenerateImageResponse {
  image_url: string;
  prompt: string;
}

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
}

/** Body of the limit answer (HTTP 429). */
export const LIMIT_REACHED_IMAGE_URL = 'too many requests';

/** 200 answer of `POST /creator/checkout`. */
export interface CheckoutResponse {
  paymentLinkURL: string;
}

/** The one error shape every endpoint answers with. */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
  };
}

export const WEB_VITAL_NAMES = ['LCP', 'INP', 'CLS', 'TTFB', 'FCP'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

/** One beacon sent to `POST /creator/vitals`. */
export interface WebVitalReport {
  name: WebVitalName;
  value: number;
  rating: 'good' | 'needs-improvement' | 'poor';
  id: string;
  /** Path of the page the metric was taken on, e.g. `/product`. */
  route: string;
}
