/** Colour arithmetic in HSL, enough to build harmonious palettes and grey-only art. */

export interface Hsl {
  h: number;
  s: number;
  l: number;
}

function clamp(value: number, min = 0, max = 1): number {
  return Math.min(max, Math.max(min, value));
}

export function hexToRgb(hex: string): [number, number, number] {
  let clean = hex.replace('#', '').toLowerCase();
  if (clean.length === 3) clean = [...clean].map((digit) => digit + digit).join('');
  const value = Number.parseInt(clean.slice(0, 6), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** The 8-bit value a colour channel is written with. */
export function channelByte(value: number): number {
  // Written out rather than through clamp(): it runs for every pixel the ink checks measure.
  if (!(value > 0)) return 0;
  return value >= 255 ? 255 : Math.round(value);
}

export function rgbToHex(red: number, green: number, blue: number): string {
  const channel = (value: number) => channelByte(value).toString(16).padStart(2, '0');
  return `#${channel(red)}${channel(green)}${channel(blue)}`;
}

export function hexToHsl(hex: string): Hsl {
  const [red, green, blue] = hexToRgb(hex).map((value) => value / 255) as [number, number, number];
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const delta = max - min;
  const s = l > 0.5 ? delta / (2 - max - min) : delta / (max + min);
  let h: number;
  if (max === red) h = (green - blue) / delta + (green < blue ? 6 : 0);
  else if (max === green) h = (blue - red) / delta + 2;
  else h = (red - green) / delta + 4;
  return { h: h * 60, s, l };
}

export function hslToHex({ h, s, l }: Hsl): string {
  const hue = (((h % 360) + 360) % 360) / 360;
  const saturation = clamp(s);
  const lightness = clamp(l);
  if (saturation === 0) return rgbToHex(lightness * 255, lightness * 255, lightness * 255);
  const q =
    lightness < 0.5
      ? lightness * (1 + saturation)
      : lightness + saturation - lightness * saturation;
  const p = 2 * lightness - q;
  const channel = (t: number) => {
    const wrapped = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (wrapped < 1 / 6) return p + (q - p) * 6 * wrapped;
    if (wrapped < 1 / 2) return q;
    if (wrapped < 2 / 3) return p + (q - p) * (2 / 3 - wrapped) * 6;
    return p;
  };
  return rgbToHex(channel(hue + 1 / 3) * 255, channel(hue) * 255, channel(hue - 1 / 3) * 255);
}

export function adjust(
  hex: string,
  change: Partial<Hsl> & { dl?: number; ds?: number; dh?: number },
): string {
  const hsl = hexToHsl(hex);
  return hslToHex({
    h: (change.h ?? hsl.h) + (change.dh ?? 0),
    s: clamp((change.s ?? hsl.s) + (change.ds ?? 0)),
    l: clamp((change.l ?? hsl.l) + (change.dl ?? 0)),
  });
}

export function lighten(hex: string, amount: number): string {
  return adjust(hex, { dl: amount });
}

export function darken(hex: string, amount: number): string {
  return adjust(hex, { dl: -amount });
}

export function mix(first: string, second: string, weight: number): string {
  const a = hexToRgb(first);
  const b = hexToRgb(second);
  return rgbToHex(
    a[0] + (b[0] - a[0]) * weight,
    a[1] + (b[1] - a[1]) * weight,
    a[2] + (b[2] - a[2]) * weight,
  );
}

/** WCAG's linear light of each 8-bit channel value. */
const LINEAR_LIGHT = Float64Array.from({ length: 256 }, (_, value) => {
  const channel = value / 255;
  return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
});

/** WCAG relative luminance of 8-bit channel values (measured pixels need no hex string). */
export function rgbLuminance(red: number, green: number, blue: number): number {
  return (
    0.2126 * (LINEAR_LIGHT[red] as number) +
    0.7152 * (LINEAR_LIGHT[green] as number) +
    0.0722 * (LINEAR_LIGHT[blue] as number)
  );
}

/** WCAG relative luminance, for picking readable ink. */
export function luminance(hex: string): number {
  return rgbLuminance(...hexToRgb(hex));
}

export function isGrey(hex: string): boolean {
  const [red, green, blue] = hexToRgb(hex);
  return red === green && green === blue;
}

/** The same hue and saturation at the lightness whose luminance is closest to `target`. */
export function withLuminance(hex: string, target: number): string {
  const hsl = hexToHsl(hex);
  let low = 0;
  let high = 1;
  for (let step = 0; step < 18; step += 1) {
    const middle = (low + high) / 2;
    if (luminance(hslToHex({ ...hsl, l: middle })) < target) low = middle;
    else high = middle;
  }
  return hslToHex({ ...hsl, l: (low + high) / 2 });
}
