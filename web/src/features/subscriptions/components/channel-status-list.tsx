import {
  type Language,
  SUBSCRIPTION_CHANNEL_LABELS,
  type SubscriptionChannel,
  type SubscriptionView,
} from '@flood/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A channel's name in the reader's language ('Tin nhắn SMS'). */
export function useChannelLabel(): (channel: SubscriptionChannel) => string {
  const { i18n } = useTranslation();
  const lang: Language = i18n.language === 'en' ? 'en' : 'vi';
  return (channel) => SUBSCRIPTION_CHANNEL_LABELS[channel][lang];
}

/**
 * The channels of a subscription: each one's name, its address masked as the server sends it, and whether it is
 * confirmed ('Đã xác nhận') or waits for its code or link ('Chờ xác nhận'); `action` adds a button per channel.
 */
export function ChannelStatusList({
  channels,
  action,
}: {
  channels: SubscriptionView['channels'];
  action?: (channel: SubscriptionChannel) => ReactNode;
}) {
  const { t } = useTranslation();
  const label = useChannelLabel();
  return (
    <ul className="sub-channel-list" data-testid="subscription-channels">
      {channels.map((item) => (
        <li key={item.channel} className="sub-channel" data-testid={`subscription-channel-${item.channel}`}>
          <span className="sub-channel-text">
            <span className="sub-channel-name">{label(item.channel)}</span>
            {item.address && <span className="sub-channel-address">{item.address}</span>}
          </span>
          <span className={item.confirmed ? 'sub-tag sub-tag-ok' : 'sub-tag sub-tag-wait'}>
            {item.confirmed ? t('subscriptions.confirmed') : t('subscriptions.pending')}
          </span>
          {action?.(item.channel)}
        </li>
      ))}
    </ul>
  );
}
