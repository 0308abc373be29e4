import type { NewsSummary } from '@flood/domain';
import { Link } from 'react-router';
import { usePublicUnit } from '../../../../lib/area/public-unit';
import { formatDistrictDateTime } from '../../../../lib/format/date';
import { NewsImage } from './news-image';
import { NEWS_FALLBACK_IMAGE, newsImageUrl } from './news-public-helpers';

interface NewsCardProps {
  item: NewsSummary;
  /** The card title's heading level under the page's headings. */
  headingLevel: 2 | 3;
  /** The picture is above the fold: load it at once. */
  eager?: boolean;
}

/**
 * One news card: picture (avatar thumbnail or the default picture), name and date. The whole card is
 * clickable through the title's link (one link per card for screen readers).
 */
export function NewsCard({ item, headingLevel, eager }: NewsCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { path } = usePublicUnit();
  return (
    <li className="news-card" data-testid={`news-card-${item.id}`}>
      <NewsImage
        src={newsImageUrl(item.avatar)}
        fallback={NEWS_FALLBACK_IMAGE}
        className="news-card-image"
        eager={eager}
      />
      <div className="news-card-body">
        <Heading className="news-card-title">
          <Link to={path(`/news/${item.id}`)} className="news-card-link">
            {item.name}
          </Link>
        </Heading>
        <time className="news-card-date" dateTime={item.date}>
          {formatDistrictDateTime(item.date)}
        </time>
      </div>
    </li>
  );
}
