import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { type FileStorage, newStorageKey } from '../../lib/storage';
import { insertUploadedFile } from '../files/files.repository';
import { minimalPdf } from './news.pdf';
import { countNews, insertNews } from './news.repository';
import { sanitizeNewsHtml } from './news.sanitize';

const HOUR = 3_600_000;

/** Demo news (DEMO on): invented warnings and activities of Ba Chẽ district, marked 'minh hoạ'. */
export const DEMO_NEWS = [
  {
    type: 'WARNING',
    name: 'Cảnh báo lũ trên sông Ba Chẽ (tin minh hoạ)',
    sapo: 'Mực nước tại trạm đối diện Trung tâm Y tế huyện vượt mức báo động II.',
    content:
      '<p>Do mưa lớn kéo dài, mực nước sông Ba Chẽ đang lên nhanh. Người dân ven sông <strong>không đi qua ngầm, tràn</strong> khi nước chảy xiết.</p><ul><li>Di chuyển tài sản lên cao.</li><li>Theo dõi thông báo của Ban chỉ huy PCTT huyện.</li></ul>',
    hoursAgo: 3,
  },
  {
    type: 'WARNING',
    name: 'Cảnh báo mưa lớn diện rộng 24 giờ tới (tin minh hoạ)',
    sapo: 'Lượng mưa phổ biến 50–100 mm, có nơi trên 150 mm.',
    content: '<p>Nguy cơ lũ quét, sạt lở đất tại các xã vùng cao. Các thôn cần rà soát điểm sơ tán.</p>',
    hoursAgo: 20,
  },
  {
    type: 'NORMAL',
    name: 'Diễn tập phòng chống thiên tai tại xã Thanh Sơn (tin minh hoạ)',
    sapo: 'Hơn 200 người tham gia diễn tập sơ tán dân khỏi vùng ngập.',
    content: '<p>Buổi diễn tập có sự tham gia của lực lượng quân sự, công an và y tế xã.</p>',
    hoursAgo: 48,
  },
  {
    type: 'NORMAL',
    name: 'Kiểm tra công tác chuẩn bị mùa mưa bão (tin minh hoạ)',
    sapo: 'Đoàn công tác của huyện kiểm tra hồ đập và các tuyến đê.',
    content: '<p>Đoàn đã kiểm tra hồ chứa nước Khe Mằn và yêu cầu vận hành đúng quy trình.</p>',
    hoursAgo: 96,
  },
] as const;

const DEMO_DOCUMENTS = [
  {
    name: 'Công điện về việc ứng phó mưa lũ (văn bản minh hoạ)',
    sapo: 'Yêu cầu các xã triển khai phương án ứng phó mưa lũ.',
    file: 'Cong-dien-ung-pho-mua-lu_minh-hoa.pdf',
    lines: ['CONG DIEN (van ban minh hoa)', 'Ve viec ung pho mua lu tren dia ban huyen Ba Che.', 'Du lieu minh hoa.'],
    hoursAgo: 10,
  },
  {
    name: 'Kế hoạch phòng chống thiên tai năm 2026 (văn bản minh hoạ)',
    sapo: 'Kế hoạch phòng chống thiên tai và tìm kiếm cứu nạn của huyện.',
    file: 'Ke-hoach-PCTT-2026_minh-hoa.pdf',
    lines: ['KE HOACH (van ban minh hoa)', 'Phong chong thien tai va tim kiem cuu nan nam 2026.', 'Du lieu minh hoa.'],
    hoursAgo: 72,
  },
];

const ABOUT =
  '<h2>Cổng cảnh báo sớm lũ, mưa huyện Ba Chẽ</h2><p>Cổng thông tin cung cấp số liệu mưa, mực nước theo thời gian thực, tin cảnh báo và văn bản chỉ đạo phòng chống thiên tai của huyện.</p><p><em>Nội dung minh hoạ.</em></p>';

/** Seeds the demo news once (only while the news table is empty); returns how many items were written. */
export async function seedDemoNews(deps: { db: Db; storage: FileStorage; now: Date }): Promise<number> {
  const { db, storage, now } = deps;
  if ((await countNews(db)) > 0) return 0;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const base = { author: 'Ban chỉ huy PCTT huyện', avatar: null, status: 'PUBLISH' as const, userId: null, demo: true };
  const documents: { d: (typeof DEMO_DOCUMENTS)[number]; storageKey: string; size: number }[] = [];
  for (const d of DEMO_DOCUMENTS) {
    const data = minimalPdf(d.lines);
    const storageKey = newStorageKey('pdf');
    await storage.put(storageKey, data);
    documents.push({ d, storageKey, size: data.length });
  }
  return db.transaction(async (tx) => {
    let n = 0;
    for (const item of DEMO_NEWS) {
      await insertNews(tx, {
        ...base,
        name: item.name,
        sapo: item.sapo,
        content: sanitizeNewsHtml(item.content),
        files: [],
        type: item.type,
        date: at(item.hoursAgo),
      });
      n++;
    }
    for (const { d, storageKey, size } of documents) {
      const file = await insertUploadedFile(tx, {
        id: randomBytes(16).toString('hex'),
        storageKey,
        thumbnailKey: null,
        name: d.file,
        mime: 'application/pdf',
        size,
        userId: null,
      });
      await insertNews(tx, {
        ...base,
        name: d.name,
        sapo: d.sapo,
        content: `<p>${d.sapo}</p>`,
        files: [`/api/files/${file.id}`],
        type: 'DOCUMENT',
        date: at(d.hoursAgo),
      });
      n++;
    }
    await insertNews(tx, {
      ...base,
      name: 'Giới thiệu',
      sapo: null,
      content: sanitizeNewsHtml(ABOUT),
      files: [],
      type: 'GIOI_THIEU',
      date: at(24 * 30),
    });
    return n + 1;
  });
}
