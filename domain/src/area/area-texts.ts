import { SMS_SEGMENT_CHARS, toGsm7 } from '../alerts/sms-template';
import { type AreaSettings, type AreaUnit, UNIT_TYPE_LABELS } from './area.schemas';

/** The first letter in upper case ('huyện Ba Chẽ' → 'Huyện Ba Chẽ'). */
const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase('vi') + s.slice(1);

/**
 * Every text that names the area, made from its settings in one place (#26 point 1): the page shell, the header and
 * footer, the CAP sender, the SMS and the e-mail. The SMS ones are unaccented GSM-7 (one segment).
 */
export function areaTexts(a: AreaSettings) {
  const portalNameEn = a.portalNameEn || toGsm7(a.portalName);
  const areaNameEn = a.areaNameEn || toGsm7(a.areaName);
  const operatorEn = a.operatorEn || toGsm7(a.operator);
  return {
    /** The page title and the header's name. */
    portalName: a.portalName,
    portalNameEn,
    /** The page's meta description. */
    description: `Cổng thông tin cảnh báo sớm lũ, mưa ${a.areaName}, tỉnh ${a.province}`,
    descriptionEn: `Flood and rain early-warning portal of ${areaNameEn}, ${toGsm7(a.province)} province`,
    /** The installed app's names and description (manifest.webmanifest). */
    appName: `Cảnh báo lũ ${a.shortName}`,
    appShortName: `Lũ ${a.shortName}`,
    appDescription: `Cổng thông tin cảnh báo sớm lũ, mưa ${a.areaName}, tỉnh ${a.province}: số liệu mới nhất, cảnh báo và đường tới điểm sơ tán, cả khi mất mạng.`,
    /** The footer: the area, the operator with the province, the copyright. */
    footerArea: capitalise(a.areaName),
    footerAreaEn: capitalise(areaNameEn),
    owner: `${a.operator}, tỉnh ${a.province}`,
    ownerEn: `${operatorEn}, ${toGsm7(a.province)} Province`,
    copyright: (year: number) => `© ${year} ${a.operator}. Bảo lưu mọi quyền.`,
    copyrightEn: (year: number) => `© ${year} ${operatorEn}. All rights reserved.`,
    /** The CAP messages' sender name. */
    capSender: {
      vi: `Cổng cảnh báo lũ, mưa ${a.areaName}`,
      en: `${capitalise(areaNameEn)} flood and rain warning portal`,
    },
    /** How an e-mail names the portal, and the subject of a warning's e-mail. */
    emailPortal: `Cổng cảnh báo lũ ${a.shortName}`,
    warningSubject: `Cảnh báo lũ, mưa – ${a.areaName}`,
    /** The SMS of a staff member's phone code (one GSM-7 segment). */
    staffPhoneCodeSms: (code: string, minutes: number) =>
      `Ma xac thuc ${toGsm7(`Cổng cảnh báo lũ ${a.shortName}`)}: ${code}. Ma co hieu luc trong ${minutes} phut. Khong chia se ma nay.`,
    /** The SMS of a resident's sign-up code (#24). */
    subscriberPhoneCodeSms: (code: string, minutes: number) =>
      `Ma xac nhan dang ky nhan canh bao lu ${toGsm7(a.shortName)}: ${code}. Hieu luc ${minutes} phut. Khong chia se ma nay.`,
    /** The SMS inviting a number staff imported (#24): `place` the commune's full name. */
    inviteSms: (place: string, code: string, link: string) => {
      const text = (about: string) =>
        `UBND ${toGsm7(place)} dang ky so nay nhan canh bao lu${about}. Dong y: nhap ma ${code} tai ${link}. Khong dong y: bo qua tin nay.`;
      // A long commune and area name: the area left out (the commune's committee already says who writes).
      const whole = text(` ${toGsm7(a.shortName)}`);
      return whole.length <= SMS_SEGMENT_CHARS ? whole : text('');
    },
    /** The e-mail confirming a resident's address (#24). */
    confirmEmail: (link: string, hours: number) => ({
      subject: `Xác nhận đăng ký nhận cảnh báo lũ – ${a.shortName}`,
      body: `Chào bạn,\n\nĐể nhận cảnh báo lũ, mưa của Cổng cảnh báo lũ ${a.shortName} qua thư điện tử, hãy mở liên kết sau (có hiệu lực ${hours} giờ):\n${link}\n\nNếu bạn không đăng ký, hãy bỏ qua thư này.`,
    }),
    areaName: a.areaName,
    areaNameEn,
    /** The maps' labels for screen readers. */
    mapLabel: `Bản đồ cảnh báo lũ, mưa ${a.areaName}`,
    mapLabelEn: `Flood and rain warning map of ${areaNameEn}`,
  };
}
export type AreaTexts = ReturnType<typeof areaTexts>;

/** A unit's full name ('Xã Kỳ Thượng', 'Thị trấn Ba Chẽ'). */
export function unitFullName(u: Pick<AreaUnit, 'name' | 'type'>): string {
  return `${UNIT_TYPE_LABELS[u.type].vi} ${u.name}`;
}
