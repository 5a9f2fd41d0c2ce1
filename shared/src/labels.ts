/** Visible text that the spec fixes: labels of controls and pages. Tests find controls by these. */

export const GENERATE_BUTTON_LABELS = {
  idle: 'Generate Art',
  loading: 'Loading…',
  generated: 'Re-Generate Art',
  limitReached: 'Daily generation limit exceeded',
} as const;

export const BUY_BUTTON_LABELS = {
  idle: 'Buy It',
  loading: 'Loading…',
} as const;

export const FIELD_LABELS = {
  interests: 'Interests',
  colors: 'Colors',
  objects: 'Objects',
  style: 'Art style',
  target: 'Who is it for?',
  occasion: 'What occasion is this for?',
  customizations: 'Additional customizations',
  pickYourShirt: 'Pick your shirt',
  shirtColor: 'Color',
  shirtStyle: 'Style',
  shirtSize: 'Size',
  quantity: 'Quantity',
} as const;

export const PAGE_TEXT = {
  welcome: 'Welcome to our store!',
  shopAll: 'Shop All',
  loadingOrder: 'Loading your order…',
  orderComplete: 'Order complete!',
  continueShopping: 'Continue shopping',
  emptyPage: 'That page does not exist yet',
} as const;
