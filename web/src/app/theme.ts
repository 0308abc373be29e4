import type { ThemeConfig } from 'antd';

/** Government-portal palette: deep blue header, white cards, readable Vietnamese typography. */
export const PRIMARY = '#0b4f8a';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY,
    colorLink: PRIMARY,
    colorInfo: PRIMARY,
    borderRadius: 6,
    fontSize: 15,
    // The stack itself is defined once, in styles.css.
    fontFamily: 'var(--portal-font)',
    colorBgLayout: '#eef2f7',
  },
  components: {
    Layout: { headerBg: PRIMARY, headerPadding: '0', headerHeight: 'auto', footerBg: '#0a3a66', siderBg: '#ffffff' },
    Menu: { itemSelectedBg: '#e6f0fa', itemSelectedColor: PRIMARY },
  },
};
