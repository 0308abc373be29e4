/** Types of SMS templates (back-office §3 SMS template). */
export const SMS_TEMPLATE_TYPES = ['FLOOD_WARNING', 'RAIN_WARNING'] as const;
export type SmsTemplateType = (typeof SMS_TEMPLATE_TYPES)[number];

export const SMS_TEMPLATE_TYPE_LABELS: Record<SmsTemplateType, { vi: string; en: string }> = {
  FLOOD_WARNING: { vi: 'Cảnh báo lũ', en: 'Flood warning' },
  RAIN_WARNING: { vi: 'Cảnh báo mưa', en: 'Rain warning' },
};

/** What each placeholder means, shown under the template field (the flood one also explains %d). */
export const SMS_TEMPLATE_HELP: Record<SmsTemplateType, { vi: string; en: string }> = {
  FLOOD_WARNING: {
    vi: 'Dùng %s cho tên trạm, %d cho cấp báo động và %f hoặc %.2f cho mực nước (m).',
    en: 'Use %s for the station name, %d for the warning level and %f or %.2f for the water level (m).',
  },
  RAIN_WARNING: {
    vi: 'Dùng %s cho tên trạm và %f hoặc %.2f cho lượng mưa (mm).',
    en: 'Use %s for the station name and %f or %.2f for the rainfall (mm).',
  },
};

/** The template save check (back-office §5): %s and one of %f / %.2f; %d is explained but not enforced. */
export function isValidSmsTemplate(text: string): boolean {
  return text.includes('%s') && (text.includes('%f') || text.includes('%.2f'));
}
export const SMS_TEMPLATE_INVALID = 'Vui lòng cập nhật lại nội dung tin nhắn theo mô tả';

/**
 * printf-style formatting of a template: %s station name, %d level, %f / %.Nf value (as a number with a dot,
 * the way SMS and APIs write numbers), %% a percent sign. Missing arguments leave the placeholder empty.
 */
export function formatSmsTemplate(
  template: string,
  args: { station: string; level?: number | null; value: number },
): string {
  return template.replace(/%(%|s|d|\.(\d)f|f)/g, (_m, spec: string, digits?: string) => {
    if (spec === '%') return '%';
    if (spec === 's') return args.station;
    if (spec === 'd') return args.level == null ? '' : String(Math.trunc(args.level));
    if (spec === 'f') return args.value.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
    return args.value.toFixed(Number(digits));
  });
}

/** The history texts of back-office §4: status and confirmation from the delivery status. */
export function smsHistoryLabels(status: string): { status: string; confirmation: string } {
  if (status === 'SUCCESS') return { status: 'THÀNH CÔNG', confirmation: 'ĐÃ XEM' };
  if (status === 'PENDING') return { status: 'ĐANG GỬI', confirmation: 'CHƯA XEM' };
  return { status: 'THẤT BẠI', confirmation: 'CHƯA XEM' };
}
