import type { StationReading } from '@flood/domain';
import { describe, expect, it } from 'vitest';
import { ensureLanguage, i18n } from '../../lib/i18n';
import { testAlert, testReading } from '../../test/fixtures';
import {
  alertToastText,
  polygonTooltip,
  readingStatusText,
  stationTooltip,
  stationValueWithUnit,
  waterContextText,
} from './map-texts';
import { markerHtml } from './station-marker-html';
import { markerLook } from './station-style';

await ensureLanguage('en'); // English is fetched on first use
const vi = i18n.getFixedT('vi');
const en = i18n.getFixedT('en');

const reading = (over: Partial<StationReading>): StationReading =>
  testReading({
    stationName: 'Trạm Thanh Lâm',
    lat: 21.3,
    long: 107.2,
    value: 12.5,
    observedAt: '2026-11-23T00:30:00.000Z',
    date: '23/11/2026',
    hour: '07',
    status: 'heavy',
    statusLabel: 'Mưa to',
    ...over,
  });

describe('station tooltips (spec §2)', () => {
  it('rain: "{name} - Lượng mưa {v} mm/h" with a decimal comma', () => {
    expect(stationTooltip(vi, reading({}), 'vi')).toBe('Trạm Thanh Lâm - Lượng mưa 12,5 mm/h');
    expect(stationTooltip(en, reading({}), 'en')).toBe('Trạm Thanh Lâm - Rainfall 12.5 mm/h');
  });

  it('water: "{name} - Mực nước {v} m", centimetres shown in metres with two decimals', () => {
    const w = reading({
      stationCode: 'F01024',
      stationName: 'Trạm Ba Chẽ',
      kind: 'water',
      value: 62,
      status: 'level2',
    });
    expect(stationTooltip(vi, w, 'vi')).toBe('Trạm Ba Chẽ - Mực nước 0,62 m');
    expect(stationValueWithUnit('water', 125, 'vi')).toBe('1,25 m');
    expect(stationValueWithUnit('rain', 0, 'vi')).toBe('0,0 mm/h');
  });

  it('a silent station says so; a station without a value says there is no data', () => {
    const silent = reading({ disconnected: true, status: 'disconnected', statusLabel: 'Mất kết nối' });
    expect(stationTooltip(vi, silent, 'vi')).toBe('Trạm Thanh Lâm - Lượng mưa 12,5 mm/h (Mất kết nối)');
    expect(readingStatusText(silent, 'vi')).toBe('Mất kết nối');
    expect(markerLook(silent)).toEqual({ colour: '#9e9e9e', disconnected: true });
    expect(stationTooltip(vi, reading({ value: null, status: 'noData' }), 'vi')).toBe(
      'Trạm Thanh Lâm - Không có dữ liệu',
    );
  });

  it('status texts and marker colours come from the domain rules', () => {
    const w = reading({ kind: 'water', value: 62, status: 'level2' });
    expect(readingStatusText(w, 'vi')).toBe('Cấp II');
    expect(readingStatusText(w, 'en')).toBe('Level II');
    expect(markerLook(w).colour).toBe('#fb8c00');
    expect(markerLook(reading({ value: 35 })).colour).toBe('#d7191c');
    expect(markerLook(reading({ value: 0 })).colour).toBe('#90a4ae');
  });
});

describe('marked latest values (#22)', () => {
  const water = (quality: StationReading['quality']) =>
    reading({ stationCode: 'F01024', stationName: 'Trạm Ba Chẽ', kind: 'water', value: 55, status: 'level2', quality });

  it("the tooltip says 'chưa xác nhận' or 'nghi ngờ' after the value, in both languages", () => {
    expect(stationTooltip(vi, water('unconfirmed'), 'vi')).toBe('Trạm Ba Chẽ - Mực nước 0,55 m (chưa xác nhận)');
    expect(stationTooltip(vi, water('suspect'), 'vi')).toBe('Trạm Ba Chẽ - Mực nước 0,55 m (nghi ngờ)');
    expect(stationTooltip(en, water('suspect'), 'en')).toBe('Trạm Ba Chẽ - Water level 0.55 m (suspect)');
    expect(stationTooltip(vi, water('good'), 'vi')).toBe('Trạm Ba Chẽ - Mực nước 0,55 m');
    const silent = { ...water('suspect'), disconnected: true };
    expect(stationTooltip(vi, silent, 'vi')).toBe('Trạm Ba Chẽ - Mực nước 0,55 m (nghi ngờ, Mất kết nối)');
  });

  it('the pill keeps the level colour, takes a dashed mark and its word; a plain value has none', () => {
    const html = markerHtml(water('unconfirmed'), 'vi', vi);
    expect(html).toContain('background:#fb8c00');
    expect(html).toContain('station-marker-marked station-marker-unconfirmed');
    expect(html).toContain('data-mark="unconfirmed"');
    // The word under the pill, drawn by the stylesheet from data-mark-label; the pill's text stays the value.
    expect(html).toContain('data-mark-label="chưa xác nhận">0,55</span>');
    expect(markerHtml(water('suspect'), 'en', en)).toContain('data-mark-label="suspect"');
    for (const quality of ['good', null] as const) {
      const plain = markerHtml(water(quality), 'vi', vi);
      expect(plain).not.toContain('station-marker-marked');
      expect(plain).not.toContain('data-mark');
    }
    // No value, no mark (the server sends none either, but a past hour must never carry one).
    expect(markerHtml({ ...water('suspect'), value: null }, 'vi', vi)).not.toContain('data-mark');
  });
});

describe('polygon tooltips (spec §2)', () => {
  it('"Lượng mưa: {v} mm/h" for the rain layers, "Mực nước: {v} m" for the flood', () => {
    expect(polygonTooltip(vi, 'rain', 42, 'vi')).toBe('Lượng mưa: 42,0 mm/h');
    expect(polygonTooltip(vi, 'water', 1.5, 'vi')).toBe('Mực nước: 1,50 m');
    expect(polygonTooltip(en, 'water', 1.5, 'en')).toBe('Water level: 1.50 m');
  });
});

describe('warning toast text', () => {
  const alert = testAlert(11, 2, {
    stationId: 5,
    stationCode: 'F01024',
    stationName: 'Trạm Trung tâm Y tế',
    value: 62,
    peakValue: 62,
    trend: 'rising',
    positionText: 'Đối diện Trung tâm Y tế huyện Ba Chẽ',
    lat: 21.273,
    long: 107.2896,
    message: 'Trạm Trung tâm Y tế: mực nước đạt báo động cấp II (0,62 m)',
  });

  it('names the level and the position', () => {
    expect(alertToastText(vi, alert, 'vi')).toEqual({
      title: 'Cảnh báo lũ – Cấp II',
      description:
        'Trạm Trung tâm Y tế: mực nước đạt báo động cấp II · đỉnh 0,62 m · hiện 0,62 m · đang lên · từ 23/11/2026 07:00. Vị trí: Đối diện Trung tâm Y tế huyện Ba Chẽ',
    });
    const english = alertToastText(en, alert, 'en');
    expect(english.title).toBe('Flood warning – Level II');
    expect(english.description).toContain('water level at alarm level II · peak 0.62 m · now 0.62 m · rising');
    expect(english.description).toContain('Location: Đối diện Trung tâm Y tế huyện Ba Chẽ');
  });

  it('rain warnings say so, with the peak apart from the current value and one unit per language', () => {
    const rain = {
      ...alert,
      kind: 'RAIN_INTENSITY' as const,
      stationKind: 'rain' as const,
      level: 1,
      value: 0,
      peakValue: 11.1,
      trend: 'falling' as const,
      positionText: '',
    };
    expect(alertToastText(vi, rain, 'vi')).toEqual({
      title: 'Cảnh báo mưa lớn – Cấp I',
      description: 'Trạm Trung tâm Y tế: mưa to · đỉnh 11,1 mm/giờ · hiện 0,0 mm/giờ · đang giảm · từ 23/11/2026 07:00',
    });
    // It said 'heavy rain, 0.0 mm/hour' (the current value as if it were the warning's).
    expect(alertToastText(en, rain, 'en').description).toBe(
      'Trạm Trung tâm Y tế: heavy rain · peak 11.1 mm/h · now 0.0 mm/h · easing · since 23/11/2026 07:00',
    );
  });

  it('a fast rise is titled as one and reads as a rate, never as a level in metres', () => {
    const rise = { ...alert, kind: 'WATER_RISE' as const, level: 1, value: 169, peakValue: 169, positionText: '' };
    const text = alertToastText(vi, rise, 'vi');
    expect(text.title).toBe('Cảnh báo nước lên nhanh – Cấp I');
    expect(text.description).toBe(
      'Trạm Trung tâm Y tế: nước lên nhanh · đỉnh 169 cm/giờ · hiện 169 cm/giờ · đang lên · từ 23/11/2026 07:00',
    );
  });
});

describe('a water reading in context (#25)', () => {
  const water = (over: Partial<StationReading>) =>
    reading({
      kind: 'water',
      value: 623,
      status: 'level2',
      warningLevel1: 500,
      warningLevel2: 550,
      warningLevel3: 650,
      ...over,
    });

  it('the trend and the distance to the next alarm level, in the bulletins’ words', () => {
    expect(waterContextText(water({ trend: 'rising' }), 'vi')).toBe('↑ lên · dưới BĐ3 0,27 m');
    expect(waterContextText(water({ trend: 'falling', value: 662 }), 'vi')).toBe('↓ xuống · trên BĐ3 0,12 m');
    expect(waterContextText(water({ trend: 'steady', value: 550 }), 'en')).toBe('→ steady · at alarm level 2');
  });

  it('the map tooltip ends with it', () => {
    expect(stationTooltip(vi, water({ stationName: 'Trạm Ba Chẽ', trend: 'falling' }), 'vi')).toBe(
      'Trạm Ba Chẽ - Mực nước 6,23 m — ↓ xuống · dưới BĐ3 0,27 m',
    );
  });

  it('what it cannot say it leaves out: no trend (a gap), no levels, rain, no value, a silent station', () => {
    expect(waterContextText(water({ trend: null }), 'vi')).toBe('dưới BĐ3 0,27 m');
    expect(waterContextText(water({ warningLevel1: null, warningLevel2: null, warningLevel3: null }), 'vi')).toBeNull();
    expect(waterContextText(reading({ trend: 'rising' }), 'vi')).toBeNull();
    expect(waterContextText(water({ value: null }), 'vi')).toBeNull();
    expect(waterContextText(water({ disconnected: true, trend: 'rising' }), 'vi')).toBeNull();
    expect(waterContextText(water({ quality: 'suspect', value: 900 }), 'vi')).toBeNull();
    // A level seen once, not confirmed yet, is shown at once and said in context too.
    expect(waterContextText(water({ quality: 'unconfirmed' }), 'vi')).toBe('dưới BĐ3 0,27 m');
  });
});
