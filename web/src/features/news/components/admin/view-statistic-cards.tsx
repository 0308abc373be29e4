import { EyeOutlined } from '@ant-design/icons';
import type { ViewStatistic } from '@flood/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchViewStatistic, newsKeys } from '../../api/news-api';

const PERIODS: { key: keyof ViewStatistic; label: string }[] = [
  { key: 'today', label: 'newsAdmin.statToday' },
  { key: 'week', label: 'newsAdmin.statWeek' },
  { key: 'month', label: 'newsAdmin.statMonth' },
  { key: 'year', label: 'newsAdmin.statYear' },
];

/** The four view-statistics cards of the news page (back-office §2.1): today, this week, this month, this year. */
export function ViewStatisticCards() {
  const { t, i18n } = useTranslation();
  const stats = useQuery({ queryKey: newsKeys.statistic, queryFn: fetchViewStatistic });
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'vi-VN');
  return (
    <section aria-label={t('newsAdmin.statistics')}>
      <div className="news-stats">
        {PERIODS.map(({ key, label }) => (
          <Card key={key} className="page-card news-stat" variant="borderless" data-testid={`news-stat-${key}`}>
            <div className="news-stat-label">
              <EyeOutlined aria-hidden /> {t(label)}
            </div>
            {stats.data ? (
              <div className="news-stat-value" data-testid="news-stat-value">
                {number.format(stats.data[key])}
              </div>
            ) : (
              <Skeleton.Button active size="small" className="news-stat-skeleton" />
            )}
          </Card>
        ))}
      </div>
    </section>
  );
}
