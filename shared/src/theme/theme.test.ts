import { theme } from './index';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};
/** HSL saturation (0–1) of a #rrggbb colour. */
function saturation(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  return max === min ? 0 : (max - min) / (1 - Math.abs(2 * l - 1));
}

describe('the primary colour (audit L2)', () => {
  const brand = theme.colors!.brand!;

  it('is the primary colour, filled at shade 6', () => {
    expect(theme.primaryColor).toBe('brand');
    expect(theme.primaryShade ?? 6).toBe(6);
  });

  it('fills buttons with a saturated blue (not the washed-out #5474b4 that looked disabled)', () => {
    expect(saturation(brand[6])).toBeGreaterThan(0.7);
    expect(saturation(brand[7])).toBeGreaterThan(0.7);
    expect(saturation('#5474b4')).toBeLessThan(0.5);
  });

  it('keeps AA contrast: white text on the filled and hover shades, the shade as text on white', () => {
    expect(contrast(brand[6], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(brand[7], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // the light variant: brand.6 text on a 10 % tint, close to brand.0
    expect(contrast(brand[6], brand[0])).toBeGreaterThanOrEqual(4.5);
  });
});
