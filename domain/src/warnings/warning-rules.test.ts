import { describe, expect, it } from 'vitest';
import { contrastRatio, textOn } from '../common/colour';
import { ringProblems, touchingGroups } from '../geo/polygon-check';
import {
  areaDescription,
  severityColour,
  severityMax,
  severityName,
  severityOutline,
  severityRank,
  WARNING_KINDS,
  warningCancelSms,
  warningCapClassification,
  warningSms,
  warningStatus,
  warningUpdateSms,
} from './warning-rules';
import { WarningBodySchema } from './warnings.schemas';

const TZ = 'Asia/Ho_Chi_Minh';
const sms = {
  kind: 'flood' as const,
  severityScale: 'level' as const,
  severity: 2,
  headline: 'Lũ trên sông Ba Chẽ lên báo động 2, sơ tán các hộ ven sông',
  areaNames: ['Thanh Sơn', 'Nam Sơn'],
  expiresAt: new Date('2026-11-26T15:00:00Z'),
  url: 'https://canhbao.bache.example.vn/canh-bao/12',
  timeZone: TZ,
};

describe('severity', () => {
  it('names the levels in the bulletins’ words and the decision’s risk levels only on the risk scale', () => {
    expect(severityName('flood', 'level', 2)).toBe('Báo động 2');
    expect(severityName('heavy_rain', 'level', 2)).toBe('Mưa rất to');
    expect(severityName('flood', 'risk', 3)).toBe('Rủi ro thiên tai cấp 3');
    expect(severityName('flood', 'risk', 3, 'en')).toBe('Disaster risk level 3');
    expect(severityMax('flash_flood', 'risk')).toBe(3);
    expect(severityMax('heavy_rain', 'risk')).toBe(4);
    expect(severityMax('flood', 'level')).toBe(4);
    expect([1, 2, 3, 4].map((s) => severityRank('flood', 'level', s))).toEqual([1, 2, 3, 3]);
    expect([1, 2, 3, 4, 5].map((s) => severityRank('flood', 'risk', s))).toEqual([1, 1, 2, 3, 3]);
    // The decision's light colours get a darker outline on maps; the others are their own outline.
    expect(severityOutline('flood', 'risk', 2)).not.toBe(severityColour('flood', 'risk', 2));
    expect(severityOutline('flood', 'risk', 4)).toBe(severityColour('flood', 'risk', 4));
    // Every badge carries its words at WCAG AA (4.5:1) with the text colour chosen for it.
    for (const kind of WARNING_KINDS)
      for (const scale of ['level', 'risk'] as const)
        for (let level = 1; level <= severityMax(kind, scale); level++) {
          const colour = severityColour(kind, scale, level);
          expect(contrastRatio(colour, textOn(colour)), `${kind} ${scale} ${level}`).toBeGreaterThanOrEqual(4.5);
        }
  });

  it('classifies for CAP: severity from the rank, urgency from the effective time, Geo for landslides', () => {
    const sent = new Date('2026-11-26T03:00:00Z');
    expect(warningCapClassification('flood', 'level', 3, sent, sent, 'Alert')).toMatchObject({
      severity: 'Extreme',
      urgency: 'Immediate',
      category: 'Met',
      responseType: 'Evacuate',
    });
    const later = new Date(sent.getTime() + 6 * 3_600_000);
    expect(warningCapClassification('landslide', 'level', 1, later, sent, 'Update')).toMatchObject({
      severity: 'Moderate',
      urgency: 'Expected',
      category: 'Geo',
    });
    expect(warningCapClassification('flood', 'level', 3, sent, sent, 'Cancel').responseType).toBe('AllClear');
  });
});

describe('status', () => {
  const now = new Date('2026-11-26T03:00:00Z');
  const w = (o: Partial<Parameters<typeof warningStatus>[0]>) =>
    warningStatus(
      {
        publishedAt: now,
        cancelledAt: null,
        effectiveAt: '2026-11-26T02:00:00Z',
        expiresAt: '2026-11-26T05:00:00Z',
        ...o,
      },
      now,
    );
  it('draft, scheduled, active, expired, cancelled', () => {
    expect(w({ publishedAt: null })).toBe('draft');
    expect(w({})).toBe('active');
    expect(w({ effectiveAt: '2026-11-26T04:00:00Z' })).toBe('scheduled');
    expect(w({ expiresAt: '2026-11-26T03:00:00Z' })).toBe('expired');
    expect(w({ cancelledAt: now })).toBe('cancelled');
  });
});

describe('messages', () => {
  const gsm = /^[\x20-\x7e]+$/;
  it('a warning SMS is one GSM-7 segment with what, where, until when and the link', () => {
    const text = warningSms(sms);
    expect(text).toBe(
      'CANH BAO LU (Bao dong 2) Thanh Son, Nam Son: Lu tren song Ba Che len bao dong 2, so tan cac ho. Den 22:00 26/11. https://canhbao.bache.example.vn/canh-bao/12',
    );
    expect(text.length).toBeLessThanOrEqual(160);
  });
  it('cuts the headline, never the link, and counts the communes when they do not fit', () => {
    const long = warningSms({
      ...sms,
      headline: 'Lũ rất lớn '.repeat(20),
      areaNames: [
        'Thanh Sơn',
        'Nam Sơn',
        'Đồn Đạc',
        'Thanh Lâm',
        'Đạp Thanh',
        'Lương Minh',
        'Ba Chẽ',
        'Minh Cầm',
        'Lương Mông',
      ],
    });
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(gsm);
    expect(long.endsWith('https://canhbao.bache.example.vn/canh-bao/12')).toBe(true);
    expect(long).toContain('9 xa:');
    expect(long).toMatch(/Lu rat lon. Den 22:00 26\/11\./);
  });
  it('update and cancel messages say so', () => {
    expect(warningUpdateSms({ ...sms, severity: 3 })).toMatch(
      /^CAP NHAT CANH BAO LU \(Bao dong 3\) Thanh Son, Nam Son:/,
    );
    const cancel = warningCancelSms({ ...sms, reason: 'Nước đã rút dưới báo động 1' });
    expect(cancel).toBe(
      'HUY CANH BAO LU Thanh Son, Nam Son: Nuoc da rut duoi bao dong 1. https://canhbao.bache.example.vn/canh-bao/12',
    );
    expect(warningSms({ ...sms, url: '' }).endsWith('Den 22:00 26/11.')).toBe(true);
  });
  it('areaDesc stays under 50 characters', () => {
    expect(areaDescription(['Thanh Sơn', 'Nam Sơn'], 'Quảng Ninh')).toBe('Thanh Sơn, Nam Sơn – Quảng Ninh');
    const many = areaDescription(['Thanh Sơn', 'Nam Sơn', 'Đồn Đạc', 'Thanh Lâm', 'Đạp Thanh'], 'Quảng Ninh');
    expect(many).toBe('5 xã – Quảng Ninh');
    expect(areaDescription([], 'Quảng Ninh')).toBe('Vùng khoanh trên bản đồ – Quảng Ninh');
  });
});

describe('polygons', () => {
  it('finds an open ring, a crossing, too many decimals', () => {
    const square = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    expect(ringProblems(square)).toEqual([]);
    expect(ringProblems(square.slice(0, 4))).toEqual(['not-closed']);
    const bowtie = [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    expect(ringProblems(bowtie)).toEqual(['self-crossing']);
    expect(
      ringProblems([
        [0, 0],
        [1.1234567, 0],
        [1, 1],
        [0, 0],
      ]),
    ).toEqual(['too-many-decimals']);
    expect(
      ringProblems([
        [0, 0],
        [1, 0],
        [0, 0],
      ]),
    ).toEqual(['too-few-points']);
  });
  it('groups touching items', () => {
    const near = (a: number, b: number) => Math.abs(a - b) === 1;
    expect(touchingGroups([1, 2, 5, 3, 7, 6], near)).toEqual([
      [1, 2, 3],
      [5, 7, 6],
    ]);
  });
});

describe('the composer’s schema', () => {
  const base = {
    kind: 'flood',
    communes: ['06973'],
    severity: 2,
    headlineVi: 'Lũ',
    descriptionVi: 'Mô tả',
    instructionVi: 'Hướng dẫn',
    effectiveAt: '2026-11-26T10:00:00+07:00',
    expiresAt: '2026-11-26T22:00:00+07:00',
  };
  const fields = (o: Record<string, unknown>) => {
    const r = WarningBodySchema.safeParse({ ...base, ...o });
    return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
  };
  it('accepts a plain warning and defaults the channels to banner and CAP', () => {
    const r = WarningBodySchema.parse(base);
    expect(r.channels).toEqual(['banner', 'cap']);
    expect(r.severityScale).toBe('level');
  });
  it('refuses both area forms, a risk level without the bulletin’s source, a level past the scale', () => {
    expect(
      fields({
        polygon: [
          [107.2, 21.3],
          [107.3, 21.3],
          [107.3, 21.35],
          [107.2, 21.3],
        ],
      }),
    ).toContain('polygon');
    expect(fields({ severityScale: 'risk', severity: 2 })).toContain('source');
    expect(fields({ severityScale: 'risk', severity: 2, source: 'Đài KTTV tỉnh Quảng Ninh' })).toEqual([]);
    expect(fields({ kind: 'flash_flood', severityScale: 'risk', severity: 4, source: 'Đài KTTV' })).toContain(
      'severity',
    );
  });
});
