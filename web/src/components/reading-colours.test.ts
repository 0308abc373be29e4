import { RAIN_STATUS_COLOURS, WATER_MARKER_COLOURS } from '@flood/domain';
import { describe, expect, it } from 'vitest';
import { contrastRatio, DARK_TEXT, statusColour, textOn } from './reading-colours';

describe('textOn', () => {
  it('gives every status colour text of at least 4.5:1 contrast (WCAG AA, small text)', () => {
    const colours = [
      ...Object.values(RAIN_STATUS_COLOURS),
      ...Object.values(WATER_MARKER_COLOURS),
      statusColour('rain', 'disconnected'),
    ];
    for (const colour of colours) expect(contrastRatio(colour, textOn(colour)), colour).toBeGreaterThanOrEqual(4.5);
  });

  it('puts dark text on orange and white on red', () => {
    expect(textOn('#fb8c00')).toBe(DARK_TEXT);
    expect(textOn('#d7191c')).toBe('#fff');
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });
});
